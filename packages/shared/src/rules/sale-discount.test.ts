import { describe, expect, it } from 'vitest'
import { lowestPrice, resolveSaleDiscount, salePriceOf, type SaleDiscount } from './sale-discount.ts'
import { itReturns } from './test-support.ts'

const refused = (reason: Extract<SaleDiscount, { ok: false }>['reason']) => ({ ok: false, reason })

describe('salePriceOf', () => {
  itReturns(salePriceOf, '%d less %d%% is %d', [
    [100, 20, 80],
    [59.9, 25, 44.93],
    [19.99, 15, 16.99],
    [0.05, 50, 0.03],
    [10, 99, 0.1],
    [0.01, 1, 0.01],
  ])
})

describe('resolveSaleDiscount', () => {
  it.each([
    [
      { price: 100, discountPercentage: 20 },
      { ok: true, originalPrice: 100, discountPercentage: 20, discountedPrice: 80 },
    ],
    [
      { price: 100, discountPercentage: 1 },
      { ok: true, discountPercentage: 1, discountedPrice: 99 },
    ],
    [
      { price: 100, discountPercentage: 99 },
      { ok: true, discountPercentage: 99, discountedPrice: 1 },
    ],
    // docs/decisions.md, 'Money rules': never 100 % off.
    [{ price: 100, discountPercentage: 100 }, refused('percentRange')],
    // A custom price: rounded to 2 decimals, the percentage derived as round((1 - new/old) * 100).
    [
      { price: 100, discountedPrice: 79.994 },
      { ok: true, discountPercentage: 20, discountedPrice: 79.99 },
    ],
    [
      { price: 59.9, discountPercentage: 50, discountedPrice: 44.5 },
      { ok: true, discountPercentage: 26, discountedPrice: 44.5 },
    ],
    [{ price: 100, discountedPrice: 0.01 }, refused('percentRange')],
    [{ price: 100, discountedPrice: 0.004 }, refused('priceNotBelow')],
    [{ price: 100 }, refused('required')],
    [{ price: 100, discountPercentage: null, discountedPrice: null }, refused('required')],
    [{ price: 100, discountPercentage: Number.NaN }, refused('required')],
    [{ price: 100, discountPercentage: 0 }, refused('percentRange')],
    [{ price: 100, discountPercentage: 101 }, refused('percentRange')],
    [{ price: 100, discountPercentage: 12.5 }, refused('percentRange')],
    [{ price: 100, discountedPrice: 100 }, refused('priceNotBelow')],
    [{ price: 100, discountedPrice: 120 }, refused('priceNotBelow')],
    [{ price: 100, discountedPrice: 0 }, refused('priceNotBelow')],
    // Below the original, but less than half a percent off: no whole percentage of 1 or more.
    [{ price: 100, discountedPrice: 99.6 }, refused('percentRange')],
  ])('%o gives %o', (input, expected) => {
    expect(resolveSaleDiscount(input)).toMatchObject(expected)
  })
})

describe('lowestPrice', () => {
  itReturns(lowestPrice, 'own %s and sale %d give %d', [
    [null, 80, 80],
    [undefined, 80, 80],
    [70, 80, 70],
    [90, 80, 80],
    [80, 80, 80],
  ])
})
