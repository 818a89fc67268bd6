import { roundMoney } from './money.ts'

// docs/decisions.md, 'Catalogue in a spreadsheet': a bulk price change by a percent, rounded to 0,10 or 1 KM.
export const PRICE_ROUNDINGS = ['0.10', '1'] as const
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number]

/** The price after the change, rounded half up to the step and never below one step. */
export function changePrice(price: number, percent: number, rounding: PriceRounding): number {
  const step = rounding === '1' ? 1 : 0.1
  const changed = (price * (100 + percent)) / 100
  const rounded = roundMoney(Math.round(roundMoney(changed) / step + 1e-9) * step)
  return Math.max(rounded, roundMoney(step))
}
