import { roundMoney } from './money.ts'

// staff-and-content.md §5 Sale product add: product and discount required, a custom new price below
// the original, price rounded to 2 decimals, percentage derived from it. The percentage is 1–99, not
// the specification's 1–100 (docs/decisions.md, 'Money rules'): a 100 % sale sold a product at 0,01 KM.

export const MIN_SALE_PERCENT = 1
export const MAX_SALE_PERCENT = 99
/** The lowest price a sale writes: the database refuses a price of 0 (price step 0.01, §9). */
export const MIN_SALE_PRICE = 0.01

/**
 * The price after a percentage off, rounded half up in whole cents (on cents, because
 * roundMoney(59.9 * 0.75) sees 44.92499… where the exact value is 44.925), never below 0.01.
 */
export function salePriceOf(price: number, percent: number): number {
  const cents = Math.round(price * 100)
  return Math.max(MIN_SALE_PRICE, Math.round((cents * (100 - percent)) / 100) / 100)
}

export type SaleDiscountInput = {
  /** The product's own price, as the server stores it (never the client's originalPrice). */
  price: number
  discountPercentage?: number | null | undefined
  /** Present only when staff typed a custom new price instead of a percentage. */
  discountedPrice?: number | null | undefined
}

export type SaleDiscount =
  | { ok: true; originalPrice: number; discountPercentage: number; discountedPrice: number }
  | { ok: false; reason: 'required' | 'percentRange' | 'priceNotBelow' }

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

/** The discount a sale product gets, from a percentage or from a custom new price. */
export function resolveSaleDiscount({ price, discountPercentage, discountedPrice }: SaleDiscountInput): SaleDiscount {
  if (isNumber(discountedPrice)) {
    const custom = roundMoney(discountedPrice)
    if (custom < MIN_SALE_PRICE || custom >= price) return { ok: false, reason: 'priceNotBelow' }
    const percent = Math.round((1 - custom / price) * 100)
    if (percent < MIN_SALE_PERCENT || percent > MAX_SALE_PERCENT) return { ok: false, reason: 'percentRange' }
    return { ok: true, originalPrice: price, discountPercentage: percent, discountedPrice: custom }
  }
  if (!isNumber(discountPercentage)) return { ok: false, reason: 'required' }
  if (
    !Number.isInteger(discountPercentage) ||
    discountPercentage < MIN_SALE_PERCENT ||
    discountPercentage > MAX_SALE_PERCENT
  ) {
    return { ok: false, reason: 'percentRange' }
  }
  return {
    ok: true,
    originalPrice: price,
    discountPercentage,
    discountedPrice: salePriceOf(price, discountPercentage),
  }
}

/** The lowest price wins: a sale never raises a lower discount price the product already has. */
export function lowestPrice(own: number | null | undefined, sale: number): number {
  return isNumber(own) && own < sale ? own : sale
}
