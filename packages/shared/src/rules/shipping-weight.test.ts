import { describe, expect, it } from 'vitest'
import { MAX_PUBLISHED_PARCEL_KG, PARCEL_PRICE_BANDS, parcelPrice } from './shipping-weight.ts'

describe('parcelPrice (staff-and-content.md §9 published shipping price by parcel weight)', () => {
  it('holds the thirteen bands of the table, from 10 kg 12.00 to 300 kg 98.50', () => {
    expect(PARCEL_PRICE_BANDS.map((band) => [band.upToKg, band.price])).toEqual([
      [10, 12],
      [20, 14.5],
      [30, 19],
      [40, 25],
      [50, 32.5],
      [60, 38.5],
      [70, 41.5],
      [80, 47.5],
      [90, 53.5],
      [100, 58],
      [150, 68.5],
      [200, 80.5],
      [300, 98.5],
    ])
    expect(PARCEL_PRICE_BANDS.at(-1)?.upToKg).toBe(MAX_PUBLISHED_PARCEL_KG)
  })

  it.each([
    [0.5, 12, 10, false],
    [10, 12, 10, false],
    [10.01, 14.5, 20, false],
    [30, 19, 30, false],
    [30.5, 25, 40, true],
    [100, 58, 100, true],
    [101, 68.5, 150, true],
    [300, 98.5, 300, true],
  ])('a parcel of %d kg costs %d KM (band up to %d kg, unloaded by the buyer: %s)', (kg, price, upToKg, unloads) => {
    expect(parcelPrice(kg)).toEqual({ kind: 'price', price, upToKg, isUnloadedByBuyer: unloads })
  })

  it('has no published price above 300 kg: the customer contacts the company', () => {
    expect(parcelPrice(300.1)).toEqual({ kind: 'contact' })
    expect(parcelPrice(1000)).toEqual({ kind: 'contact' })
  })

  it('refuses a weight that is not a weight', () => {
    expect(() => parcelPrice(-1)).toThrow(RangeError)
    expect(() => parcelPrice(Number.NaN)).toThrow(RangeError)
  })
})
