import { orderLimits as text } from '../messages/bs/order-limits.ts'
import { format } from '../messages/format.ts'
import { normaliseEmail } from './email.ts'

// docs/decisions.md, 'Order limits and suspicious orders': how many pieces of one product one buyer may
// order in a calendar day (Europe/Sarajevo), across orders. A buyer is anyone sharing the order's network
// address, e-mail or phone with an earlier order of the day; cancelled orders do not count.

/** The cap on one product: its own when staff set one (a hot product), else the shop's; null = no cap. */
export function dailyCapOf(productCap: number | null | undefined, shopCap: number | null | undefined): number | null {
  if (typeof productCap === 'number' && productCap > 0) return productCap
  if (typeof shopCap === 'number' && shopCap > 0) return shopCap
  return null
}

/** Fewer digits than this is not a phone number to match buyers by. */
const MIN_PHONE_DIGITS = 6

/**
 * A phone number as buyers are matched by it: digits only, without the international prefix of Bosnia
 * and Herzegovina or the leading 0 ('+387 61 234-567', '00387 61234567' and '061 234 567' are one
 * number). modules/orders/repo.ts does the same to stored orders in SQL.
 */
export function normalisePhone(value: string | null | undefined): string | null {
  const digits = (value ?? '').replace(/\D/g, '').replace(/^00/, '').replace(/^387/, '').replace(/^0+/, '')
  return digits.length >= MIN_PHONE_DIGITS ? digits : null
}

export type BuyerIdentifiers = { address: string | null; email: string | null; phone: string | null }

/** The identifiers an order is matched by, normalised; missing ones are null. */
export function buyerIdentifiersOf(input: {
  address: string | null | undefined
  email: string | null | undefined
  phone: string | null | undefined
}): BuyerIdentifiers {
  const email = input.email ? normaliseEmail(input.email) : ''
  return { address: input.address?.trim() || null, email: email || null, phone: normalisePhone(input.phone) }
}

export type CappedLine = {
  name: string
  /** Pieces of the product in this order (its options together). */
  quantity: number
  /** Pieces of it in the buyer's earlier orders of the day. */
  orderedToday: number
  cap: number | null
}

export type DailyCapViolation = { name: string; max: number; remaining: number }

/** The first product this order would take past its daily cap, or null. */
export function findDailyCapViolation(lines: readonly CappedLine[]): DailyCapViolation | null {
  for (const line of lines) {
    if (line.cap === null || line.orderedToday + line.quantity <= line.cap) continue
    return { name: line.name, max: line.cap, remaining: Math.max(0, line.cap - line.orderedToday) }
  }
  return null
}

export function dailyCapMessage(violation: DailyCapViolation): string {
  return format(violation.remaining > 0 ? text.dailyCapRemaining : text.dailyCapReached, { ...violation })
}
