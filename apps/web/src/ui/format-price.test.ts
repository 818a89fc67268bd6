import { describe, expect, it } from 'vitest'
import { formatPrice } from './format-price.ts'

describe('formatPrice', () => {
  it.each([
    [12.5, '12,50 KM'],
    [0, '0,00 KM'],
    [1234, '1.234,00 KM'],
    [1234567.891, '1.234.567,89 KM'],
    [1.005, '1,01 KM'],
    [-3.2, '-3,20 KM'],
    [Number.NaN, '0,00 KM'],
  ])('%d -> %s', (value, expected) => {
    expect(formatPrice(value)).toBe(expected)
  })
})
