import { hasDiscount } from './discount.ts'
import { isOutOfStock, type StockFields, type StockOption } from './stock.ts'

export const PRODUCT_SORTS = ['recommended', 'name-asc', 'name-desc', 'price-asc', 'price-desc'] as const
export type ProductSort = (typeof PRODUCT_SORTS)[number]
export const DEFAULT_PRODUCT_SORT: ProductSort = 'recommended'

export type PricedOption = StockOption & { price?: number | null; discount_price?: number | null }

export type SortableProduct = Omit<StockFields, 'size_stock'> & {
  id: string
  name: string
  price: number
  discount_price?: number | null
  recommended?: boolean
  size_stock?: readonly PricedOption[] | null
}

/** The price a shopper pays: discount_price when present, else price (customer-side.md §4 Cart). */
export function effectivePrice(price: number, discountPrice: number | null | undefined): number {
  return discountPrice !== null && discountPrice !== undefined && discountPrice > 0 ? discountPrice : price
}

/** Price sorts use the effective price; a product with sizes sorts by its cheapest option. */
export function sortPrice(product: SortableProduct): number {
  const own = effectivePrice(product.price, product.discount_price)
  const options = product.has_sizes ? (product.size_stock ?? []) : []
  if (options.length === 0) return own
  return Math.min(...options.map((option) => effectivePrice(option.price ?? own, option.discount_price)))
}

export function isDiscounted(product: SortableProduct): boolean {
  if (hasDiscount(product.price, product.discount_price)) return true
  return (product.has_sizes ? (product.size_stock ?? []) : []).some(
    (option) => option.discount_price !== null && option.discount_price !== undefined && option.discount_price > 0,
  )
}

// The root collation, as `COLLATE "und-x-icu"` in SQL: Č, Ć, Š, Ž sort beside C, S, Z, not after Z.
// Made on the first comparison, not when the module loads: building a collator costs tens of
// milliseconds on a phone, which every page importing this file would pay before its first paint.
let nameCollator: Intl.Collator | undefined

export function compareNames(left: string, right: string): number {
  nameCollator ??= new Intl.Collator('en', { usage: 'sort' })
  return nameCollator.compare(left, right)
}

/**
 * The store's orders (customer-side.md §9): out-of-stock products always after available
 * ones; 'recommended' is then recommended, then discounted, then the rest by name.
 * Ties fall back to the name and the id so that pages never overlap.
 */
export function compareProducts(sort: ProductSort): (left: SortableProduct, right: SortableProduct) => number {
  return (left, right) => {
    const stock = Number(isOutOfStock(left)) - Number(isOutOfStock(right))
    if (stock !== 0) return stock
    const byName = compareNames(left.name, right.name)
    const byId = left.id < right.id ? -1 : left.id > right.id ? 1 : 0
    switch (sort) {
      case 'recommended':
        return (
          Number(Boolean(right.recommended)) - Number(Boolean(left.recommended)) ||
          Number(isDiscounted(right)) - Number(isDiscounted(left)) ||
          byName ||
          byId
        )
      case 'name-asc':
        return byName || byId
      case 'name-desc':
        return -byName || -byId
      case 'price-asc':
        return sortPrice(left) - sortPrice(right) || byName || byId
      case 'price-desc':
        return sortPrice(right) - sortPrice(left) || byName || byId
    }
  }
}
