import { z } from 'zod'
import { UNITS } from '@shop/shared/rules/units.ts'
import { ILLUSTRATIONS, type IllustrationKind } from '../illustrations.ts'
import { BRANDS } from './brands.ts'
import { CATEGORIES } from './categories.ts'

// The products are data files (products-*.json), checked against these schemas when the seed
// loads them: a misspelt field, category, brand or drawing stops the seed at once.

const illustrationKind = z.custom<IllustrationKind>(
  (value) => typeof value === 'string' && Object.hasOwn(ILLUSTRATIONS, value),
  'Unknown illustration kind',
)

export const optionSeed = z.strictObject({
  sizes: z.array(z.string()),
  /** Each option's price; the product's price when absent. */
  prices: z.array(z.number()).optional(),
  /** Each option's discount price (null = none). */
  discountPrices: z.array(z.number().nullable()).optional(),
})
export type OptionSeed = z.infer<typeof optionSeed>

export const productSeed = z.strictObject({
  /** The customId ('Šifra'). */
  code: z.string(),
  name: z.string(),
  short: z.string(),
  price: z.number(),
  brand: z.enum(BRANDS.map((brand) => brand.key)).optional(),
  discountPrice: z.number().optional(),
  /** Most products carry a wholesale price; false leaves it out. */
  hasWholesalePrice: z.literal(false).optional(),
  /**
   * The owner's price floor (docs/decisions.md, 'Money rules'); without it the wholesale price is the
   * floor. Set where the demo sells below the wholesale price on purpose.
   */
  priceFloor: z.number().optional(),
  specs: z.record(z.string(), z.string()),
  /** Bullet lines of this product, before the family's. */
  features: z.array(z.string()).optional(),
  notes: z.array(z.string()).optional(),
  options: optionSeed.optional(),
  /** The unit it is sold in (docs/decisions.md, 'Units of measure and lines without a limit'); pieces when absent. */
  unit: z.enum(UNITS).optional(),
  /** Exempt from the per-line quantity limit (cable by the metre). */
  noLineLimit: z.literal(true).optional(),
  /** 'out' = out of stock; 'infinite' = never runs out (sold by the metre, made to order). */
  stock: z.enum(['out', 'infinite']).optional(),
  featured: z.literal(true).optional(),
  recommended: z.literal(true).optional(),
  images: z.literal([1, 2, 3]).optional(),
  /** The colour the product is drawn in, when not its brand's. */
  colour: z.string().optional(),
})
export type ProductSeed = z.infer<typeof productSeed>

/** A family of similar products: what they share is written once. */
export const productFamily = z.strictObject({
  kind: illustrationKind,
  category: z.enum(CATEGORIES.map((category) => category.key)),
  /** Bullet lines ('- ') every product of the family gets. */
  features: z.array(z.string()),
  /** Remarks ('* ') every product of the family gets. */
  notes: z.array(z.string()).optional(),
  /** Options every product of the family offers, unless a product lists its own. */
  options: optionSeed.optional(),
  products: z.array(productSeed),
})
export type ProductFamily = z.infer<typeof productFamily>
