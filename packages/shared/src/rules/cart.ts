import { hasAnyRole } from './roles.ts'

/** The price fields of a product or of one of its options ('size_stock' entries). */
export type PriceFields = {
  price: number | null
  discount_price?: number | null
  wholesale_price?: number | null
}

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

const isPositive = (value: number | null | undefined): value is number => typeof value === 'number' && value > 0

/** An option with a price of its own is priced entirely by its own fields; otherwise by the product's. */
function priceSource(product: PriceFields, option: PriceFields | null | undefined): PriceFields {
  return option && isPositive(option.price) ? option : product
}

export type LinePrice = { unitPrice: number; regularPrice: number; isWholesalePrice: boolean }

/**
 * The price of one unit (customer-side.md §4 Cart): the wholesale price for wholesale users
 * when one exists, otherwise the discount price (when it really is lower) or the price.
 */
export function resolveLinePrice(
  product: PriceFields,
  option: PriceFields | null | undefined,
  roles: readonly string[] | null | undefined,
): LinePrice {
  const source = priceSource(product, option)
  const regularPrice = source.price ?? 0
  if (paysWholesalePrices(roles) && isPositive(source.wholesale_price)) {
    return { unitPrice: source.wholesale_price, regularPrice, isWholesalePrice: true }
  }
  const discount = source.discount_price
  const unitPrice = isPositive(discount) && discount < regularPrice ? discount : regularPrice
  return { unitPrice, regularPrice, isWholesalePrice: false }
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
