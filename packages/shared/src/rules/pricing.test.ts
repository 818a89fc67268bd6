import { describe, expect, it } from 'vitest'
import { entitledPrice, priceSource, publicPrice, type PriceFields, type PriceKind } from './pricing.ts'

const WHOLESALE = { paysWholesale: true }
const RETAIL = { paysWholesale: false }

describe('entitledPrice: a buyer always pays the lowest price they are entitled to', () => {
  it.each<[string, PriceFields, boolean, number, PriceKind]>([
    // The walk-through's case: a sale (37,43) below the wholesale price (39,92).
    [
      'wholesale buyer, sale below wholesale: the sale price',
      { price: 49.9, discount_price: 37.43, wholesale_price: 39.92 },
      true,
      37.43,
      'discount',
    ],
    [
      'wholesale buyer, wholesale below sale: wholesale',
      { price: 100, discount_price: 80, wholesale_price: 60 },
      true,
      60,
      'wholesale',
    ],
    [
      'wholesale buyer, no discount: wholesale',
      { price: 100, discount_price: null, wholesale_price: 60 },
      true,
      60,
      'wholesale',
    ],
    [
      'wholesale buyer, wholesale equal to the sale: named wholesale',
      { price: 100, discount_price: 70, wholesale_price: 70 },
      true,
      70,
      'wholesale',
    ],
    [
      'wholesale buyer, wholesale above the price (a stale entry): the price',
      { price: 50, discount_price: null, wholesale_price: 55 },
      true,
      50,
      'regular',
    ],
    [
      'wholesale buyer, no wholesale price: the discount',
      { price: 100, discount_price: 80, wholesale_price: null },
      true,
      80,
      'discount',
    ],
    [
      'wholesale buyer, a wholesale price of 0 is no price',
      { price: 100, discount_price: null, wholesale_price: 0 },
      true,
      100,
      'regular',
    ],
    [
      'retail buyer never pays wholesale',
      { price: 100, discount_price: 80, wholesale_price: 60 },
      false,
      80,
      'discount',
    ],
    [
      'retail buyer, no discount: the price',
      { price: 100, discount_price: null, wholesale_price: 60 },
      false,
      100,
      'regular',
    ],
    [
      'a discount that is not lower is ignored',
      { price: 100, discount_price: 120, wholesale_price: null },
      false,
      100,
      'regular',
    ],
    [
      'a discount equal to the price is ignored',
      { price: 100, discount_price: 100, wholesale_price: null },
      true,
      100,
      'regular',
    ],
  ])('%s', (_name, fields, paysWholesale, unitPrice, kind) => {
    expect(entitledPrice(fields, { paysWholesale })).toEqual({ unitPrice, regularPrice: fields.price, kind })
  })

  it('never charges more than the public price', () => {
    for (const wholesale of [10, 50, 79.99, 80, 80.01, 99, 150]) {
      const fields = { price: 100, discount_price: 80, wholesale_price: wholesale }
      expect(entitledPrice(fields, WHOLESALE).unitPrice).toBeLessThanOrEqual(publicPrice(fields).unitPrice)
      expect(entitledPrice(fields, WHOLESALE).unitPrice).toBe(Math.min(wholesale, 80))
      expect(entitledPrice(fields, RETAIL).unitPrice).toBe(80)
    }
  })
})

describe('priceSource', () => {
  const product = { price: 100, discount_price: 80, wholesale_price: 60 }
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
    const option = { price: 60, discount_price: 45, wholesale_price: 48 }
    expect(entitledPrice(priceSource(product, option), WHOLESALE)).toEqual({
      unitPrice: 45,
      regularPrice: 60,
      kind: 'discount',
    })
  })
})
