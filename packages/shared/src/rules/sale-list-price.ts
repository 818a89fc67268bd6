import { lowestPrice, salePriceOf } from './sale-discount.ts'

// docs/decisions.md 'Sales campaigns': the sales list shows what the buyer pays, never the prices
// stored when the product was added to the sale.

export type SaleEntryPrices = { originalPrice: number; discountPercentage: number; discountedPrice: number }

export type SaleListPriceInput = {
  /** The product's price now. */
  price: number
  /** The product's discount price now (while the sale is applied, the one the sale wrote). */
  discountPrice: number | null
  /** The sale is applied: the product's discount price is the one the shop charges with the sale on. */
  isApplied: boolean
  entry: SaleEntryPrices
}

export type SaleListPrice = SaleEntryPrices & { isBelowSalePrice: boolean }

/**
 * The entry's sale price at the product's price now (a custom price stays exact while the price it was
 * set on stands, as repo.ts salePriceSql), and what the buyer pays: while applied, the product's own
 * discount price; before, the lower of its own discount and the sale's price (the lowest price wins).
 */
export function saleListPrice({ price, discountPrice, isApplied, entry }: SaleListPriceInput): SaleListPrice {
  const salePrice = price === entry.originalPrice ? entry.discountedPrice : salePriceOf(price, entry.discountPercentage)
  const own = discountPrice !== null && discountPrice < price ? discountPrice : null
  const paid = isApplied ? (own ?? price) : lowestPrice(own, salePrice)
  return {
    originalPrice: price,
    discountedPrice: paid,
    discountPercentage: Math.round((1 - paid / price) * 100),
    isBelowSalePrice: paid < salePrice,
  }
}
