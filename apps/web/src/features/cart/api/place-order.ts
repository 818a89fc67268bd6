import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import type { PlaceOrderInput, OrderView } from '@shop/shared/schemas/orders.ts'
import type { PriceChanges } from '@shop/shared/schemas/price-changes.ts'
import { api } from '../../../lib/api-client.ts'

/** An answer to POST /api/orders without the new order's id: the order cannot be shown. */
export class OrderNotCreatedError extends Error {
  override readonly name = 'OrderNotCreatedError'
  constructor() {
    super(text.createFailed)
  }
}

/**
 * POST /api/orders for guests and signed-in customers alike (DECISIONS: the guest route). The key
 * makes a repeated submit of one checkout attempt answer the same order instead of a second one.
 */
/** A new order, with the prices that were lower than the buyer saw (docs/decisions.md, Prices the buyer saw). */
export type PlacedOrder = OrderView & {
  loweredPrices?: PriceChanges
  /** Opens the order's private page; the confirmation page reads the order with it (docs/decisions.md, 'The private order page'). */
  orderPageToken?: string
}

export async function placeOrder(input: PlaceOrderInput, idempotencyKey: string): Promise<PlacedOrder> {
  const order = await api.post<PlacedOrder | undefined>('/api/orders', input, {
    headers: { 'Idempotency-Key': idempotencyKey },
  })
  if (typeof order?.id !== 'string' || order.id === '') throw new OrderNotCreatedError()
  return order
}

/** A random key; crypto.randomUUID exists only on https and localhost, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
