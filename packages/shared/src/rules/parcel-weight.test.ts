import { describe, expect, it } from 'vitest'
import { formatWeightKg, isWeightKg, parcelWeight, unitWeight } from './parcel-weight.ts'
import { itReturns } from './test-support.ts'

describe('parcel weight (docs/decisions.md, Product weights and shipping by weight)', () => {
  it('sums the lines in whole grams', () => {
    expect(parcelWeight([])).toBe(0)
    expect(
      parcelWeight([
        { weightKg: 0.1, quantity: 1 },
        { weightKg: 0.2, quantity: 1 },
      ]),
    ).toBe(0.3)
    expect(
      parcelWeight([
        { weightKg: 1.25, quantity: 8 },
        { weightKg: 2.4, quantity: 1 },
      ]),
    ).toBe(12.4)
    expect(parcelWeight([{ weightKg: 0, quantity: 5 }])).toBe(0)
  })

  it('is unknown when any line has no weight', () => {
    expect(
      parcelWeight([
        { weightKg: 2, quantity: 1 },
        { weightKg: null, quantity: 1 },
      ]),
    ).toBeNull()
  })

  it("takes the option's own weight, else the product's", () => {
    expect(unitWeight(2, 3.5)).toBe(3.5)
    expect(unitWeight(2, null)).toBe(2)
    expect(unitWeight(2)).toBe(2)
    expect(unitWeight(null, null)).toBeNull()
    expect(unitWeight(null, 0)).toBe(0)
  })

  itReturns(isWeightKg, 'isWeightKg(%j) is %s', [
    [0, true],
    [1.25, true],
    [10.001, true],
    [9_999_999.999, true],
    [1.2345, false],
    [-0.001, false],
    [10_000_000, false],
    [Number.NaN, false],
    ['1', false],
  ])

  itReturns(formatWeightKg, 'formats %d kg as %s', [
    [1.25, '1,250 kg'],
    [12.4, '12,400 kg'],
    [0, '0,000 kg'],
    [1234.5, '1.234,500 kg'],
  ])
})
