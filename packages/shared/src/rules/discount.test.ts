import { describe, expect, it } from 'vitest'
import { calculateDiscountPercent, hasDiscount } from './discount.ts'

describe('calculateDiscountPercent', () => {
  it.each([
    [100, 80, 20],
    [100, null, 0],
    [100, undefined, 0],
    [59.9, 49.9, 17],
    [3, 2, 33],
    [3, 1, 67],
    [10, 9.95, 1],
    [0, 5, 0],
    [200, 100, 50],
  ])('price %d with discount %s is %d %%', (price, discount, expected) => {
    expect(calculateDiscountPercent(price, discount)).toBe(expected)
  })
})

describe('hasDiscount', () => {
  it.each([
    [100, 80, true],
    [100, 100, false],
    [100, 120, false],
    [100, null, false],
    [100, 0, false],
  ])('price %d with discount %s: %s', (price, discount, expected) => {
    expect(hasDiscount(price, discount)).toBe(expected)
  })
})
