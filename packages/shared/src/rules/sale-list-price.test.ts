import { describe, expect, it } from 'vitest'
import { saleListPrice } from './sale-list-price.ts'

const entry = { originalPrice: 100, discountPercentage: 20, discountedPrice: 80 }

describe('saleListPrice (docs/decisions.md Sales campaigns: what the buyer pays)', () => {
  it.each([
    ['the sale price, before the sale runs', { price: 100, discountPrice: null, isApplied: false }, 100, 80, 20, false],
    ['the sale price, while it runs', { price: 100, discountPrice: 80, isApplied: true }, 100, 80, 20, false],
    ['a lower own discount, before', { price: 100, discountPrice: 70, isApplied: false }, 100, 70, 30, true],
    ['a lower own discount, while it runs', { price: 100, discountPrice: 70, isApplied: true }, 100, 70, 30, true],
    [
      'a price raised before the sale: the percentage off the new price',
      { price: 120, discountPrice: null, isApplied: false },
      120,
      96,
      20,
      false,
    ],
    [
      'a price raised while it runs: the price the shop charges',
      { price: 120, discountPrice: 80, isApplied: true },
      120,
      80,
      33,
      true,
    ],
    [
      'a discount price staff removed while it runs',
      { price: 100, discountPrice: null, isApplied: true },
      100,
      100,
      0,
      false,
    ],
  ])('%s', (_case, product, originalPrice, discountedPrice, discountPercentage, isBelowSalePrice) => {
    expect(saleListPrice({ ...product, entry })).toEqual({
      originalPrice,
      discountedPrice,
      discountPercentage,
      isBelowSalePrice,
    })
  })

  it('keeps a custom sale price exact while the price it was set on stands', () => {
    const custom = { originalPrice: 59.9, discountPercentage: 17, discountedPrice: 49.99 }
    expect(saleListPrice({ price: 59.9, discountPrice: null, isApplied: false, entry: custom }).discountedPrice).toBe(
      49.99,
    )
  })
})
