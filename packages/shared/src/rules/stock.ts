export type StockOption = { stock?: number | null; infinite?: boolean | null }

export type StockFields = {
  has_sizes: boolean
  stock?: number | null
  infinite_stock?: boolean | null
  size_stock?: readonly StockOption[] | null
}

/**
 * customer-side.md §4 Stock: without sizes a product is out when its stock is not infinite
 * and is 0; with sizes, when every option is out (not infinite, stock zero or missing).
 * A product with sizes but no options has nothing to sell, so it is out as well.
 */
export function isOutOfStock(product: StockFields): boolean {
  if (!product.has_sizes) return !product.infinite_stock && !((product.stock ?? 0) > 0)
  return (product.size_stock ?? []).every((option) => isOptionOutOfStock(option))
}

export function isOptionOutOfStock(option: StockOption): boolean {
  return !option.infinite && !((option.stock ?? 0) > 0)
}
