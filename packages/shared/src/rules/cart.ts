import { entitledPrice, priceSource, type PriceFields, type PriceKind } from './pricing.ts'
import { hasAnyRole } from './roles.ts'

export type { PriceFields } from './pricing.ts'

export type StockedProduct = PriceFields & {
  stock: number
  infinite_stock: boolean
  has_sizes: boolean
}

export type StockedOption = PriceFields & {
  size: string
  stock: number | null
  infinite: boolean
}

/**
 * Wholesale prices are charged to wholesale customers only (customer-side.md §4 Cart, §6).
 * Staff may see wholesale prices, but they buy at the shop's prices like everyone else.
 */
export function paysWholesalePrices(roles: readonly string[] | null | undefined): boolean {
  return hasAnyRole(roles ?? [], ['wholesale'])
}

export type LinePrice = {
  unitPrice: number
  regularPrice: number
  /** Which price applies, shown beside the line (DECISIONS: the buyer sees which one applies). */
  kind: PriceKind
  isWholesalePrice: boolean
}

/**
 * The price of one unit (customer-side.md §4 Cart): the lowest price this buyer is entitled to,
 * the wholesale price for wholesale users when one exists and is not above the public price,
 * otherwise the discount price (when it really is lower) or the price (rules/pricing.ts).
 */
export function resolveLinePrice(
  product: PriceFields,
  option: PriceFields | null | undefined,
  roles: readonly string[] | null | undefined,
): LinePrice {
  const price = entitledPrice(priceSource(product, option), { paysWholesale: paysWholesalePrices(roles) })
  return { ...price, isWholesalePrice: price.kind === 'wholesale' }
}

export function lineUnitPrice(
  product: PriceFields,
  option: PriceFields | null | undefined,
  roles: readonly string[] | null | undefined,
): number {
  return resolveLinePrice(product, option, roles).unitPrice
}

/** Units that can still be sold: null means infinite stock. */
export function availableStock(product: StockedProduct, option: StockedOption | null | undefined): number | null {
  if (product.has_sizes) {
    if (!option) return 0
    return option.infinite ? null : Math.max(0, option.stock ?? 0)
  }
  return product.infinite_stock ? null : Math.max(0, product.stock)
}

/**
 * customer-side.md §5 Stock: infinite stock always passes; a sized product is checked against
 * its size's stock, any other against the product's stock.
 */
export function hasEnoughStock(
  product: StockedProduct,
  option: StockedOption | null | undefined,
  quantity: number,
): boolean {
  const available = availableStock(product, option)
  return available === null || available >= quantity
}

/**
 * Out of stock (customer-side.md §4 Stock): without sizes, finite stock 0; with sizes, every
 * size finite with stock zero or missing.
 */
export function isOutOfStock(product: StockedProduct, options: readonly StockedOption[]): boolean {
  if (!product.has_sizes) return !product.infinite_stock && product.stock <= 0
  return options.every((option) => !option.infinite && (option.stock ?? 0) <= 0)
}

/** A cart line whose quantity falls below 1 is removed (customer-side.md §4 Cart, §5 quantity field). */
export function shouldRemoveLine(quantity: number): boolean {
  return !Number.isFinite(quantity) || quantity < 1
}
