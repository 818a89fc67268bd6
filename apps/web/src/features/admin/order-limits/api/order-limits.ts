import type { OrderLimitSettingsInput, OrderLimitSettingsView } from '@shop/shared/schemas/order-limits.ts'
import { api } from '../../../../lib/api-client.ts'

/** GET /api/settings/order-limits (staff, docs/decisions.md, Order limits and suspicious orders). */
export function fetchOrderLimits(signal?: AbortSignal): Promise<OrderLimitSettingsView & { version: number }> {
  return api.get<OrderLimitSettingsView & { version: number }>('/api/settings/order-limits', { signal })
}

/** PUT /api/settings/order-limits with the whole object; answers the saved limits. */
export function saveOrderLimits(
  input: OrderLimitSettingsInput,
  version: number,
): Promise<OrderLimitSettingsView & { version: number }> {
  return api.put<OrderLimitSettingsView & { version: number }>('/api/settings/order-limits', { ...input, version })
}
