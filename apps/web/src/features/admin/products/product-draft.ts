import {
  addOptionLabels,
  deriveSwitches,
  productFields,
  productForm,
  type NewOption,
  type ProductValues,
  type SizeStockEntry,
} from '@shop/shared/schemas/product-form.ts'
import type { ProductImage } from '@shop/shared/schemas/catalogue.ts'
import { DEFAULT_UNIT } from '@shop/shared/rules/units.ts'

/** One option as the form edits it: numbers stay text until the schema reads them. */
export type OptionDraft = {
  size: string
  customId: string
  stock: string
  infinite: boolean
  price: string
  discount_price: string
  wholesale_price: string
  /** docs/decisions.md, 'Product weights and shipping by weight': kg; empty means the product's weight. */
  weight_kg: string
}

/** The product form's state (staff-and-content.md §2 Product form fields). */
export type ProductDraft = {
  customId: string
  name: string
  description: string
  short_description: string
  price: string
  is_discounted: boolean
  discount_price: string
  is_wholesale: boolean
  wholesale_price: string
  /** docs/decisions.md, 'Money rules': empty means the wholesale price is the floor. */
  price_floor: string
  /** docs/decisions.md, 'Order limits and suspicious orders': empty means the shop's daily cap. */
  max_per_buyer_per_day: string
  /** docs/decisions.md, 'Units of measure and lines without a limit'. */
  unit: string
  no_line_limit: boolean
  /** docs/decisions.md, 'Product weights and shipping by weight': kg; empty means not known. */
  weight_kg: string
  categoryId: string
  brandId: string
  images: ProductImage[]
  stock: string
  infinite_stock: boolean
  has_sizes: boolean
  size_stock: OptionDraft[]
  featured: boolean
  recommended: boolean
  specifications: { name: string; value: string }[]
}

/** A saved product as GET /api/admin/products answers it. */
export type SavedProduct = Omit<ProductValues, 'size_stock' | 'unit'> & {
  id: string
  unit: string
  /** The staff list may leave out an option's wholesale price. */
  size_stock: (Omit<SizeStockEntry, 'wholesale_price'> & { wholesale_price?: number | null })[]
}

const money = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value))
/** Kilograms as staff type them, with a decimal comma ('1,25'). */
const kilograms = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value).replace('.', ',')

export function emptyDraft(): ProductDraft {
  return {
    customId: '',
    name: '',
    description: '',
    short_description: '',
    price: '',
    is_discounted: false,
    discount_price: '',
    is_wholesale: false,
    wholesale_price: '',
    price_floor: '',
    max_per_buyer_per_day: '',
    unit: DEFAULT_UNIT,
    no_line_limit: false,
    weight_kg: '',
    categoryId: '',
    brandId: '',
    images: [],
    stock: '',
    infinite_stock: false,
    has_sizes: false,
    size_stock: [],
    featured: false,
    recommended: false,
    specifications: [],
  }
}

/** §2: on edit the switches 'discounted' and 'wholesale' follow whether the price exists. */
export function draftFromProduct(product: SavedProduct): ProductDraft {
  return {
    customId: product.customId,
    name: product.name,
    description: product.description ?? '',
    short_description: product.short_description ?? '',
    price: money(product.price),
    ...deriveSwitches(product),
    discount_price: money(product.discount_price),
    wholesale_price: money(product.wholesale_price),
    price_floor: money(product.price_floor),
    max_per_buyer_per_day: money(product.max_per_buyer_per_day),
    unit: product.unit,
    no_line_limit: product.no_line_limit,
    weight_kg: kilograms(product.weight_kg),
    categoryId: product.categoryId,
    brandId: product.brandId ?? '',
    images: product.images.map((image) => ({ url: image.url, is_primary: image.is_primary })),
    stock: String(product.stock),
    infinite_stock: product.infinite_stock,
    has_sizes: product.has_sizes,
    size_stock: product.size_stock.map(optionDraft),
    featured: product.featured,
    recommended: product.recommended,
    specifications: product.specifications.map((entry) => ({ ...entry })),
  }
}

function isNewOption(option: OptionDraft | NewOption): option is NewOption {
  return typeof option.stock === 'number'
}

/** A size option as the form edits it (a saved one, or one just typed in). */
function optionDraft(
  option: Omit<NewOption, 'wholesale_price' | 'weight_kg'> & {
    wholesale_price?: number | null
    weight_kg?: number | null
  },
): OptionDraft {
  return {
    size: option.size,
    customId: option.customId ?? '',
    stock: String(option.stock),
    infinite: option.infinite,
    price: money(option.price),
    discount_price: money(option.discount_price),
    wholesale_price: money(option.wholesale_price),
    weight_kg: kilograms(option.weight_kg),
  }
}

