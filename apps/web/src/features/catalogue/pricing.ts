import { calculateDiscountPercent, hasDiscount } from '@shop/shared/rules/discount.ts'
import type { PriceFields } from '@shop/shared/rules/cart.ts'
import { entitledPrice, priceSource, type PriceKind } from '@shop/shared/rules/pricing.ts'

export type PriceView = {
  /** What the shopper pays: the discount price when it really is lower, else the price. */
  current: number
  /** The regular price, only when discounted. */
  original: number | null
  /** customer-side.md §9: round((1 - discount_price / price) * 100); 0 without a discount. */
  discountPercent: number
  /** customer-side.md §6: only for wholesale, store_manager and admin, when one exists. */
  wholesale: number | null
  /**
   * Which price a wholesale customer pays, when the wholesale price is shown: the lowest they are
   * entitled to (DECISIONS), so a sale below the wholesale price wins ('discount').
   */
  wholesaleBuyerPays: PriceKind | null
}

const isPositive = (value: number | null | undefined): value is number => typeof value === 'number' && value > 0

/** The prices shown for a product or, when chosen, one of its options (an option with a price of its own). */
export function priceView(
  product: PriceFields,
  option: PriceFields | null | undefined,
  canSeeWholesale: boolean,
): PriceView {
  const source = priceSource(product, option)
  const price = source.price ?? 0
  const isDiscounted = hasDiscount(price, source.discount_price)
  const wholesale = canSeeWholesale && isPositive(source.wholesale_price) ? source.wholesale_price : null
  return {
    current: isDiscounted ? (source.discount_price ?? price) : price,
    original: isDiscounted ? price : null,
    discountPercent: isDiscounted ? calculateDiscountPercent(price, source.discount_price) : 0,
    wholesale,
    wholesaleBuyerPays: wholesale === null ? null : entitledPrice(source, { paysWholesale: true }).kind,
  }
}

/**
 * How the wholesale price is shown to this viewer: 'applies' for a wholesale customer who pays it,
 * 'undercut' for one who pays a lower public price (the wholesale figure is struck through),
 * 'info' for staff, who see it but buy at the shop's prices; null when there is none to show.
 */
export function wholesaleDisplay(view: PriceView, paysWholesale: boolean): 'applies' | 'undercut' | 'info' | null {
  if (view.wholesale === null) return null
  if (!paysWholesale) return 'info'
  return view.wholesaleBuyerPays === 'wholesale' ? 'applies' : 'undercut'
}
