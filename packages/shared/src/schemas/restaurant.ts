import { z } from 'zod'
import { messages } from '../messages/bs.ts'
import { restaurant } from '../messages/bs/restaurant.ts'
import { recordVersion } from './record-version.ts'
import { namedEntityFields, timestampFields } from './record-fields.ts'
import { hasNoNul, optionalText, optionalWebAddress, requiredText, toNumber } from './taxonomy.ts'

const text = restaurant.validation

const MAX_LIST_ENTRIES = 50
const MAX_ENTRY_LENGTH = 100

/**
 * An ingredients or allergens list: entries trimmed, blanks and repeats (ignoring case) dropped,
 * in the order they were given. The form adds entries with Enter or a comma (see addListEntries).
 */
export function cleanList(entries: readonly string[]): string[] {
  const seen = new Set<string>()
  const kept: string[] = []
  for (const entry of entries) {
    const trimmed = entry.trim()
    const key = trimmed.toLocaleLowerCase('bs')
    if (trimmed === '' || seen.has(key)) continue
    seen.add(key)
    kept.push(trimmed)
  }
  return kept
}

/** The list after typing `typed` into its field: every comma-separated part becomes an entry. */
export function addListEntries(list: readonly string[], typed: string): string[] {
  return cleanList([...list, ...typed.split(',')])
}

const list = z
  .array(
    z
      .string({ error: messages.common.validationFailed })
      .max(MAX_ENTRY_LENGTH, text.textTooLong)
      .refine(hasNoNul, messages.admin.invalidCharacters),
    { error: messages.common.validationFailed },
  )
  .transform(cleanList)
  .refine((entries) => entries.length <= MAX_LIST_ENTRIES, text.listTooLong)

const categoryId = z.preprocess((value) => value || null, z.guid({ error: text.categoryInvalid }).nullable())

const menuItemFields = z.object({
  name: requiredText(text.nameRequired, 200, text.textTooLong),
  description: optionalText(2_000, text.textTooLong),
  price: z.preprocess(
    toNumber,
    z
      .number({ error: text.pricePositive })
      .positive(text.pricePositive)
      .max(1_000_000, text.pricePositive)
      .transform((price) => Math.round(price * 100) / 100),
  ),
  image: optionalWebAddress(text.imageUrlInvalid),
  isAvailable: z.boolean({ error: messages.common.validationFailed }),
  categoryId,
  ingredients: list,
  allergens: list,
  featured: z.boolean({ error: messages.common.validationFailed }),
})

/**
 * POST /api/restaurant/menu and the item form (staff-and-content.md §3, §5 Restaurant menu): name
 * required, price a positive number (rounded to the fen); left out, an item is available, not
 * featured, without category, image, ingredients or allergens.
 */
export const menuItemInput = menuItemFields
  .partial({
    description: true,
    image: true,
    isAvailable: true,
    categoryId: true,
    ingredients: true,
    allergens: true,
    featured: true,
  })
  .transform((item) => ({
    name: item.name,
    description: item.description ?? null,
    price: item.price,
    image: item.image ?? null,
    isAvailable: item.isAvailable ?? true,
    categoryId: item.categoryId ?? null,
    ingredients: item.ingredients ?? [],
    allergens: item.allergens ?? [],
    featured: item.featured ?? false,
  }))

/** PATCH /api/restaurant/menu/{id}: any of the fields; a field left out keeps its value. */
export const menuItemPatch = menuItemFields.partial()

/** POST and PUT /api/restaurant/categories (§7 category payload: name, description, parentId). */
export const menuCategoryInput = z
  .object({
    name: requiredText(text.categoryNameRequired, 200, text.textTooLong),
    description: optionalText(2_000, text.textTooLong),
    parentId: z.preprocess((value) => value || null, z.guid({ error: text.parentInvalid }).nullable()).optional(),
  })
  .transform((category) => ({
    name: category.name,
    description: category.description ?? null,
    parentId: category.parentId ?? null,
  }))

export type MenuItemInput = z.input<typeof menuItemInput>
export type MenuItemValues = z.output<typeof menuItemInput>
export type MenuItemPatch = z.output<typeof menuItemPatch>
export type MenuCategoryInput = z.input<typeof menuCategoryInput>
export type MenuCategoryValues = z.output<typeof menuCategoryInput>

/** A menu item as the API answers it (§3 Restaurant menu item). */
export const menuItemView = z.object({
  ...namedEntityFields,
  price: z.number(),
  image: z.string().nullable(),
  isAvailable: z.boolean(),
  categoryId: z.string().nullable(),
  ingredients: z.array(z.string()),
  allergens: z.array(z.string()),
  featured: z.boolean(),
  ...timestampFields,
  /** docs/decisions.md ('Edits that never overwrite each other'): the version a staff edit sends back. */
  version: recordVersion,
})
export type MenuItem = z.infer<typeof menuItemView>

/** A restaurant category as the API answers it (§3 Restaurant category); parentId null for a main category. */
export const menuCategoryView = z.object({ ...namedEntityFields, parentId: z.string().nullable(), ...timestampFields })
export type MenuCategory = z.infer<typeof menuCategoryView>
