import type { CallerOrderLimits } from '@shop/shared/schemas/order-limits.ts'
import { api } from '../../../lib/api-client.ts'

/** GET /api/orders/limits: the limits on one order of this buyer (docs/decisions.md, Order limits and suspicious orders); null when none apply. */
export async function fetchOrderLimits(signal?: AbortSignal): Promise<CallerOrderLimits['limits']> {
  const body = await api.get<Partial<CallerOrderLimits>>('/api/orders/limits', { signal, unwrap: false })
  return body.limits ?? null
}
