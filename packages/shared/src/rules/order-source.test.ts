import { describe, expect, it } from 'vitest'
import { discountedUnitPrice } from './order-source.ts'

describe('discountedUnitPrice', () => {
  it('takes whole percent off and rounds to cents once', () => {
    expect(discountedUnitPrice(100, 10)).toBe(90)
    expect(discountedUnitPrice(19.99, 15)).toBe(16.99)
    expect(discountedUnitPrice(0.05, 99)).toBe(0)
  })

  it('leaves the price as it is without a discount', () => {
    expect(discountedUnitPrice(12.5, null)).toBe(12.5)
    expect(discountedUnitPrice(12.5, undefined)).toBe(12.5)
  })
})
