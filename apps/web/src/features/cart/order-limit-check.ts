import { findOrderLimitViolations, orderLimitMessage, type OrderSizeLimits } from '@shop/shared/rules/order-limits.ts'
import type { CartViewLine } from './cart-view.ts'

export type OrderLimitCheck = {
  /** The message of a line above the pieces allowed of one product, by the line's key. */
  lineProblems: ReadonlyMap<string, string>
  /** Too many products, or a total above the buyer's limit. */
  orderProblems: string[]
  isWithinLimits: boolean
}

/**
 * docs/decisions.md, Order limits and suspicious orders: the cart says at once what the server would refuse at the submit, with the same rule
 * and the same words; the server checks again (the staff may change a limit in between).
 */
export function checkCartLimits(
  lines: readonly CartViewLine[],
  total: number,
  limits: OrderSizeLimits | null | undefined,
): OrderLimitCheck {
  const lineProblems = new Map<string, string>()
  const orderProblems: string[] = []
  for (const violation of findOrderLimitViolations(lines, total, limits ?? null)) {
    const line = violation.kind === 'quantity' ? lines[violation.index] : undefined
    if (line) lineProblems.set(line.key, orderLimitMessage(violation))
    else orderProblems.push(orderLimitMessage(violation))
  }
  return { lineProblems, orderProblems, isWithinLimits: lineProblems.size === 0 && orderProblems.length === 0 }
}
