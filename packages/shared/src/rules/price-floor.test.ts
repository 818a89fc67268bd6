import { describe, expect, it } from 'vitest'
import { effectivePriceFloor, findSaleFloorViolation, holdAtFloor, isBelowFloor } from './price-floor.ts'
import { itReturns } from './test-support.ts'

describe('effectivePriceFloor', () => {
  itReturns(effectivePriceFloor, 'own floor %s and wholesale price %s give %s', [
    [12.5, 30, 12.5],
    [null, 30, 30],
    [undefined, 19.99, 19.99],
    [null, null, 0.01],
    [0, null, 0.01],
    [35, null, 35],
  ])
})

describe('isBelowFloor and holdAtFloor', () => {
  it.each([
    [12.49, 12.5, true, 12.5],
    [12.5, 12.5, false, 12.5],
    [12.51, 12.5, false, 12.51],
    [0.1 + 0.2, 0.3, false, 0.1 + 0.2],
  ])('%s against the floor %s', (price, floor, below, held) => {
    expect(isBelowFloor(price, floor)).toBe(below)
    expect(holdAtFloor(price, floor)).toBe(held)
  })
})

describe('findSaleFloorViolation', () => {
  const sale = { originalPrice: 50, discountPercentage: 40, discountedPrice: 30 }

  it('passes a sale price at or above every floor', () => {
    expect(findSaleFloorViolation(null, [{ size: null, price: 50, wholesalePrice: 30 }], sale)).toBeNull()
  })

  it('names the price that would go below the wholesale price, the default floor', () => {
    expect(findSaleFloorViolation(null, [{ size: null, price: 50, wholesalePrice: 31 }], sale)).toEqual({
      size: null,
      salePrice: 30,
      floor: 31,
    })
  })

  it('lets an own floor below the wholesale price allow the sale', () => {
    expect(findSaleFloorViolation(20, [{ size: null, price: 50, wholesalePrice: 40 }], sale)).toBeNull()
  })

  it('checks each option at the percentage off its own price, against its own wholesale price', () => {
    const prices = [
      { size: null, price: 50, wholesalePrice: null },
      { size: 'S', price: 50, wholesalePrice: null },
      { size: 'XL', price: 60, wholesalePrice: 37 },
    ]
    expect(findSaleFloorViolation(null, prices, sale)).toEqual({ size: 'XL', salePrice: 36, floor: 37 })
    expect(findSaleFloorViolation(30, prices, sale)).toBeNull()
  })
})
