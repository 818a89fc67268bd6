import { describe, expect, it } from 'vitest'
import { catalogueProductOf } from '../schemas/test-support.ts'
import { cardOf } from './catalogue-card.ts'

const product = catalogueProductOf({
  short_description: 'Lagana',
  description: 'Duži opis',
  discount_price: 179,
  images: [
    { url: 'b.webp', is_primary: false },
    { url: 'a.webp', is_primary: true },
  ],
  has_sizes: true,
  sizes: ['S', 'M'],
  size_stock: [
    { size: 'S', customId: null, stock: 0, infinite: false, price: 199, discount_price: null },
    { size: 'M', customId: null, stock: 2, infinite: false, price: 199, discount_price: null },
  ],
  stock: 0,
  specifications: [{ name: 'Napon', value: '12 V' }],
  weight_kg: 1.2,
})

describe('a store card of a product', () => {
  it('keeps the primary image only, the product prices and availability as one flag', () => {
    expect(cardOf(product)).toEqual({
      id: 'a1',
      customId: '100001',
      name: 'Aku bušilica',
      brand: null,
      short_description: 'Lagana',
      images: [{ url: 'a.webp', is_primary: true }],
      price: 199,
      discount_price: 179,
      has_sizes: true,
      is_available: true,
      unit: 'kom',
    })
  })

  it('takes the first image without a primary one, and none without images', () => {
    expect(cardOf({ ...product, images: [{ url: 'b.webp', is_primary: false }] }).images).toEqual([
      { url: 'b.webp', is_primary: false },
    ])
    expect(cardOf({ ...product, images: [] }).images).toEqual([])
  })

  it('is not available when every option is sold out; carries the wholesale price only when the product does', () => {
    const soldOut = { ...product, size_stock: product.size_stock.map((option) => ({ ...option, stock: 0 })) }
    expect(cardOf(soldOut).is_available).toBe(false)
    expect(cardOf(product)).not.toHaveProperty('wholesale_price')
    expect(cardOf({ ...product, wholesale_price: 150 }).wholesale_price).toBe(150)
  })
})
