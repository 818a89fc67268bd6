import { describe, expect, it } from 'vitest'
import {
  availableStock,
  hasEnoughStock,
  isOutOfStock,
  lineUnitPrice,
  resolveLinePrice,
  shouldRemoveLine,
  type StockedOption,
  type StockedProduct,
} from './cart.ts'
import { itReturns } from './test-support.ts'

const product: StockedProduct = {
  price: 100,
  discount_price: 80,
  wholesale_price: 60,
  stock: 5,
  infinite_stock: false,
  has_sizes: false,
}
const plain: StockedProduct = {
  price: 100,
  discount_price: null,
  wholesale_price: null,
  stock: 5,
  infinite_stock: false,
  has_sizes: false,
}
const sized: StockedProduct = { ...product, has_sizes: true, stock: 0 }
const ownPrices: StockedOption = {
  size: 'XL',
  price: 150,
  discount_price: 140,
  wholesale_price: 90,
  stock: 2,
  infinite: false,
}
const noPrices: StockedOption = {
  size: 'M',
  price: null,
  discount_price: null,
  wholesale_price: null,
  stock: 0,
  infinite: true,
}
const onlyPrice: StockedOption = { size: 'S', price: 120, stock: 1, infinite: false }

describe('lineUnitPrice', () => {
  it.each([
    ['guest pays the discount price', product, null, [], 80],
    ['user pays the discount price', product, null, ['user'], 80],
    ['wholesale pays the wholesale price', product, null, ['user', 'wholesale'], 60],
    [
      'wholesale pays a sale price below the wholesale price',
      { ...product, discount_price: 50 },
      null,
      ['wholesale'],
      50,
    ],
    ['role names compare case-insensitively', product, null, ['WHOLESALE'], 60],
    ['staff buy at shop prices', product, null, ['admin'], 80],
    ['store managers too', product, null, ['store_manager'], 80],
    [
      'wholesale without a wholesale price pays the discount',
      { ...product, wholesale_price: null },
      null,
      ['wholesale'],
      80,
    ],
    ['no discount: the price', plain, null, ['wholesale'], 100],
    ['a discount that is not lower is ignored', { ...plain, discount_price: 120 }, null, [], 100],
    ['an option with its own prices', sized, ownPrices, [], 140],
    ['an option with its own wholesale price', sized, ownPrices, ['wholesale'], 90],
    ['an option with only a price', sized, onlyPrice, ['wholesale'], 120],
    ['an option without prices uses the product', sized, noPrices, ['wholesale'], 60],
    ['an option without prices, retail', sized, noPrices, null, 80],
  ] as const)('%s', (_name, item, option, roles, expected) => {
    expect(lineUnitPrice(item, option, roles)).toBe(expected)
  })

  it('flags wholesale prices and keeps the regular price', () => {
    expect(resolveLinePrice(product, null, ['wholesale'])).toEqual({
      unitPrice: 60,
      regularPrice: 100,
      kind: 'wholesale',
      isWholesalePrice: true,
    })
    expect(resolveLinePrice(product, null, ['admin'])).toEqual({
      unitPrice: 80,
      regularPrice: 100,
      kind: 'discount',
      isWholesalePrice: false,
    })
  })

  it('charges a wholesale customer the sale price when it is below the wholesale price (docs/decisions.md, Walk-through fixes)', () => {
    const onSale = { ...product, price: 49.9, discount_price: 37.43, wholesale_price: 39.92 }
    expect(resolveLinePrice(onSale, null, ['user', 'wholesale'])).toEqual({
      unitPrice: 37.43,
      regularPrice: 49.9,
      kind: 'discount',
      isWholesalePrice: false,
    })
    const optionOnSale = { ...ownPrices, price: 60, discount_price: 45, wholesale_price: 48 }
    expect(resolveLinePrice(sized, optionOnSale, ['wholesale'])).toMatchObject({ unitPrice: 45, kind: 'discount' })
  })
})

describe('hasEnoughStock and availableStock', () => {
  it.each([
    ['finite product, enough', product, null, 5, true, 5],
    ['finite product, too few', product, null, 6, false, 5],
    ['infinite product always passes', { ...product, stock: 0, infinite_stock: true }, null, 1000, true, null],
    ['sized product checks the size', sized, ownPrices, 2, true, 2],
    ['sized product, size too low', sized, ownPrices, 3, false, 2],
    ['infinite size always passes', sized, noPrices, 999, true, null],
    ['sized product without a size has none', sized, null, 1, false, 0],
    ['missing size stock counts as 0', sized, { ...ownPrices, stock: null }, 1, false, 0],
    ['negative stock counts as 0', { ...product, stock: -2 }, null, 1, false, 0],
  ] as const)('%s', (_name, item, option, quantity, enough, available) => {
    expect(hasEnoughStock(item, option, quantity)).toBe(enough)
    expect(availableStock(item, option)).toBe(available)
  })
})

describe('isOutOfStock (customer-side.md §4 Stock)', () => {
  it.each([
    ['finite 0', { ...product, stock: 0 }, [], true],
    ['finite 1', product, [], false],
    ['infinite 0', { ...product, stock: 0, infinite_stock: true }, [], false],
    [
      'every size out',
      sized,
      [
        { ...ownPrices, stock: 0 },
        { ...onlyPrice, stock: null },
      ],
      true,
    ],
    ['one size left', sized, [{ ...ownPrices, stock: 0 }, onlyPrice], false],
    ['an infinite size', sized, [{ ...ownPrices, stock: 0 }, noPrices], false],
  ] as const)('%s', (_name, item, options, expected) => {
    expect(isOutOfStock(item, options)).toBe(expected)
  })
})

describe('shouldRemoveLine', () => {
  itReturns(shouldRemoveLine, '%d -> %s', [
    [0, true],
    [-1, true],
    [0.5, true],
    [Number.NaN, true],
    [1, false],
    [12, false],
  ])
})
