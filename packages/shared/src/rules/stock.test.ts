import { describe, expect, it } from 'vitest'
import { isOptionOutOfStock, isOutOfStock, type StockFields } from './stock.ts'
import { itReturns } from './test-support.ts'

describe('isOutOfStock', () => {
  it.each<[string, StockFields, boolean]>([
    ['no sizes, stock 5', { has_sizes: false, stock: 5, infinite_stock: false }, false],
    ['no sizes, stock 0', { has_sizes: false, stock: 0, infinite_stock: false }, true],
    ['no sizes, stock 0 but infinite', { has_sizes: false, stock: 0, infinite_stock: true }, false],
    ['no sizes, stock missing', { has_sizes: false }, true],
    ['sizes, one option in stock', { has_sizes: true, stock: 0, size_stock: [{ stock: 0 }, { stock: 2 }] }, false],
    [
      'sizes, one option infinite',
      { has_sizes: true, size_stock: [{ stock: 0 }, { stock: 0, infinite: true }] },
      false,
    ],
    ['sizes, every option at 0', { has_sizes: true, stock: 9, size_stock: [{ stock: 0 }, { stock: null }] }, true],
    ['sizes, no options', { has_sizes: true, stock: 9, size_stock: [] }, true],
    [
      'sizes ignore the product stock',
      { has_sizes: true, stock: 10, infinite_stock: true, size_stock: [{ stock: 0 }] },
      true,
    ],
  ])('%s', (_label, product, expected) => {
    expect(isOutOfStock(product)).toBe(expected)
  })

  itReturns(isOptionOutOfStock, 'option %j out of stock: %s', [
    [{ stock: 1 }, false],
    [{ stock: 0 }, true],
    [{ stock: 0, infinite: true }, false],
    [{}, true],
  ])
})
