import { roundMoney } from './money.ts'

export type PricedLine = { unitPrice: number; quantity: number }

export type OrderTotals = {
  /** Sum of the rounded line totals. */
  subtotal: number
  shippingCost: number
  /** subtotal + shippingCost (customer-side.md §7: cart total + shipping). */
  total: number
  /** Sum of the quantities. */
  itemCount: number
}

export function lineTotal(line: PricedLine): number {
  return roundMoney(line.unitPrice * line.quantity)
}

/** Order amounts are rounded to 2 decimals (customer-side.md §9), each line first, then the sums. */
export function orderTotals(lines: readonly PricedLine[], shippingCost: number): OrderTotals {
  const subtotal = roundMoney(lines.reduce((sum, line) => sum + lineTotal(line), 0))
  const shipping = roundMoney(shippingCost)
  return {
    subtotal,
    shippingCost: shipping,
    total: roundMoney(subtotal + shipping),
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
  }
}
