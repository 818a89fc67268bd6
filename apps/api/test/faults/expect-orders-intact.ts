import { expect } from 'vitest'
import type { OrderFigures } from './scenarios.ts'

/**
 * docs/decisions.md, Faults: whatever the fault, every order a buyer was told about is stored once and
 * whole, and the stock and the outbox match the stored orders.
 */
export function expectOrdersIntact(
  figures: Pick<OrderFigures, 'lost' | 'duplicated' | 'incomplete' | 'stockMismatches' | 'outboxMismatches'>,
): void {
  expectNoOrderLost(figures)
  expect(figures.incomplete).toBe(0)
  expect(figures.outboxMismatches).toBe(0)
}

/** Every acknowledged order is stored once, and the stock matches the stored orders. */
export function expectNoOrderLost(figures: Pick<OrderFigures, 'lost' | 'duplicated' | 'stockMismatches'>): void {
  expect(figures.lost).toBe(0)
  expect(figures.duplicated).toBe(0)
  expect(figures.stockMismatches).toBe(0)
}

/** Every mail an acknowledged order owes arrived, and none twice; `logs` explain a miss. */
export function expectMailsOnce(figures: Pick<OrderFigures, 'mailsMissing' | 'mailsDuplicated'>, logs?: string): void {
  expect(figures.mailsMissing, logs).toBe(0)
  expect(figures.mailsDuplicated).toBe(0)
}
