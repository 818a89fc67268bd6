import { describe } from 'vitest'
import { calculateDiscountPercent, hasDiscount } from './discount.ts'
import { itReturns } from './test-support.ts'

describe('calculateDiscountPercent', () => {
  itReturns(calculateDiscountPercent, 'price %d with discount %s is %d %%', [
    [100, 80, 20],
    [100, null, 0],
    [100, undefined, 0],
    [59.9, 49.9, 17],
    [3, 2, 33],
    [3, 1, 67],
    [10, 9.95, 1],
    [0, 5, 0],
    [200, 100, 50],
  ])
})

describe('hasDiscount', () => {
  itReturns(hasDiscount, 'price %d with discount %s: %s', [
    [100, 80, true],
    [100, 100, false],
    [100, 120, false],
    [100, null, false],
    [100, 0, false],
  ])
})
