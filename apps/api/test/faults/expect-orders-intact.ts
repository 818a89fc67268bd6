import { expect } from 'vitest'
import type { OrderFigures } from './scenarios.ts'

/**
 * docs/decisions.md, Faults: whatever the fault, every order a buyer was told about is stored once and
 * whole, and the stock and the outbox match the stored orders.
 */
export function expectOrdersIntact(
  figures: Pick<OrderFigures, 'lost' | 'duplicated' | 'incomplete' | 'stockMismatches' | 'outboxMismatches'>,
): void {
  expect(figures.lost).toBe(0)
  expect(figures.duplicated).toBe(0)
  expect(figures.incomplete).toBe(0)
  expect(figures.stockMismatches).toBe(0)
  expect(figures.outboxMismatches).toBe(0)
}
