import { z } from 'zod'
import { format, messages } from '../messages/bs.ts'
import { roundMoney } from '../rules/money.ts'
import { effectivePriceFloor, isBelowFloor } from '../rules/price-floor.ts'
import { formatKm } from '../rules/order-limits.ts'
import { DEFAULT_UNIT, UNITS, type Unit } from '../rules/units.ts'
import { isWeightKg } from '../rules/parcel-weight.ts'
import type { sizeStockEntry } from './catalogue.ts'
import { boundedText, hasNoNul, isWebAddress, optionalText, requiredText, toNumber } from './taxonomy.ts'

const text = messages.admin.product

/** numeric(12,2) holds at most this much. */
export const MAX_MONEY = 9_999_999_999.99
export const MAX_STOCK = 1_000_000_000
export const MAX_PRODUCT_IMAGES = 30
/** The largest daily cap per buyer staff may give one product. */
export const MAX_PER_BUYER_PER_DAY = 100_000

/** One option ('size') of a product as the API answers it to staff (staff-and-content.md §3 Product). */
export type SizeStockEntry = z.infer<typeof sizeStockEntry> & { wholesale_price: number | null }

/** An option just added in the form: its price is the product's, which may still be empty. */
export type NewOption = Omit<SizeStockEntry, 'price'> & { price: number | null }

// Rounded once, before any comparison, so that 0.004 counts as 0 as it will in numeric(12,2).
function toMoney(value: unknown): unknown {
  const number = toNumber(value)
  return typeof number === 'number' ? roundMoney(number) : number
}

// null and '' clear an optional price; a missing key keeps the saved one (PATCH).
function toOptionalMoney(value: unknown): unknown {
  if (value === null || value === '' || (typeof value === 'number' && Number.isNaN(value))) return null
  return toMoney(value)
}

// '' and null clear a weight (not known); a decimal comma is read like the price fields'.
function toOptionalWeight(value: unknown): unknown {
  if (value === null || value === '' || (typeof value === 'number' && Number.isNaN(value))) return null
  return toNumber(value)
}

function isPositiveMoney(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= MAX_MONEY
}

function isStock(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_STOCK
}

function optionalMoney(invalid: string) {
  return z.preprocess(
    toOptionalMoney,
    z.number({ error: invalid }).positive(invalid).max(MAX_MONEY, text.priceTooHigh).nullable().optional(),
  )
}

// '' and null clear the cap (the shop's default applies); a missing key keeps the saved one (PATCH).
const maxPerBuyerPerDay = z.preprocess(
  (value) => (value === '' || (typeof value === 'number' && Number.isNaN(value)) ? null : toNumber(value)),
  z
    .number({ error: format(text.maxPerBuyerPerDayInvalid, { max: MAX_PER_BUYER_PER_DAY }) })
    .int(format(text.maxPerBuyerPerDayInvalid, { max: MAX_PER_BUYER_PER_DAY }))
    .min(1, format(text.maxPerBuyerPerDayInvalid, { max: MAX_PER_BUYER_PER_DAY }))
    .max(MAX_PER_BUYER_PER_DAY, format(text.maxPerBuyerPerDayInvalid, { max: MAX_PER_BUYER_PER_DAY }))
    .nullable()
    .optional(),
)

const productImage = z.object({
  url: z
    .string({ error: text.imageUrlInvalid })
    .trim()
    .max(2000, text.imageUrlInvalid)
    .refine(isWebAddress, text.imageUrlInvalid),
  is_primary: z.boolean({ error: messages.common.validationFailed }).optional(),
})

const specification = z
  .object({
    name: z
      .string({ error: text.specificationIncomplete })
      .trim()
      .max(200, text.textTooLong)
      .refine(hasNoNul, messages.admin.invalidCharacters),
    value: z
      .string({ error: text.specificationIncomplete })
      .trim()
      .max(2000, text.textTooLong)
      .refine(hasNoNul, messages.admin.invalidCharacters),
  })
  .refine((entry) => entry.name !== '' && entry.value !== '', text.specificationIncomplete)

/**
 * One option as sent. Its numbers are checked in `readOption`, where the option's name is known,
 * because every option message names the option (staff-and-content.md §5).
 */
const optionFields = z.object({
  size: requiredText(text.optionNameRequired, 100, text.textTooLong),
  customId: boundedText(100, text.textTooLong)
    .nullable()
    .optional()
    .transform((value) => value || null),
  stock: z.preprocess(toNumber, z.unknown()),
  infinite: z.boolean({ error: messages.common.validationFailed }).optional(),
  price: z.preprocess(toMoney, z.unknown()),
  discount_price: z.preprocess(toOptionalMoney, z.unknown()),
  wholesale_price: z.preprocess(toOptionalMoney, z.unknown()),
  weight_kg: z.preprocess(toOptionalWeight, z.unknown()),
})

