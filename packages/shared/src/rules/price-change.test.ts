import { describe } from 'vitest'
import { changePrice } from './price-change.ts'
import { itReturns } from './test-support.ts'

describe('bulk price change rounding', () => {
  itReturns(changePrice, '%d KM %d %% rounded to %s is %d', [
    [100, 10, '0.10', 110],
    [12.34, 10, '0.10', 13.6],
    [12.34, 10, '1', 14],
    [19.99, -15, '0.10', 17],
    [19.99, -15, '1', 17],
    [9.95, 0.5, '0.10', 10],
    [0.4, -50, '1', 1],
    [0.04, -50, '0.10', 0.1],
  ] as const)
})
