import { describe, expect, it } from 'vitest'
import type { CartQuote, CartQuoteLine } from '@shop/shared/schemas/checkout.ts'
import type { CartLine } from '../../lib/cart-storage.ts'
import { buildCartView, quoteKey, quoteStatus, type QuoteState } from './cart-view.ts'

const gloves: CartLine = { productId: '100', name: 'Rukavice', price: 1, image: '', size: 'S', quantity: 2 }
const drill: CartLine = { productId: '200', name: 'Bušilica', price: 100, image: '', size: null, quantity: 1 }

function quoted(line: CartLine, fields: Partial<CartQuoteLine> = {}): CartQuoteLine {
  const price = fields.price ?? 20
  return {
    productId: line.productId,
    id: `id-${line.productId}`,
    customId: line.productId,
    name: `${line.name} (server)`,
    image: '/api/images/a.webp',
    size: line.size,
    quantity: line.quantity,
    price,
    regularPrice: price,
    lineTotal: price * line.quantity,
    isWholesalePrice: false,
    availableStock: null,
    isAvailable: true,
    hasEnoughStock: true,
    status: 'ok',
    message: null,
    ...fields,
  }
}

function quoteFor(lines: CartQuoteLine[], totals: Partial<CartQuote> = {}): CartQuote {
  return {
    lines,
    shippingOptions: [],
    shippingOption: {
      id: 'courier',
      name: 'Kurir',
      description: '',
      basePrice: 10,
      cost: 10,
      isPickup: false,
      appliesFreeShipping: true,
    },
    isRequestedShippingAvailable: true,
    shippingCost: 10,
    freeShippingThreshold: 300,
    itemCount: 3,
    subtotal: 140,
    total: 150,
    weightKg: null,
    parcelNotice: null,
    canCheckout: true,
    ...totals,
  }
}

const nothing: QuoteState = { quote: null, quoteKey: null, failedKey: null }

