import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-client.ts'
import { loweredPricesOf, raisedPricesOf } from './price-changes.ts'

const refusal = (body: unknown, code: 'PRICE_CHANGED' | 'INSUFFICIENT_STOCK' = 'PRICE_CHANGED') =>
  new ApiError({ status: 409, message: 'Cijene su se promijenile', code, body })

describe('raisedPricesOf', () => {
  it('keys the changed lines as the cart keys its lines, with the shipping and total changes', () => {
    const raised = raisedPricesOf(
      refusal({
        changes: [
          { productId: '100', name: 'Bušilica', oldPrice: 199.9, newPrice: 265.86 },
          { productId: '200', optionCode: 'XL', name: 'Rukavice', oldPrice: 20, newPrice: 25 },
          { productId: '300', name: 'Bez cijene' },
        ],
        shipping: { oldPrice: 0, newPrice: 10 },
      }),
    )
    expect([...(raised?.lines.keys() ?? [])]).toEqual(['100|', '200|XL'])
    expect(raised?.shipping).toEqual({ oldPrice: 0, newPrice: 10 })
    expect(raised?.total).toBeNull()
  })

  it('is null for any other refusal', () => {
    expect(raisedPricesOf(refusal({}, 'INSUFFICIENT_STOCK'))).toBeNull()
    expect(raisedPricesOf(new Error('offline'))).toBeNull()
  })
})

describe('loweredPricesOf', () => {
  it('reads the navigation state the cart leaves, and nothing from any other state', () => {
    const changes = [{ productId: '100', name: 'Lampa', oldPrice: 120, newPrice: 100 }]
    expect(loweredPricesOf({ loweredPrices: { changes, total: { oldPrice: 252, newPrice: 212 } } })).toEqual({
      changes,
      total: { oldPrice: 252, newPrice: 212 },
    })
    expect(loweredPricesOf({ loweredPrices: null })).toBeNull()
    expect(loweredPricesOf(null)).toBeNull()
    expect(loweredPricesOf({ loweredPrices: { changes: [] } })).toBeNull()
  })
})
