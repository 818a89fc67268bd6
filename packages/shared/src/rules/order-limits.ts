import { orderLimits as text } from '../messages/bs/order-limits.ts'
import { format } from '../messages/format.ts'
import { roundMoney } from './money.ts'
import { hasAnyRole } from './roles.ts'
import { unitOf } from './units.ts'

/**
 * docs/decisions.md, Order limits and suspicious orders: what one order and one client may take, set by staff (settings key 'order_limits').
 * The defaults never stop a family's order: 50 pieces of one product, 30 different products, 3,000 KM
 * for a guest and 5,000 KM for a signed-in customer, 10 orders an hour from one address, 5 from one e-mail.
 */
export type OrderLimitSettings = {
  maxQuantityPerLine: number
  maxLinesPerOrder: number
  maxOrderTotalGuest: number
  maxOrderTotalCustomer: number
  maxOrdersPerAddressPerHour: number
  maxOrdersPerEmailPerHour: number
  /**
   * Pieces of one product one buyer (address, e-mail or phone) may order in a day, across orders; null =
   * no shop-wide cap (rules/buyer-daily-cap.ts; a product may carry its own).
   */
  maxPerProductPerBuyerPerDay: number | null
}

export const DEFAULT_ORDER_LIMITS: Readonly<OrderLimitSettings> = Object.freeze({
  maxQuantityPerLine: 50,
  maxLinesPerOrder: 30,
  maxOrderTotalGuest: 3000,
  maxOrderTotalCustomer: 5000,
  maxOrdersPerAddressPerHour: 10,
  maxOrdersPerEmailPerHour: 5,
  // docs/decisions.md, 'Order limits and suspicious orders': off until staff set it.
  maxPerProductPerBuyerPerDay: null,
})

/** Wholesale buyers order in bulk and staff take orders by phone: neither is limited nor flagged. */
export type BuyerKind = 'guest' | 'customer' | 'exempt'

export function buyerKindOf(roles: readonly string[] | null | undefined): BuyerKind {
  if (!roles) return 'guest'
  return hasAnyRole(roles, ['wholesale', 'store_manager', 'admin']) ? 'exempt' : 'customer'
}

/** The limits on one order of this buyer; null when the buyer is not limited. */
export type OrderSizeLimits = { maxQuantityPerLine: number; maxLinesPerOrder: number; maxOrderTotal: number }

export function orderSizeLimitsFor(settings: OrderLimitSettings, kind: BuyerKind): OrderSizeLimits | null {
  if (kind === 'exempt') return null
  return {
    maxQuantityPerLine: settings.maxQuantityPerLine,
    maxLinesPerOrder: settings.maxLinesPerOrder,
    maxOrderTotal: kind === 'guest' ? settings.maxOrderTotalGuest : settings.maxOrderTotalCustomer,
  }
}

/**
 * One line of the order as it will be stored: one product (and size), its pieces merged. unit names the
 * quantity in the messages (default 'kom'); a product staff exempted (noLineLimit, docs/decisions.md, 'Units
 * of measure and lines without a limit') is not held to the per-line limit, but still counts as a line
 * and towards the total.
 */
export type LimitedLine = {
  name: string
  quantity: number
  unit?: string | undefined
  noLineLimit?: boolean | undefined
}

export type OrderLimitViolation =
  | { kind: 'quantity'; index: number; name: string; quantity: number; max: number; unit: string }
  | { kind: 'lines'; count: number; max: number }
  | { kind: 'total'; total: number; max: number }

/** Every limit the order breaks, lines first; empty when it may be placed. */
export function findOrderLimitViolations(
  lines: readonly LimitedLine[],
  total: number,
  limits: OrderSizeLimits | null,
): OrderLimitViolation[] {
  if (!limits) return []
  const violations: OrderLimitViolation[] = []
  lines.forEach((line, index) => {
    if (line.noLineLimit !== true && line.quantity > limits.maxQuantityPerLine) {
      violations.push({
        kind: 'quantity',
        index,
        name: line.name,
        quantity: line.quantity,
        max: limits.maxQuantityPerLine,
        unit: unitOf(line),
      })
    }
  })
  if (lines.length > limits.maxLinesPerOrder) {
    violations.push({ kind: 'lines', count: lines.length, max: limits.maxLinesPerOrder })
  }
  if (roundMoney(total) > limits.maxOrderTotal) violations.push({ kind: 'total', total, max: limits.maxOrderTotal })
  return violations
}

/** KM as the shop writes it: 1234.5 -> '1.234,50 KM'. */
export function formatKm(value: number): string {
  const [whole = '0', cents = '00'] = Math.abs(roundMoney(value)).toFixed(2).split('.')
  return `${value < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents} KM`
}

export function orderLimitMessage(violation: OrderLimitViolation): string {
  switch (violation.kind) {
    case 'quantity':
      return format(text.quantityPerLine, { name: violation.name, max: violation.max, unit: violation.unit })
    case 'lines':
      return format(text.linesPerOrder, { count: violation.count, max: violation.max })
    case 'total':
      return format(text.orderTotal, { total: formatKm(violation.total), max: formatKm(violation.max) })
  }
}

/** An order at or above this share of a limit is flagged for staff. */
export const NEAR_LIMIT_SHARE = 0.8
/** The third order within an hour from one address or one e-mail is flagged. */
export const SUSPICIOUS_ORDERS_PER_HOUR = 3
/** A total this many times the average order is flagged, once there are enough orders to judge. */
export const ABOVE_NORMAL_FACTOR = 10
export const NORMAL_BASELINE_MIN_ORDERS = 20

export type SuspicionInput = {
  lines: readonly LimitedLine[]
  total: number
  limits: OrderSizeLimits
  /** Orders from the client's address within the last hour, this one included. */
  ordersFromAddress: number
  /** Orders with the buyer's e-mail within the last hour, this one included. */
  ordersFromEmail: number
  /** The average order total of recent months; null while there are too few orders to judge. */
  averageTotal: number | null
}

/** Why staff should look at an order before sending it; empty for an ordinary order. */
export function suspicionReasons(input: SuspicionInput): string[] {
  const { lines, total, limits } = input
  const reasons: string[] = []
  const isNear = (value: number, max: number) => value >= NEAR_LIMIT_SHARE * max
  for (const line of lines) {
    if (line.noLineLimit !== true && isNear(line.quantity, limits.maxQuantityPerLine)) {
      const { name, quantity } = line
      reasons.push(format(text.reasonQuantity, { name, quantity, unit: unitOf(line), max: limits.maxQuantityPerLine }))
    }
  }
  if (isNear(lines.length, limits.maxLinesPerOrder)) {
    reasons.push(format(text.reasonLines, { count: lines.length, max: limits.maxLinesPerOrder }))
  }
  if (isNear(total, limits.maxOrderTotal)) {
    reasons.push(format(text.reasonTotal, { total: formatKm(total), max: formatKm(limits.maxOrderTotal) }))
  }
  const average = input.averageTotal
  if (average !== null && average > 0 && total >= ABOVE_NORMAL_FACTOR * average) {
    const times = Math.floor(total / average)
    reasons.push(format(text.reasonAboveNormal, { total: formatKm(total), times, average: formatKm(average) }))
  }
  if (input.ordersFromAddress >= SUSPICIOUS_ORDERS_PER_HOUR) {
    reasons.push(format(text.reasonFromAddress, { count: input.ordersFromAddress }))
  }
  if (input.ordersFromEmail >= SUSPICIOUS_ORDERS_PER_HOUR) {
    reasons.push(format(text.reasonFromEmail, { count: input.ordersFromEmail }))
  }
  return reasons
}
