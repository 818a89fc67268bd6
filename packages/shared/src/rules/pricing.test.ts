import { describe, expect, it } from 'vitest'
import { entitledPrice, priceSource, publicPrice, type PriceFields, type PriceKind } from './pricing.ts'

const WHOLESALE = { paysWholesale: true }
const RETAIL = { paysWholesale: false }

/** A product's price, discount price and wholesale price. */
const prices = (price: number, discount_price: number | null, wholesale_price: number | null): PriceFields => ({
  price,
  discount_price,
  wholesale_price,
})

describe('entitledPrice: a buyer always pays the lowest price they are entitled to', () => {
  it.each<[string, PriceFields, { paysWholesale: boolean }, number, PriceKind]>([
    // The walk-through's case: a sale (37,43) below the wholesale price (39,92).
    ['wholesale buyer, sale below wholesale: the sale price', prices(49.9, 37.43, 39.92), WHOLESALE, 37.43, 'discount'],
    ['wholesale buyer, wholesale below sale: wholesale', prices(100, 80, 60), WHOLESALE, 60, 'wholesale'],
    ['wholesale buyer, no discount: wholesale', prices(100, null, 60), WHOLESALE, 60, 'wholesale'],
    ['wholesale buyer, wholesale equal to the sale: named wholesale', prices(100, 70, 70), WHOLESALE, 70, 'wholesale'],
    [
      'wholesale buyer, wholesale above the price (a stale entry): the price',
      prices(50, null, 55),
      WHOLESALE,
      50,
      'regular',
    ],
    ['wholesale buyer, no wholesale price: the discount', prices(100, 80, null), WHOLESALE, 80, 'discount'],
    ['wholesale buyer, a wholesale price of 0 is no price', prices(100, null, 0), WHOLESALE, 100, 'regular'],
    ['retail buyer never pays wholesale', prices(100, 80, 60), RETAIL, 80, 'discount'],
    ['retail buyer, no discount: the price', prices(100, null, 60), RETAIL, 100, 'regular'],
    ['a discount that is not lower is ignored', prices(100, 120, null), RETAIL, 100, 'regular'],
    ['a discount equal to the price is ignored', prices(100, 100, null), WHOLESALE, 100, 'regular'],
  ])('%s', (_name, fields, buyer, unitPrice, kind) => {
    expect(entitledPrice(fields, buyer)).toEqual({ unitPrice, regularPrice: fields.price, kind })
  })

  it('never charges more than the public price', () => {
    for (const wholesale of [10, 50, 79.99, 80, 80.01, 99, 150]) {
      const fields = prices(100, 80, wholesale)
      expect(entitledPrice(fields, WHOLESALE).unitPrice).toBeLessThanOrEqual(publicPrice(fields).unitPrice)
      expect(entitledPrice(fields, WHOLESALE).unitPrice).toBe(Math.min(wholesale, 80))
      expect(entitledPrice(fields, RETAIL).unitPrice).toBe(80)
    }
  })
})

describe('priceSource', () => {
  const product = prices(100, 80, 60)
  it.each<[string, PriceFields | null, PriceFields]>([
    ['no option: the product', null, product],
    [
      'an option with its own price: the option',
      { price: 150, discount_price: null },
      { price: 150, discount_price: null },
    ],
    ['an option without a price: the product', { price: null }, product],
    ['an option priced 0: the product', { price: 0 }, product],
  ])('%s', (_name, option, expected) => {
    expect(priceSource(product, option)).toEqual(expected)
  })

  it('prices an option on sale below its wholesale price at the sale price for wholesale buyers', () => {
    const option = prices(60, 45, 48)
    expect(entitledPrice(priceSource(product, option), WHOLESALE)).toEqual({
      unitPrice: 45,
      regularPrice: 60,
      kind: 'discount',
    })
  })
})
