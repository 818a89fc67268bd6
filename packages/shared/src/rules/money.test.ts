import { describe } from 'vitest'
import { roundMoney } from './money.ts'
import { itReturns } from './test-support.ts'

describe('roundMoney', () => {
  itReturns(roundMoney, 'roundMoney(%d) is %d', [
    [0, 0],
    [1.005, 1.01],
    [10, 10],
    [19.999, 20],
    [0.1 + 0.2, 0.3],
    [12.344, 12.34],
    [12.345, 12.35],
    [99.99 * 3, 299.97],
  ])
})