/**
 * §5: option labels typed and ended with Enter or a comma; blanks and duplicates are ignored and a
 * new option starts with stock 0, the product's price and the code '{code}-{option in lowercase}'.
 */
export function addOptions(draft: ProductDraft, input: string): ProductDraft {
  const price = Number(draft.price.trim().replace(',', '.'))
  const options = addOptionLabels(draft.size_stock, input, {
    customId: draft.customId,
    price: draft.price.trim() !== '' && Number.isFinite(price) ? price : null,
  })
  return { ...draft, size_stock: options.map((option) => (isNewOption(option) ? optionDraft(option) : option)) }
}

/** What the schema reads: the switches included, a switched-off price cleared (§5). */
function toSchemaInput(draft: ProductDraft): Record<string, unknown> {
  return {
    ...draft,
    discount_price: draft.is_discounted ? draft.discount_price : null,
    wholesale_price: draft.is_wholesale ? draft.wholesale_price : null,
    size_stock: draft.has_sizes ? draft.size_stock : [],
    sizes: [],
  }
}

export type DraftCheck = { ok: true; payload: ProductValues } | { ok: false; errors: Record<string, string> }

const STAND_IN_ID = '00000000-0000-4000-8000-000000000000'

/**
 * Valid stand-ins for the top-level fields that failed their own check, so that the schema's rules
 * across fields (discount below price, stock, options) still run. Zod runs those only once every
 * field passes, which made a person meet the errors in two or three rounds (docs/decisions.md, Walk-through fixes).
 */
function withStandIns(input: Record<string, unknown>, failed: ReadonlySet<string>): Record<string, unknown> {
  const standIns: Record<string, unknown> = {
    customId: 'x',
    name: 'x',
    description: '',
    short_description: '',
    // An unreadable price compares with nothing: the largest keeps 'must be lower' quiet.
    price: 9_999_999_999,
    discount_price: null,
    wholesale_price: null,
    price_floor: null,
    max_per_buyer_per_day: null,
    unit: DEFAULT_UNIT,
    weight_kg: null,
    categoryId: STAND_IN_ID,
    brandId: null,
    images: [],
    specifications: [],
  }
  const next = { ...input }
  for (const key of failed) if (key in standIns) next[key] = standIns[key]
  if (failed.has('discount_price')) next.is_discounted = false
  if (failed.has('wholesale_price')) next.is_wholesale = false
  return next
}

function collect(errors: Record<string, string>, issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= issue.message
}

/**
 * Checks the draft with the schema the server uses. The payload is what POST and PATCH send:
 * every field of §7, without the switches is_discounted and is_wholesale (§2: never sent).
 * Errors are keyed by field path, e.g. 'price' or 'size_stock.1.stock', and all come at once.
 */
export function checkDraft(draft: ProductDraft): DraftCheck {
  const input = toSchemaInput(draft)
  const result = productForm.safeParse(input)
  if (result.success) return { ok: true, payload: result.data }
  const errors: Record<string, string> = {}
  collect(errors, result.error.issues)
  const fields = productFields.safeParse(input)
  if (!fields.success) {
    const failed = new Set(fields.error.issues.map((issue) => String(issue.path[0])))
    const again = productForm.safeParse(withStandIns(input, failed))
    if (!again.success)
      collect(
        errors,
        again.error.issues.filter((issue) => !failed.has(String(issue.path[0]))),
      )
  }
  return { ok: false, errors }
}

/** GET /api/admin/products: set while the product's discount price is the one the running sale wrote. */
export type SaleDiscount = { own_discount_price: number | null }

/**
 * docs/decisions.md, 'Pages without JavaScript' (sale price in the product form): what the discount
 * price field says while a sale set it. Kept as it is, the sale still owns it and gives the product's own
 * price back at its end; changed by hand, it becomes the product's own and stays after the sale.
 */
export function saleDiscountNote(
  saved: { discount_price: number | null; sale_discount?: SaleDiscount | null } | null,
  draft: Pick<ProductDraft, 'is_discounted' | 'discount_price'>,
): { kind: 'sale'; ownPrice: number | null } | { kind: 'changed' } | null {
  if (!saved?.sale_discount || saved.discount_price === null || !draft.is_discounted) return null
  const typed = Number(draft.discount_price.trim().replace(',', '.'))
  return typed === saved.discount_price
    ? { kind: 'sale', ownPrice: saved.sale_discount.own_discount_price }
    : { kind: 'changed' }
}
