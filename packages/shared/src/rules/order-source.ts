import { roundMoney } from './money.ts'

// docs/decisions.md, 'Orders entered by staff': where an order came from.

/** Every source an order may have: the shop's own checkout and the ways staff take orders. */
export const ORDER_SOURCES = ['web', 'telefon', 'viber', 'email', 'trgovina'] as const
export type OrderSource = (typeof ORDER_SOURCES)[number]

/** What staff choose when they enter an order ('web' is the checkout's alone). */
export const STAFF_ORDER_SOURCES = ['telefon', 'viber', 'email', 'trgovina'] as const
export type StaffOrderSource = (typeof STAFF_ORDER_SOURCES)[number]

export const MIN_DISCOUNT_PERCENT = 1
export const MAX_DISCOUNT_PERCENT = 99

/** The unit price after a staff discount of whole percent, rounded once to cents. */
export function discountedUnitPrice(unitPrice: number, discountPercent: number | null | undefined): number {
  if (!discountPercent) return roundMoney(unitPrice)
  return roundMoney((unitPrice * (100 - discountPercent)) / 100)
}
