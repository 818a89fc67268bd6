import { describe, expect, it } from 'vitest'
import {
  compareProducts,
  effectivePrice,
  isDiscounted,
  sortPrice,
  type ProductSort,
  type SortableProduct,
} from './sort.ts'
import { itReturns } from './test-support.ts'

const product = (fields: Partial<SortableProduct> & { name: string }): SortableProduct => ({
  id: fields.name,
  price: 10,
  has_sizes: false,
  stock: 5,
  infinite_stock: false,
  ...fields,
})

const catalogue: SortableProduct[] = [
  product({ name: 'Žica', price: 4 }),
  product({ name: 'Čekić', price: 25, discount_price: 20 }),
  product({ name: 'Cijev', price: 12, recommended: true }),
  product({ name: 'Bušilica', price: 150, stock: 0 }),
  product({ name: 'Zavrtanj', price: 1 }),
  product({
    name: 'Majica',
    price: 30,
    has_sizes: true,
    size_stock: [
      { price: 30, stock: 0 },
      { price: 18, stock: 3 },
    ],
  }),
  product({ name: 'Šilo', price: 8, infinite_stock: true, stock: 0 }),
]

describe('compareProducts', () => {
  it.each<[ProductSort, string[]]>([
    ['recommended', ['Cijev', 'Čekić', 'Majica', 'Šilo', 'Zavrtanj', 'Žica', 'Bušilica']],
    ['name-asc', ['Čekić', 'Cijev', 'Majica', 'Šilo', 'Zavrtanj', 'Žica', 'Bušilica']],
    ['name-desc', ['Žica', 'Zavrtanj', 'Šilo', 'Majica', 'Cijev', 'Čekić', 'Bušilica']],
    ['price-asc', ['Zavrtanj', 'Žica', 'Šilo', 'Cijev', 'Majica', 'Čekić', 'Bušilica']],
    ['price-desc', ['Čekić', 'Majica', 'Cijev', 'Šilo', 'Žica', 'Zavrtanj', 'Bušilica']],
  ])('%s puts out-of-stock last and orders the rest', (sort, expected) => {
    expect([...catalogue].sort(compareProducts(sort)).map((item) => item.name)).toEqual(expected)
  })
})

describe('prices for sorting', () => {
  itReturns(effectivePrice, 'effectivePrice(%d, %s) is %d', [
    [10, null, 10],
    [10, 8, 8],
    [10, undefined, 10],
  ])

  it.each<[string, SortableProduct, number]>([
    ['own discount', product({ name: 'a', price: 10, discount_price: 7 }), 7],
    [
      'cheapest option',
      product({ name: 'b', has_sizes: true, size_stock: [{ price: 9 }, { price: 12, discount_price: 6 }] }),
      6,
    ],
    [
      'option without price uses the product price',
      product({ name: 'c', price: 11, has_sizes: true, size_stock: [{ price: null }] }),
      11,
    ],
    ['sizes without options', product({ name: 'd', price: 5, has_sizes: true, size_stock: [] }), 5],
  ])('sortPrice: %s', (_label, item, expected) => {
    expect(sortPrice(item)).toBe(expected)
  })

  it.each<[string, SortableProduct, boolean]>([
    ['own discount', product({ name: 'a', discount_price: 7 }), true],
    ['no discount', product({ name: 'b' }), false],
    [
      'an option discount',
      product({ name: 'c', has_sizes: true, size_stock: [{ price: 9, discount_price: 8 }] }),
      true,
    ],
  ])('isDiscounted: %s', (_label, item, expected) => {
    expect(isDiscounted(item)).toBe(expected)
  })
})