type OptionFields = z.output<typeof optionFields>

function readOption(option: OptionFields, ctx: z.RefinementCtx, path: (string | number)[]): SizeStockEntry | null {
  const size = option.size
  const infinite = option.infinite ?? false
  const fail = (message: string, field: string) => {
    ctx.addIssue({ code: 'custom', message: format(message, { size }), path: [...path, field] })
    return null
  }
  if (!infinite && !isStock(option.stock)) return fail(text.optionStockInvalid, 'stock')
  if (!isPositiveMoney(option.price)) return fail(text.optionPriceInvalid, 'price')
  const price = option.price
  const discount = option.discount_price ?? null
  const wholesale = option.wholesale_price ?? null
  if (discount !== null && !isPositiveMoney(discount)) return fail(text.optionDiscountPriceInvalid, 'discount_price')
  if (discount !== null && discount >= price) return fail(text.optionDiscountPriceNotLower, 'discount_price')
  if (wholesale !== null && !isPositiveMoney(wholesale))
    return fail(text.optionWholesalePriceInvalid, 'wholesale_price')
  if (wholesale !== null && wholesale >= price) return fail(text.optionWholesalePriceNotLower, 'wholesale_price')
  const weight = option.weight_kg ?? null
  if (weight !== null && !isWeightKg(weight)) return fail(text.optionWeightInvalid, 'weight_kg')
  return {
    size,
    customId: option.customId ?? null,
    // An option with infinite stock keeps a valid stock number, never a rejected one.
    stock: isStock(option.stock) ? option.stock : 0,
    infinite,
    price,
    discount_price: discount,
    wholesale_price: wholesale,
    weight_kg: weight,
  }
}

/**
 * The fields of the product form (staff-and-content.md §2 Products admin, §7 payload). Every field
 * but the required ones may be left out, so that PATCH can send only what changed; `productForm`
 * then checks the whole product. is_discounted and is_wholesale are the form's switches: they are
 * checked (a switched-on price must be filled in) but never stored.
 */
export const productFields = z.object({
  customId: requiredText(text.codeRequired, 100, text.textTooLong),
  name: requiredText(text.nameRequired, 300, text.textTooLong),
  description: optionalText(20_000, text.textTooLong),
  short_description: optionalText(2_000, text.textTooLong),
  price: z.preprocess(
    toMoney,
    z.number({ error: text.priceInvalid }).positive(text.priceInvalid).max(MAX_MONEY, text.priceTooHigh),
  ),
  discount_price: optionalMoney(text.discountPriceInvalid),
  wholesale_price: optionalMoney(text.wholesalePriceInvalid),
  /** docs/decisions.md, 'Money rules': the owner's floor; null means the wholesale price, where one exists. */
  price_floor: optionalMoney(text.priceFloorInvalid),
  /** docs/decisions.md, 'Order limits and suspicious orders': pieces one buyer may order a day; null = the shop's. */
  max_per_buyer_per_day: maxPerBuyerPerDay,
  /** docs/decisions.md, 'Units of measure and lines without a limit'. */
  unit: z.enum(UNITS, { error: text.unitInvalid }).optional(),
  no_line_limit: z.boolean({ error: messages.common.validationFailed }).optional(),
  /** docs/decisions.md, 'Product weights and shipping by weight': kg, at most three decimals; null = not known. */
  weight_kg: z.preprocess(
    toOptionalWeight,
    z
      .number({ error: text.weightInvalid })
      .refine((value) => isWeightKg(value), text.weightInvalid)
      .nullable()
      .optional(),
  ),
  is_discounted: z.boolean({ error: messages.common.validationFailed }).optional(),
  is_wholesale: z.boolean({ error: messages.common.validationFailed }).optional(),
  categoryId: z.preprocess((value) => value || undefined, z.guid({ error: text.categoryRequired })),
  brandId: z.preprocess((value) => value || null, z.guid({ error: text.brandInvalid }).nullable()).optional(),
  images: z.array(productImage, { error: text.imageUrlInvalid }).max(MAX_PRODUCT_IMAGES, text.tooManyImages).optional(),
  stock: z.preprocess(toNumber, z.unknown()),
  infinite_stock: z.boolean({ error: messages.common.validationFailed }).optional(),
  has_sizes: z.boolean({ error: messages.common.validationFailed }).optional(),
  sizes: z
    .array(boundedText(100, text.textTooLong), {
      error: messages.common.validationFailed,
    })
    .optional(),
  size_stock: z.array(optionFields, { error: text.optionRequired }).max(200).optional(),
  featured: z.boolean({ error: messages.common.validationFailed }).optional(),
  recommended: z.boolean({ error: messages.common.validationFailed }).optional(),
  specifications: z.array(specification, { error: text.specificationIncomplete }).max(100).optional(),
})

