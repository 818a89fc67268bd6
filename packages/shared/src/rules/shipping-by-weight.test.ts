import { describe, expect, it } from 'vitest'
import { calculateShipping, availableShippingOptions, type ShippingSettings } from './shipping.ts'
import { parcelPrice } from './shipping-weight.ts'

// docs/decisions.md, 'Product weights and shipping by weight'.
const settings: ShippingSettings = {
  freeShippingThreshold: 300,
  options: [
    { id: 'parcel', name: 'Dostava po težini', basePrice: 10, pricedByWeight: true },
    { id: 'pickup', name: 'Osobno preuzimanje', basePrice: 0 },
  ],
}
const at = (weightKg: number | null) => ({ settings, subtotal: 50, itemCount: 1, weightKg, option: 'parcel' })

describe('shipping priced by the parcel weight table', () => {
  it.each([
    [0, 12],
    [10, 12],
    [10.001, 14.5],
    [30, 19],
    [300, 98.5],
  ])('%d kg costs %d KM', (weightKg, cost) => {
    expect(calculateShipping(at(weightKg))).toMatchObject({ kind: 'option', cost })
  })

  it('offers only pickup above the last band', () => {
    expect(availableShippingOptions(settings, { subtotal: 50, weightKg: 300.001 }).map((o) => o.id)).toEqual(['pickup'])
    expect(calculateShipping(at(300.001)).kind).toBe('unavailable')
    expect(calculateShipping({ ...at(301), option: undefined })).toMatchObject({ option: { id: 'pickup' }, cost: 0 })
  })

  it('does not offer the weight-priced option when a weight is unknown', () => {
    expect(availableShippingOptions(settings, { subtotal: 50, weightKg: null }).map((o) => o.id)).toEqual(['pickup'])
    expect(calculateShipping(at(null)).kind).toBe('unavailable')
  })

  it("prices by the staff's stored table", () => {
    const own = { ...settings, parcelPriceBands: [{ upToKg: 5, price: 7 }] }
    expect(calculateShipping({ ...at(5), settings: own })).toMatchObject({ cost: 7 })
    expect(availableShippingOptions(own, { subtotal: 50, weightKg: 5.5 }).map((o) => o.id)).toEqual(['pickup'])
    expect(parcelPrice(5.5, own.parcelPriceBands)).toEqual({ kind: 'contact' })
  })

  it('is free above the threshold unless staff switch the threshold off for it', () => {
    expect(calculateShipping({ ...at(12), subtotal: 300 })).toMatchObject({ cost: 0 })
    const paid = { ...settings, options: [{ ...settings.options![0]!, appliesFreeShipping: false }] }
    expect(calculateShipping({ ...at(12), settings: paid, subtotal: 300 })).toMatchObject({ cost: 14.5 })
  })
})
