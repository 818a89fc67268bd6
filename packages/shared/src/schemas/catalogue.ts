import { z } from 'zod'
import { namedEntityFields, timestampFields, versionField } from './record-fields.ts'
import { format, messages } from '../messages/bs.ts'
import { MAX_PAGE_SIZE } from '../rules/pagination.ts'
import { pageCountFields } from './page.ts'
import { MAX_SEARCH_LENGTH } from '../rules/search.ts'
import { PRODUCT_SORTS } from '../rules/sort.ts'

// The catalogue reads of customer-side.md §3 and §7 and staff-and-content.md §3, with the field
// names of the specification. The API validates its query with these; clients parse answers.

const text = messages.catalogue

/** The page number a request may ask for; far beyond any real catalogue, small enough for OFFSET. */
export const MAX_PAGE = 100_000

// The store sends 'category=' when no category is chosen; an empty parameter means "not given".
const blankAsMissing = (value: unknown) => (value === '' ? undefined : value)

/** Query of GET /api/products; with any of these present the answer is a page (productListResponse). */
export const productListQuery = z.object({
  search: z.preprocess(
    blankAsMissing,
    z
      .string({ error: text.searchInvalid })
      .max(MAX_SEARCH_LENGTH, format(text.searchTooLong, { max: MAX_SEARCH_LENGTH }))
      .optional(),
  ),
  category: z.preprocess(blankAsMissing, z.guid({ error: text.categoryInvalid }).optional()),
  brand: z.preprocess(blankAsMissing, z.guid({ error: text.brandInvalid }).optional()),
  sort: z.preprocess(blankAsMissing, z.enum(PRODUCT_SORTS, { error: text.sortInvalid }).optional()),
  page: z.preprocess(
    blankAsMissing,
    z.coerce
      .number({ error: text.pageInvalid })
      .int(text.pageInvalid)
      .min(1, text.pageInvalid)
      .max(MAX_PAGE, text.pageInvalid)
      .optional(),
  ),
  limit: z.preprocess(
    blankAsMissing,
    z.coerce
      .number({ error: format(text.limitInvalid, { max: MAX_PAGE_SIZE }) })
      .int(format(text.limitInvalid, { max: MAX_PAGE_SIZE }))
      .min(1, format(text.limitInvalid, { max: MAX_PAGE_SIZE }))
      .max(MAX_PAGE_SIZE, format(text.limitInvalid, { max: MAX_PAGE_SIZE }))
      .optional(),
  ),
  featured: z.preprocess(blankAsMissing, z.enum(['true', 'false'], { error: text.featuredInvalid }).optional()),
  /**
   * docs/decisions.md, 'A lean store list' (ours): `card` answers each product with what a store card shows, without
   * the counts; `counts` answers only the category and brand counts of the filters (docs/decisions.md, 'Counts apart
   * from the list').
   */
  view: z.preprocess(blankAsMissing, z.enum(['card', 'counts'], { error: text.viewInvalid }).optional()),
})
export type ProductListQuery = z.output<typeof productListQuery>

/** The query parameter names that turn GET /api/products into a paged answer: every one the query reads. */
export const PRODUCT_LIST_PARAMETERS = productListQuery.keyof().options

/** A product, a category or a brand is addressed by its id; a product also by its customId. */
export const catalogueIdParams = z.object({ id: z.string().max(200) })

export const productImage = z.object({ url: z.string(), is_primary: z.boolean() })
export type ProductImage = z.infer<typeof productImage>

export const sizeStockEntry = z.object({
  size: z.string(),
  customId: z.string().nullable(),
  stock: z.number(),
  infinite: z.boolean(),
  price: z.number(),
  discount_price: z.number().nullable(),
  /** Only for wholesale, store_manager and admin users (customer-side.md §6). */
  wholesale_price: z.number().nullable().optional(),
  /** docs/decisions.md, 'Product weights and shipping by weight': kg; the product's when the option has none. */
  weight_kg: z.number().nullable().optional(),
})

export const specification = z.object({ name: z.string(), value: z.string() })

/** customer-side.md §3 Product. */
export const catalogueProduct = z.object({
  id: z.string(),
  _id: z.string(),
  customId: z.string(),
  name: z.string(),
  short_description: z.string().nullable(),
  description: z.string().nullable(),
  price: z.number(),
  discount_price: z.number().nullable(),
  /** Only for wholesale, store_manager and admin users (customer-side.md §6). */
  wholesale_price: z.number().nullable().optional(),
  images: z.array(productImage),
  categoryId: z.string(),
  brandId: z.string().nullable(),
  /** The category's name. */
  category: z.string(),
  /** The brand's name. */
  brand: z.string().nullable(),
  has_sizes: z.boolean(),
  sizes: z.array(z.string()),
  size_stock: z.array(sizeStockEntry),
  stock: z.number(),
  infinite_stock: z.boolean(),
  featured: z.boolean(),
  recommended: z.boolean(),
  specifications: z.array(specification),
  created_at: z.string(),
  updated_at: z.string(),
  /** docs/decisions.md, 'Units of measure and lines without a limit' (ours): kom, m, m², kg, l or pak. */
  unit: z.string(),
  /** Ours: the per-line quantity limit does not apply to this product. */
  no_line_limit: z.boolean(),
  /** docs/decisions.md, 'Product weights and shipping by weight' (ours): kg, null when not known. */
  weight_kg: z.number().nullable(),
})
export type CatalogueProduct = z.output<typeof catalogueProduct>