export type ProductFieldsOutput = z.output<typeof productFields>

/** What the server stores: every field present, prices rounded, options and images normalised. */
export type ProductValues = {
  customId: string
  name: string
  description: string | null
  short_description: string | null
  price: number
  discount_price: number | null
  wholesale_price: number | null
  price_floor: number | null
  max_per_buyer_per_day: number | null
  unit: Unit
  no_line_limit: boolean
  weight_kg: number | null
  categoryId: string
  brandId: string | null
  images: { url: string; is_primary: boolean }[]
  stock: number
  infinite_stock: boolean
  has_sizes: boolean
  sizes: string[]
  size_stock: SizeStockEntry[]
  featured: boolean
  recommended: boolean
  specifications: { name: string; value: string }[]
}

function checkProduct(product: ProductFieldsOutput, ctx: z.RefinementCtx): ProductValues {
  let failed = false
  const issue = (message: string, field: string) => {
    failed = true
    ctx.addIssue({ code: 'custom', message, path: [field] })
  }
  const price = product.price
  const discount = product.discount_price ?? null
  const wholesale = product.wholesale_price ?? null
  if (product.is_discounted === true && discount === null) issue(text.discountPriceInvalid, 'discount_price')
  if (discount !== null && discount >= price) issue(text.discountPriceNotLower, 'discount_price')
  if (product.is_wholesale === true && wholesale === null) issue(text.wholesalePriceInvalid, 'wholesale_price')
  if (wholesale !== null && wholesale >= price) issue(text.wholesalePriceNotLower, 'wholesale_price')
  const ownFloor = product.price_floor ?? null
  if (!failed) checkFloor({ price, discount, wholesale, size: null }, ownFloor, issue)

  const hasSizes = product.has_sizes ?? false
  const infiniteStock = product.infinite_stock ?? false
  const stock = product.stock
  // §5: finite stock without options must be present and not negative; otherwise a given stock
  // must still be a valid number, because the products table keeps it.
  if ((!hasSizes && !infiniteStock) || stock !== undefined) {
    if (!isStock(stock)) issue(text.stockInvalid, 'stock')
  }

  let options: SizeStockEntry[] = []
  if (hasSizes) {
    const read = (product.size_stock ?? []).map((option, index) => readOption(option, ctx, ['size_stock', index]))
    options = read.filter((option): option is SizeStockEntry => option !== null)
    if (options.length < read.length) failed = true
    else {
      const labels = (product.sizes ?? []).join('\n')
      const withLabels = addOptionLabels(options, labels, { customId: product.customId, price })
      // Labels sent only in `sizes` become options with the product's price (§5: a new option).
      options = withLabels.map((option) => ({ ...option, price: option.price ?? price }))
      const duplicate = findDuplicateOption(options)
      if (duplicate) issue(format(text.optionDuplicate, { size: duplicate }), 'size_stock')
      if (options.length === 0) issue(text.optionRequired, 'size_stock')
      for (const option of options) {
        if (failed) break
        const prices = { price: option.price, discount: option.discount_price, wholesale: option.wholesale_price }
        checkFloor({ ...prices, size: option.size }, ownFloor, issue)
      }
    }
  }
  if (failed) return z.NEVER

  return {
    customId: product.customId,
    name: product.name,
    description: product.description ?? null,
    short_description: product.short_description ?? null,
    price,
    discount_price: discount,
    wholesale_price: wholesale,
    price_floor: ownFloor,
    max_per_buyer_per_day: product.max_per_buyer_per_day ?? null,
    unit: product.unit ?? DEFAULT_UNIT,
    no_line_limit: product.no_line_limit ?? false,
    weight_kg: product.weight_kg ?? null,
    categoryId: product.categoryId,
    brandId: product.brandId ?? null,
    images: normaliseImages(product.images ?? []),
    stock: isStock(stock) ? stock : 0,
    infinite_stock: infiniteStock,
    has_sizes: hasSizes,
    sizes: options.map((option) => option.size),
    size_stock: options,
    featured: product.featured ?? false,
    recommended: product.recommended ?? false,
    specifications: product.specifications ?? [],
  }
}

const FLOOR_MESSAGES = {
  product: [text.priceBelowFloor, text.discountPriceBelowFloor, text.wholesalePriceBelowFloor],
  option: [text.optionPriceBelowFloor, text.optionDiscountPriceBelowFloor, text.optionWholesalePriceBelowFloor],
} as const

export type FloorViolation = { field: 'price' | 'discount_price' | 'wholesale_price'; message: string }

/**
 * docs/decisions.md, 'Money rules': no price of the product (or of an option) below its floor, the
 * owner's own or else the wholesale price; the message names the floor (and the option). The form, the
 * spreadsheet import and the bulk price change all ask this. Staff lower the floor below the wholesale
 * price to allow a sale below it.
 */
