import { calculateDiscountPercent, hasDiscount } from '@shop/shared/rules/discount.ts'
import type { PriceFields } from '@shop/shared/rules/cart.ts'

export type PriceView = {
  /** What the shopper pays: the discount price when it really is lower, else the price. */
  current: number
  /** The regular price, only when discounted. */
  original: number | null
  /** customer-side.md §9: round((1 - discount_price / price) * 100); 0 without a discount. */
  discountPercent: number
  /** customer-side.md §6: only for wholesale, store_manager and admin, when one exists. */
  wholesale: number | null
}

const isPositive = (value: number | null | undefined): value is number => typeof value === 'number' && value > 0

/** The prices shown for a product or, when chosen, one of its options (an option with a price of its own). */
export function priceView(
  product: PriceFields,
  option: PriceFields | null | undefined,
  canSeeWholesale: boolean,
): PriceView {
  const source = option && isPositive(option.price) ? option : product
  const price = source.price ?? 0
  const isDiscounted = hasDiscount(price, source.discount_price)
  return {
    current: isDiscounted ? (source.discount_price ?? price) : price,
    original: isDiscounted ? price : null,
    discountPercent: isDiscounted ? calculateDiscountPercent(price, source.discount_price) : 0,
    wholesale: canSeeWholesale && isPositive(source.wholesale_price) ? source.wholesale_price : null,
  }
}
