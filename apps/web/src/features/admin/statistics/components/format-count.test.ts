import { describe, expect, it } from 'vitest'
import { formatCount } from './format-count.ts'

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1.000'],
    [51268, '51.268'],
    [1234567, '1.234.567'],
    [-1500, '-1.500'],
  ])('writes %d as %s', (value, expected) => {
    expect(formatCount(value)).toBe(expected)
  })
})
