import { describe, expect, it } from 'vitest'
import { errorFromResponse, networkError } from '../../lib/api-client.ts'
import { OrderNotCreatedError } from './api/place-order.ts'
import { placeOrderMessage } from './place-order-message.ts'

describe('placeOrderMessage (customer-side.md §8 Store, product, cart)', () => {
  it.each([
    [
      'a stock refusal keeps the server words',
      errorFromResponse(409, { message: 'Not enough stock available for Rukavice (S)', code: 'INSUFFICIENT_STOCK' }),
      'Not enough stock available for Rukavice (S)',
    ],
    [
      'an address refusal keeps the server words',
      errorFromResponse(400, { message: 'Poštanski broj je obavezan', code: 'VALIDATION_FAILED' }),
      'Poštanski broj je obavezan',
    ],
    ['an answer without the order', new OrderNotCreatedError(), 'Failed to create order'],
    [
      'a server fault',
      errorFromResponse(500, { message: 'boom', code: 'UNKNOWN_ERROR' }),
      'Failed to place order. Please try again.',
    ],
    ['no answer', networkError(new TypeError('Failed to fetch')), 'Failed to place order. Please try again.'],
    ['anything else', new Error('x'), 'Failed to place order. Please try again.'],
  ])('%s', (_case, error, message) => {
    expect(placeOrderMessage(error)).toBe(message)
  })
})
