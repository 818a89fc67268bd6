import { describe, expect, it } from 'vitest'
import type { Product } from './api/catalogue.ts'
import { cartLineFor } from './cart-line.ts'

const product = {
  id: 'p1',
  customId: '100404',
  name: 'Kabel produžni',
  price: 24.9,
  discount_price: 19.9,
  wholesale_price: 15,
  images: [
    { url: '/api/images/products/side.webp', is_primary: false },
    { url: '/api/images/products/front.webp', is_primary: true },
  ],
  has_sizes: false,
  size_stock: [],
  stock: 2,
  infinite_stock: false,
} as unknown as Product

const option = {
  size: '20 m',
  customId: '100404-20 m',
  stock: 1,
  infinite: false,
  price: 39.9,
  discount_price: null,
  wholesale_price: 30,
}

describe('cartLineFor', () => {
  it('uses the customId, the price this shopper pays and the primary image', () => {
    expect(cartLineFor(product, null, ['user'])).toEqual({
      productId: '100404',
      name: 'Kabel produžni',
      price: 19.9,
      image: '/api/images/products/front.webp',
      size: null,
    })
  })

  it('charges wholesale customers the wholesale price, staff the shop price', () => {
    expect(cartLineFor(product, null, ['wholesale']).price).toBe(15)
    expect(cartLineFor(product, null, ['admin']).price).toBe(19.9)
  })

  it("takes an option's size and its own price", () => {
    expect(cartLineFor({ ...product, has_sizes: true, size_stock: [option] }, option, undefined)).toMatchObject({
      size: '20 m',
      price: 39.9,
    })
  })
})