export function findFloorViolation(
  prices: { price: number; discount: number | null; wholesale: number | null; size: string | null },
  ownFloor: number | null,
): FloorViolation | null {
  const floor = effectivePriceFloor(ownFloor, prices.wholesale)
  const [priceMessage, discountMessage, wholesaleMessage] = FLOOR_MESSAGES[prices.size === null ? 'product' : 'option']
  const named = (message: string) => format(message, { floor: formatKm(floor), size: prices.size ?? '' })
  if (isBelowFloor(prices.price, floor)) return { field: 'price', message: named(priceMessage) }
  if (prices.discount !== null && isBelowFloor(prices.discount, floor))
    return { field: 'discount_price', message: named(discountMessage) }
  if (prices.wholesale !== null && isBelowFloor(prices.wholesale, floor))
    return { field: 'wholesale_price', message: named(wholesaleMessage) }
  return null
}

function checkFloor(
  prices: { price: number; discount: number | null; wholesale: number | null; size: string | null },
  ownFloor: number | null,
  issue: (message: string, field: string) => void,
): void {
  const violation = findFloorViolation(prices, ownFloor)
  if (violation) issue(violation.message, prices.size === null ? violation.field : 'size_stock')
}

/**
 * The product form and the body of POST /api/products (PATCH merges its fields over the saved
 * product and checks the result with this same schema).
 */
export const productForm = productFields.transform((product, ctx) => checkProduct(product, ctx))

/** PATCH /api/products/{id}: any of the fields, checked again as a whole after merging. */
export const productPatch = productFields.partial()

export type ProductFormInput = z.input<typeof productForm>
export type ProductPatch = z.output<typeof productPatch>

/** One primary image: the first marked one, else the first image (§5: the first upload is primary). */
export function normaliseImages(images: readonly { url: string; is_primary?: boolean | undefined }[]) {
  const primary = Math.max(
    0,
    images.findIndex((image) => image.is_primary === true),
  )
  return images.map((image, index) => ({ url: image.url, is_primary: index === primary }))
}

function findDuplicateOption(options: readonly { size: string }[]): string | null {
  const seen = new Set<string>()
  for (const option of options) {
    const key = option.size.toLowerCase()
    if (seen.has(key)) return option.size
    seen.add(key)
  }
  return null
}

/**
 * §2: the switches 'discounted' and 'wholesale' are not sent; on edit the form derives them from
 * whether the corresponding price exists.
 */
export function deriveSwitches(product: {
  discount_price?: number | null | undefined
  wholesale_price?: number | null | undefined
}): { is_discounted: boolean; is_wholesale: boolean } {
  return {
    is_discounted: product.discount_price !== null && product.discount_price !== undefined,
    is_wholesale: product.wholesale_price !== null && product.wholesale_price !== undefined,
  }
}

/**
 * §5: 'Proizvod sa šifrom "{code}" već postoji!' when another product has the code; the product
 * being edited is ignored. Codes compare as the server's unique index does (trimmed, exact).
 */
export function findDuplicateCode(
  code: string,
  products: readonly { id: string; customId: string }[],
  editingId?: string | null,
): string | null {
  const wanted = code.trim()
  if (wanted === '') return null
  const taken = products.some((product) => product.id !== editingId && product.customId.trim() === wanted)
  return taken ? format(text.duplicateCode, { code: wanted }) : null
}

/** The code of a new option: '{productCode}-{option in lowercase}'. */
export function optionCode(productCode: string, size: string): string {
  const code = productCode.trim()
  return code ? `${code}-${size.toLowerCase()}` : size.toLowerCase()
}

/**
 * §5: option labels typed into the form, separated by Enter or comma. Blanks and labels already
 * present (in any letter case, since codes are lower-cased) are ignored; a new option starts with
 * stock 0, the product's price and the code '{productCode}-{option in lowercase}'.
 */
export function addOptionLabels<T extends { size: string }>(
  existing: readonly T[],
  input: string,
  product: { customId: string; price: number | null | undefined },
): (T | NewOption)[] {
  const seen = new Set(existing.map((option) => option.size.trim().toLowerCase()))
  const added: NewOption[] = []
  for (const label of input.split(/[\r\n,]+/)) {
    const size = label.trim()
    const key = size.toLowerCase()
    if (!size || seen.has(key)) continue
    seen.add(key)
    added.push({
      size,
      customId: optionCode(product.customId, size),
      stock: 0,
      infinite: false,
      price: typeof product.price === 'number' && product.price > 0 ? product.price : null,
      discount_price: null,
      wholesale_price: null,
      weight_kg: null,
    })
  }
  return [...existing, ...added]
}
