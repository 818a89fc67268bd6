import type { OrderConfirmationView, OrderPageView, OrderView } from '@shop/shared/schemas/orders.ts'
import { api, createApiClient, toList } from '../../../lib/api-client.ts'

/** GET /api/users/orders/{email}: the signed-in customer's orders, newest first (customer-side.md §7). */
export async function fetchUserOrders(email: string, signal?: AbortSignal): Promise<OrderView[]> {
  const orders = toList<OrderView>(await api.get<unknown>(`/api/users/orders/${encodeURIComponent(email)}`, { signal }))
  return sortNewestFirst(orders)
}

/** The list as shown: newest first, whatever order the server answered in. */
export function sortNewestFirst<T extends { created_at: string }>(orders: readonly T[]): T[] {
  return [...orders].sort((left, right) => Date.parse(right.created_at) - Date.parse(left.created_at))
}

/** PATCH /api/orders/{id}/cancel: the owner cancels a pending order (customer-side.md §4). */
export async function cancelOrder(id: string): Promise<void> {
  await api.patch<unknown>(`/api/orders/${encodeURIComponent(id)}/cancel`, {})
}

/**
 * customer-side.md §4 Order confirmation: the order is fetched with the auth token cleared and the
 * token then restored. A client that never sends the token does both without touching the stored
 * session, so that a sign-in elsewhere on the page can never be lost in between.
 */
const anonymousApi = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  tokens: { getToken: () => null, replaceToken: () => undefined, signOut: () => undefined },
})

/** GET /api/orders/{id} for the confirmation page: the order id is the capability (DECISIONS). */
export function fetchOrderConfirmation(id: string, signal?: AbortSignal): Promise<OrderConfirmationView> {
  return anonymousApi.get<OrderConfirmationView>(`/api/orders/${encodeURIComponent(id)}`, { signal })
}

/**
 * GET /api/order-status/{token}: the private order page behind a mailed link (docs/decisions.md, 'The
 * private order page'). The token is the capability, so no session goes with it.
 */
export function fetchOrderPageByToken(token: string, signal?: AbortSignal): Promise<OrderPageView> {
  return anonymousApi.get<OrderPageView>(`/api/order-status/${encodeURIComponent(token)}`, { signal })
}

/** POST /api/order-status/{token}/cancel: whoever holds the link cancels a pending order. */
export async function cancelOrderByToken(token: string): Promise<OrderPageView> {
  const answer = await anonymousApi.post<{ order: OrderPageView }>(
    `/api/order-status/${encodeURIComponent(token)}/cancel`,
    {},
  )
  return answer.order
}

/** GET /api/orders/{id}/page: the same page for the signed-in owner, from her history. */
export function fetchOwnOrderPage(id: string, signal?: AbortSignal): Promise<OrderPageView> {
  return api.get<OrderPageView>(`/api/orders/${encodeURIComponent(id)}/page`, { signal })
}
