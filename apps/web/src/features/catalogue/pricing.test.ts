import { describe, expect, it } from 'vitest'
import { priceView, wholesaleDisplay } from './pricing.ts'

const product = { price: 149, discount_price: 126.65, wholesale_price: 110 }

describe('priceView', () => {
  it('shows the discount price, the regular price and the percent', () => {
    expect(priceView(product, null, false)).toEqual({
      current: 126.65,
      original: 149,
      discountPercent: 15,
      wholesale: null,
      wholesaleBuyerPays: null,
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
      wholesaleBuyerPays: null,
    })
  })

  it("prices a chosen option by the option's own fields", () => {
    const option = { price: 39.9, discount_price: 34.9, wholesale_price: null }
    expect(priceView(product, option, true)).toEqual({
      current: 34.9,
      original: 39.9,
      discountPercent: 13,
      wholesale: null,
      wholesaleBuyerPays: null,
    })
  })

  it("falls back to the product's prices for an option without a price", () => {
    expect(priceView(product, { price: 0, discount_price: null }, false).current).toBe(126.65)
  })

  it('names the price a wholesale customer pays: the lowest they are entitled to (docs/decisions.md, Walk-through fixes)', () => {
    expect(priceView(product, null, true).wholesaleBuyerPays).toBe('wholesale')
    const onSale = { price: 49.9, discount_price: 37.43, wholesale_price: 39.92 }
    expect(priceView(onSale, null, true)).toMatchObject({
      current: 37.43,
      wholesale: 39.92,
      wholesaleBuyerPays: 'discount',
    })
    const option = { price: 60, discount_price: 45, wholesale_price: 48 }
    expect(priceView(product, option, true)).toMatchObject({
      current: 45,
      wholesale: 48,
      wholesaleBuyerPays: 'discount',
    })
  })
})

describe('wholesaleDisplay', () => {
  const onSale = priceView({ price: 49.9, discount_price: 37.43, wholesale_price: 39.92 }, null, true)
  const plain = priceView(product, null, true)
  it.each([
    ['a wholesale customer who pays the wholesale price', plain, true, 'applies'],
    ['a wholesale customer who pays a lower sale price', onSale, true, 'undercut'],
    ['staff see it for information', onSale, false, 'info'],
    ['nothing without a wholesale price', priceView(product, null, false), true, null],
  ] as const)('%s', (_name, view, paysWholesale, expected) => {
    expect(wholesaleDisplay(view, paysWholesale)).toBe(expected)
  })
})