describe('buildCartView', () => {
  it('before any answer prices stored lines with the default settings: 10 + 2 per item', () => {
    const key = quoteKey([drill], null, null)
    expect(quoteStatus(nothing, key)).toBe('loading')
    expect(buildCartView([drill], nothing, key).summary).toEqual({
      subtotal: 100,
      shippingCost: 12,
      total: 112,
      itemCount: 1,
      isConfirmed: false,
    })
  })

  it('before any answer ships free at or above 300 KM', () => {
    const lines = [{ ...drill, quantity: 3 }]
    expect(buildCartView(lines, nothing, quoteKey(lines, null, null)).summary.shippingCost).toBe(0)
  })

  it('charges 12 KM shipping when the quote failed', () => {
    const key = quoteKey([drill], null, null)
    const view = buildCartView([drill], { ...nothing, failedKey: key }, key)
    expect(view.summary).toMatchObject({ shippingCost: 12, total: 112, isConfirmed: false })
    expect(view.canCheckout).toBe(true)
  })

  it("takes the server's prices, stock, tag and totals for exactly these lines", () => {
    const lines = [gloves, drill]
    const key = quoteKey(lines, null, null)
    const quote = quoteFor([
      quoted(gloves, { price: 15, regularPrice: 20, isWholesalePrice: true, availableStock: 3 }),
      quoted(drill, { price: 110 }),
    ])
    const view = buildCartView(lines, { quote, quoteKey: key, failedKey: null }, key)
    expect(view.lines[0]).toMatchObject({
      name: 'Rukavice (server)',
      unitPrice: 15,
      lineTotal: 30,
      isWholesalePrice: true,
      availableStock: 3,
      problem: null,
    })
    expect(view.lines[1]).toMatchObject({ unitPrice: 110, availableStock: null })
    expect(view.summary).toEqual({ subtotal: 140, shippingCost: 10, total: 150, itemCount: 3, isConfirmed: true })
  })

  it("shows the option's own code and names the price that applies (docs/decisions.md, Walk-through fixes)", () => {
    const lines = [gloves, drill, { ...drill, productId: '300' }]
    const key = quoteKey(lines, null, null)
    const quote = quoteFor([
      quoted(gloves, { customId: '100-S', price: 15, regularPrice: 20, isWholesalePrice: true }),
      quoted(drill, { price: 37.43, regularPrice: 49.9 }),
      quoted({ ...drill, productId: '300' }, { price: 50, regularPrice: 50 }),
    ])
    const view = buildCartView(lines, { quote, quoteKey: key, failedKey: null }, key)
    expect(view.lines.map((line) => [line.code, line.priceKind])).toEqual([
      ['100-S', 'wholesale'],
      ['200', 'discount'],
      ['300', 'regular'],
    ])
  })

  it("shows a line's stock problem and blocks the checkout as the server says", () => {
    const key = quoteKey([gloves], null, null)
    const quote = quoteFor(
      [quoted(gloves, { status: 'insufficient_stock', hasEnoughStock: false, message: 'Not enough stock available' })],
      { canCheckout: false },
    )
    const view = buildCartView([gloves], { quote, quoteKey: key, failedKey: null }, key)
    expect(view.lines[0]?.problem).toBe('Not enough stock available')
    expect(view.canCheckout).toBe(false)
  })

  it('marks a line with no stock as sold out and leaves it out of an estimated summary', () => {
    const before = [gloves, drill]
    const quote = quoteFor(
      [
        quoted(gloves, { price: 20 }),
        quoted(drill, { status: 'out_of_stock', availableStock: 0, message: 'Nema na stanju' }),
      ],
      { subtotal: 40, total: 50, itemCount: 2, canCheckout: false },
    )
    const state: QuoteState = { quote, quoteKey: quoteKey(before, null, null), failedKey: null }
    const after = [{ ...gloves, quantity: 3 }, drill]
    const view = buildCartView(after, state, quoteKey(after, null, null))
    expect(view.lines.map((line) => [line.isSoldOut, line.problem])).toEqual([
      [false, null],
      [true, 'Nema na stanju'],
    ])
    expect(view.summary).toMatchObject({ subtotal: 60, itemCount: 3, isConfirmed: false })
    expect(view.canCheckout).toBe(false)
  })

  it('while a new quote is on its way keeps the last prices and estimates the totals', () => {
    const before = [gloves]
    const quote = quoteFor([quoted(gloves, { price: 20 })], { subtotal: 40, total: 50, itemCount: 2 })
    const state: QuoteState = { quote, quoteKey: quoteKey(before, null, null), failedKey: null }
    const after = [{ ...gloves, quantity: 3 }, drill]
    const key = quoteKey(after, null, null)
    expect(quoteStatus(state, key)).toBe('loading')
    const view = buildCartView(after, state, key)
    expect(view.lines.map((line) => line.unitPrice)).toEqual([20, 100])
    expect(view.summary).toEqual({ subtotal: 160, shippingCost: 10, total: 170, itemCount: 4, isConfirmed: false })
  })

  it('estimates an express option above the threshold at its price, a standard one free (docs/decisions.md, Walk-through fixes)', () => {
    const before = [gloves]
    const express = {
      id: 'express',
      name: 'Brza',
      description: '',
      basePrice: 20,
      cost: 20,
      isPickup: false,
      appliesFreeShipping: false,
    }
    const expressQuote = quoteFor([quoted(gloves, { price: 200 })], { shippingOption: express })
    const state: QuoteState = { quote: expressQuote, quoteKey: quoteKey(before, null, null), failedKey: null }
    const after = [{ ...gloves, quantity: 3 }]
    const key = quoteKey(after, null, null)
    expect(buildCartView(after, state, key).summary).toMatchObject({ subtotal: 600, shippingCost: 20, total: 620 })
    const standardQuote = quoteFor([quoted(gloves, { price: 200 })])
    const standard: QuoteState = { ...state, quote: standardQuote }
    expect(buildCartView(after, standard, key).summary).toMatchObject({ subtotal: 600, shippingCost: 0, total: 600 })
  })
})
