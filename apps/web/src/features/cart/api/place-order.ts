import type { PlaceOrderInput, OrderView } from '@shop/shared/schemas/orders.ts'
import { api } from '../../../lib/api-client.ts'

/**
 * POST /api/orders for guests and signed-in customers alike (DECISIONS: the guest route). The key
 * makes a repeated submit of one checkout attempt answer the same order instead of a second one.
 */
export function placeOrder(input: PlaceOrderInput, idempotencyKey: string): Promise<OrderView> {
  return api.post<OrderView>('/api/orders', input, { headers: { 'Idempotency-Key': idempotencyKey } })
}

/** A random key; crypto.randomUUID exists only on https and localhost, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
