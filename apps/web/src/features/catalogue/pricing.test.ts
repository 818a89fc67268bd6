import { describe, expect, it } from 'vitest'
import { priceView } from './pricing.ts'

const product = { price: 149, discount_price: 126.65, wholesale_price: 110 }

describe('priceView', () => {
  it('shows the discount price, the regular price and the percent', () => {
    expect(priceView(product, null, false)).toEqual({
      current: 126.65,
      original: 149,
      discountPercent: 15,
      wholesale: null,
    })
  })

  it('adds the wholesale price for roles that may see it', () => {
    expect(priceView(product, null, true).wholesale).toBe(110)
    expect(priceView({ ...product, wholesale_price: null }, null, true).wholesale).toBeNull()
  })

  it('ignores a discount that is not below the price', () => {
    expect(priceView({ price: 20, discount_price: 25 }, null, false)).toEqual({
      current: 20,
      original: null,
      discountPercent: 0,
      wholesale: null,
    })
  })

  it("prices a chosen option by the option's own fields", () => {
    const option = { price: 39.9, discount_price: 34.9, wholesale_price: null }
    expect(priceView(product, option, true)).toEqual({
      current: 34.9,
      original: 39.9,
      discountPercent: 13,
      wholesale: null,
    })
  })

  it("falls back to the product's prices for an option without a price", () => {
    expect(priceView(product, { price: 0, discount_price: null }, false).current).toBe(126.65)
  })
})
