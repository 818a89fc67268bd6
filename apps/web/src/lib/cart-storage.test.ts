import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  addLinesToCart,
  CART_CHANGED_EVENT,
  CART_KEY,
  addToCart,
  clearCart,
  countCartItems,
  parseCart,
  readCart,
  readCartLines,
  NO_CART_LINES,
  refreshCartLines,
  removeFromCart,
  updateCartQuantity,
} from './cart-storage.ts'

const line = {
  productId: '100200',
  name: 'Bušilica',
  price: 159.9,
  image: '/api/images/a.webp',
  size: null,
  quantity: 2,
}

describe('parseCart', () => {
  it.each([
    ['nothing stored', null, []],
    ['broken JSON', '{not json', []],
    ['a non-array', '{"productId":"1"}', []],
    ['a good line', JSON.stringify([line]), [line]],
    [
      'a numeric product id and size label',
      JSON.stringify([{ ...line, productId: 7, size: 'XL' }]),
      [{ ...line, productId: '7', size: 'XL' }],
    ],
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

describe('cart actions', () => {
  let stored: Map<string, string>
  let changes: number

  beforeEach(() => {
    stored = new Map()
    changes = 0
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    })
    const events = new EventTarget()
    events.addEventListener(CART_CHANGED_EVENT, () => changes++)
    vi.stubGlobal('window', events)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  const drill = { productId: 100200, name: 'Bušilica', price: 159.9, image: '/api/images/a.webp', size: null }

  it('adds several lines at once (reorder, quick order), merging each with its product and size, in one write', () => {
    addToCart(drill, 2)
    expect(
      addLinesToCart([
        { ...line, quantity: 3, price: 149.9 },
        { ...line, productId: '300400', name: 'Pila', size: 'M', quantity: 1 },
      ]),
    ).toBe(true)
    expect(readCart()).toEqual([
      { ...line, quantity: 5, price: 149.9 },
      { ...line, productId: '300400', name: 'Pila', size: 'M', quantity: 1 },
    ])
    expect(changes).toBe(2)
  })

  it('adds a line, then merges more units of the same product and size into it', () => {
    expect(addToCart(drill)).toEqual({ success: true, message: 'Proizvod je dodan u košaricu' })
    expect(addToCart(drill, 2)).toMatchObject({ success: true })
    expect(addToCart({ ...drill, size: 'XL' })).toMatchObject({ success: true })
    expect(readCart()).toEqual([
      { ...drill, productId: '100200', quantity: 3 },
      { ...drill, productId: '100200', size: 'XL', quantity: 1 },
    ])
    expect(changes).toBe(3)
  })

  it('stores a missing price as 0 and refuses a quantity below 1', () => {
    expect(addToCart({ ...drill, price: undefined }).success).toBe(true)
    expect(readCart()[0]?.price).toBe(0)
    expect(addToCart(drill, 0)).toEqual({ success: false, message: 'Failed to add product to cart' })
  })

  it("refuses to go beyond the stock with 'Not enough stock available'", () => {
    addToCart(drill, 2, 3)
    expect(addToCart(drill, 2, 3)).toEqual({ success: false, message: 'Not enough stock available' })
    expect(updateCartQuantity('100200', null, 4, 3)).toEqual({ success: false, message: 'Not enough stock available' })
    expect(updateCartQuantity('100200', null, 500, null)).toMatchObject({ success: true })
    expect(readCart()[0]?.quantity).toBe(500)
  })

  it('updates a quantity, and removes the line when it falls below 1', () => {
    addToCart(drill, 2)
    expect(updateCartQuantity('100200', null, 5)).toEqual({ success: true, message: 'Količina je ažurirana' })
    expect(readCart()[0]?.quantity).toBe(5)
    expect(updateCartQuantity('100200', null, 0)).toEqual({
      success: true,
      message: 'Proizvod je uklonjen iz košarice',
    })
    expect(readCart()).toEqual([])
    expect(stored.has(CART_KEY)).toBe(false)
  })

  it('fails to update or remove a line that is not in the cart', () => {
    expect(updateCartQuantity('404', null, 2)).toEqual({ success: false, message: 'Failed to update quantity' })
    expect(removeFromCart('404', null).success).toBe(false)
  })

  it('removes one size only and clears the whole cart', () => {
    addToCart(drill)
    addToCart({ ...drill, size: 'XL' })
    expect(removeFromCart('100200', 'XL')).toMatchObject({ success: true })
    expect(readCart()).toHaveLength(1)
    expect(clearCart()).toEqual({ success: true, message: 'Košarica je ispražnjena' })
    expect(readCart()).toEqual([])
  })

  it('reports a failure when the browser refuses to store the cart', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => undefined,
    })
    expect(addToCart(drill)).toEqual({ success: false, message: 'Failed to add product to cart' })
  })

  it('refreshes stored prices and names, writing only when something changed', () => {
    addToCart(drill)
    const before = changes
    refreshCartLines([{ productId: '100200', size: null, name: drill.name, price: drill.price, image: drill.image }])
    expect(changes).toBe(before)
    refreshCartLines([{ productId: '100200', size: null, name: 'Bušilica 2', price: 149, image: drill.image }])
    expect(readCart()[0]).toMatchObject({ name: 'Bušilica 2', price: 149 })
    expect(changes).toBe(before + 1)
  })

  it('keeps one snapshot of the lines while the stored text is unchanged', () => {
    addToCart(drill)
    const first = readCartLines()
    expect(readCartLines()).toBe(first)
    addToCart(drill)
    expect(readCartLines()).not.toBe(first)
  })

  it("gives an empty cart as the server render's own empty value, so the hydration renders nothing again", () => {
    expect(readCartLines()).toBe(NO_CART_LINES)
    addToCart(drill)
    expect(readCartLines()).not.toBe(NO_CART_LINES)
    clearCart()
    expect(readCartLines()).toBe(NO_CART_LINES)
  })
})