export const facetCount = z.object({ id: z.string(), name: z.string(), count: z.number() })

/**
 * A product as a store card shows it (docs/decisions.md, 'A lean store list'): the primary image only,
 * availability as one flag, the product's own prices (an option's price shows on the product page).
 */
export const catalogueCard = z.object({
  id: z.string(),
  customId: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  short_description: z.string().nullable(),
  images: z.array(productImage).max(1),
  price: z.number(),
  discount_price: z.number().nullable(),
  /** Only for wholesale, store_manager and admin users (customer-side.md §6). */
  wholesale_price: z.number().nullable().optional(),
  has_sizes: z.boolean(),
  is_available: z.boolean(),
  unit: z.string(),
})
export type CatalogueCard = z.output<typeof catalogueCard>

/** Counts per category follow search+brand, per brand search+category. */
export const facetCounts = z.object({ categories: z.array(facetCount), brands: z.array(facetCount) })
export type FacetCounts = z.output<typeof facetCounts>

/** A page of the store with its counts. */
export const productListResponse = z.object({
  products: z.array(catalogueProduct),
  ...pageCountFields,
  counts: facetCounts,
})
export type ProductListResponse = z.output<typeof productListResponse>

/** A page of cards (view=card): its counts are asked apart (view=counts), once per filter set. */
export const productCardListResponse = productListResponse.omit({ counts: true }).extend({
  products: z.array(catalogueCard),
})
export type ProductCardListResponse = z.output<typeof productCardListResponse>

/** The counts alone (view=counts). */
export const facetCountsResponse = z.object({ counts: facetCounts })
export type FacetCountsResponse = z.output<typeof facetCountsResponse>

/** staff-and-content.md §3 Category (store). */
export const category = z.object({ ...namedEntityFields, ...timestampFields, ...versionField })
export type Category = z.infer<typeof category>

/** staff-and-content.md §3 Brand. */
export const brand = z.object({
  ...namedEntityFields,
  image_url: z.string().nullable(),
  ...timestampFields,
  ...versionField,
})
export type Brand = z.infer<typeof brand>

/** staff-and-content.md §3 Slide. */
export const slide = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  image_url: z.string(),
  mobile_image_url: z.string().nullable(),
  link: z.string().nullable(),
  is_active: z.boolean(),
  order: z.number(),
  categoryId: z.string().nullable(),
})
export type Slide = z.infer<typeof slide>

/** customer-side.md §3 Sale config. */
export const saleConfig = z.object({
  isActive: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  /** docs/decisions.md ('Edits that never overwrite each other'): the version the sale form sends back (0 before the first save). */
  version: z.number(),
})
export type SaleConfig = z.infer<typeof saleConfig>

/** A product on sale: the product's fields plus the sale's (customer-side.md §3: original_price). */
export const saleProduct = catalogueProduct.extend({
  saleProductId: z.string(),
  productId: z.string(),
  original_price: z.number(),
  originalPrice: z.number(),
  discountPercentage: z.number(),
  discountedPrice: z.number(),
})
export type SaleProduct = z.infer<typeof saleProduct>

// version: docs/decisions.md ('Edits that never overwrite each other') (0 for a section never saved).
export const workHoursList = z.array(z.object({ section: z.string(), hours: z.string(), version: z.number() }))
export type WorkHoursList = z.infer<typeof workHoursList>

/** The settings object under 'shipping' as GET /api/settings/shipping answers it. */
export const shippingSettingsResponse = z
  .object({
    id: z.union([z.string(), z.number()]),
    options: z.array(z.record(z.string(), z.unknown())),
    freeShippingThreshold: z.number(),
    basePrice: z.number(),
    pricePerItem: z.number(),
    defaultOptionId: z.union([z.string(), z.number()]).nullable(),
    /** docs/decisions.md, 'Product weights and shipping by weight': the stored table, else §9's. */
    parcelPriceBands: z.array(z.object({ upToKg: z.number(), price: z.number() })),
  })
  .catchall(z.unknown())

export const companySettingsResponse = z.record(z.string(), z.unknown())
