import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import { ApiError } from '../../lib/api-client.ts'
import { OrderNotCreatedError } from './api/place-order.ts'

/**
 * What the cart page says when an order is not placed (customer-side.md §8 Store, product, cart).
 * A refusal the shopper can act on (stock, address) keeps the server's words; an answer without an
 * order 'Failed to create order'; anything else (no answer, a server fault) the generic text.
 */
export function placeOrderMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message
  if (error instanceof OrderNotCreatedError) return error.message
  return text.placeFailed
}
