import type { IllustrationKind } from '../illustrations.ts'
import type { BrandKey } from './brands.ts'
import type { CategoryKey } from './categories.ts'

/** A family of similar products: what they share is written once. */
export type ProductFamily = {
  kind: IllustrationKind
  category: CategoryKey
  /** Bullet lines ('- ') every product of the family gets. */
  features: string[]
  /** Remarks ('* ') every product of the family gets. */
  notes?: string[]
  /** Options every product of the family offers, unless a product lists its own. */
  options?: OptionSeed
  products: ProductSeed[]
}

export type ProductSeed = {
  /** The customId ('Šifra'). */
  code: string
  name: string
  short: string
  price: number
  brand?: BrandKey
  discountPrice?: number
  /** Most products carry a wholesale price; false leaves it out. */
  hasWholesalePrice?: false
  specs: Record<string, string>
  /** Bullet lines of this product, before the family's. */
  features?: string[]
  notes?: string[]
  options?: OptionSeed
  /** 'out' = out of stock; 'infinite' = never runs out (sold by the metre, made to order). */
  stock?: 'out' | 'infinite'
  featured?: true
  recommended?: true
  images?: 1 | 2 | 3
  /** The colour the product is drawn in, when not its brand's. */
  colour?: string
}

export type OptionSeed = {
  sizes: string[]
  /** Each option's price; the product's price when absent. */
  prices?: number[]
  /** Each option's discount price (null = none). */
  discountPrices?: (number | null)[]
}
