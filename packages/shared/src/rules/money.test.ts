import { describe, expect, it } from 'vitest'
import { roundMoney } from './money.ts'

describe('roundMoney', () => {
  it.each([
    [0, 0],
    [1.005, 1.01],
    [10, 10],
    [19.999, 20],
    [0.1 + 0.2, 0.3],
    [12.344, 12.34],
    [12.345, 12.35],
    [99.99 * 3, 299.97],
  ])('roundMoney(%d) is %d', (value, expected) => {
    expect(roundMoney(value)).toBe(expected)
  })
})
