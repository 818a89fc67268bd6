import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import type { PlaceOrderInput, OrderView } from '@shop/shared/schemas/orders.ts'
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
export async function placeOrder(input: PlaceOrderInput, idempotencyKey: string): Promise<OrderView> {
  const order = await api.post<OrderView | undefined>('/api/orders', input, {
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
