import { describe, expect, it } from 'vitest'
import { countCartItems, parseCart } from './cart-storage.ts'

const line = { productId: '100200', name: 'Bušilica', price: 159.9, image: '/api/images/a.webp', size: null, quantity: 2 }

describe('parseCart', () => {
  it.each([
    ['nothing stored', null, []],
    ['broken JSON', '{not json', []],
    ['a non-array', '{"productId":"1"}', []],
    ['a good line', JSON.stringify([line]), [line]],
    ['a numeric product id and size label', JSON.stringify([{ ...line, productId: 7, size: 'XL' }]), [{ ...line, productId: '7', size: 'XL' }]],
    ['a line with quantity 0 (removed)', JSON.stringify([{ ...line, quantity: 0 }]), []],
    ['a line without product id', JSON.stringify([{ ...line, productId: '' }]), []],
    ['a missing price (0)', JSON.stringify([{ ...line, price: undefined }]), [{ ...line, price: 0 }]],
  ])('reads %s', (_case, raw, expected) => {
    expect(parseCart(raw)).toEqual(expected)
  })
})

describe('countCartItems', () => {
  it('sums the quantities for the badge', () => {
    expect(countCartItems([])).toBe(0)
    expect(countCartItems([line, { ...line, productId: '2', quantity: 3 }])).toBe(5)
  })
})
