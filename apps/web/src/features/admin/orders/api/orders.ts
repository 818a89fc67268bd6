import type { OrderSource } from '@shop/shared/rules/order-source.ts'
import type { OrderStatus } from '@shop/shared/rules/order-status.ts'
import type { AdminOrderList, OrderSort, StaffOrderView } from '@shop/shared/schemas/admin-orders.ts'
import type { OrderView } from '@shop/shared/schemas/orders.ts'
import type { OrderBulkStatusView } from '@shop/shared/schemas/order-bulk-status.ts'
import { api, toList } from '../../../../lib/api-client.ts'

export type OrderListQuery = {
  search: string
  status: OrderStatus | ''
  sort: OrderSort
  page: number
  /** docs/decisions.md, Order limits and suspicious orders: only the orders flagged as suspicious. */
  isSuspiciousOnly?: boolean
  /** docs/decisions.md, Orders entered by staff: where the order came from. */
  source?: OrderSource | ''
}

/** GET /api/orders (staff): one page of the search, filter and sort, with the pager's numbers. */
export async function fetchStaffOrders(query: OrderListQuery, signal?: AbortSignal): Promise<AdminOrderList> {
  const body = await api.get<Partial<AdminOrderList>>('/api/orders', {
    query: {
      search: query.search.trim() || undefined,
      status: query.status || undefined,
      suspicious: query.isSuspiciousOnly ? 'true' : undefined,
      source: query.source || undefined,
      sort: query.sort,
      page: query.page,
    },
    signal,
    unwrap: false,
  })
  return {
    data: toList<StaffOrderView>(body, 'data').map((order) => ({
      ...order,
      suspicion: Array.isArray(order.suspicion) ? order.suspicion : [],
    })),
    total: body.total ?? 0,
    page: body.page ?? query.page,
    pages: Math.max(1, body.pages ?? 1),
    limit: body.limit ?? 0,
  }
}

/** PATCH /api/orders/{id}/status with status (store managers and admins). */
export function updateOrderStatus(id: string, status: OrderStatus): Promise<OrderView> {
  return api.patch<OrderView>(`/api/orders/${encodeURIComponent(id)}/status`, { status })
}

/** DELETE /api/orders/{id} (admins only). */
export function deleteOrder(id: string): Promise<unknown> {
  return api.delete(`/api/orders/${encodeURIComponent(id)}`)
}

/** DELETE /api/orders/{id}/suspicion: staff checked a flagged order and found it genuine (docs/decisions.md, Order limits and suspicious orders). */
export function clearOrderSuspicion(id: string): Promise<StaffOrderView> {
  return api.delete<StaffOrderView>(`/api/orders/${encodeURIComponent(id)}/suspicion`)
}

/** POST /api/orders/{id}/status/undo: the latest status change back, while its customer mail waits. */
export function undoOrderStatus(id: string): Promise<OrderView> {
  return api.post<OrderView>(`/api/orders/${encodeURIComponent(id)}/status/undo`)
}

/** POST /api/orders/status: the selected orders' status, answered per order (changed, unchanged or refused and why). */
export function changeOrderStatuses(ids: readonly string[], status: OrderStatus): Promise<OrderBulkStatusView> {
  return api.post<OrderBulkStatusView>('/api/orders/status', { ids, status }, { unwrap: false })
}
