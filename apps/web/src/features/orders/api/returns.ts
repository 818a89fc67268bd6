import type { BuyerReturnView, OrderReturnsView } from '@shop/shared/schemas/returns.ts'
import { api, createApiClient } from '../../../lib/api-client.ts'

// Complaints and returns from the order page (docs/decisions.md ('Complaints and returns')): by the mailed link's token (no
// session goes with it, like the page itself) or by id for the signed-in owner.

const anonymousApi = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  tokens: { getToken: () => null, replaceToken: () => undefined, signOut: () => undefined },
})

export type OrderKey = { by: 'token' | 'id'; key: string }

function pathOf({ by, key }: OrderKey): string {
  const id = encodeURIComponent(key)
  return by === 'token' ? `/api/order-status/${id}/returns` : `/api/orders/${id}/returns`
}

/** GET the windows, the lines that may still be claimed and the complaints filed, with their steps. */
export function fetchOrderReturns(order: OrderKey, signal?: AbortSignal): Promise<OrderReturnsView> {
  return (order.by === 'token' ? anonymousApi : api).get<OrderReturnsView>(pathOf(order), { signal })
}

export type ReturnFiling = {
  lines: { itemId: string; quantity: number }[]
  reason: string
  description: string
  photos: readonly File[]
}

/** POST the complaint as a multipart form: its fields, then up to three photos. */
export async function fileReturn(order: OrderKey, filing: ReturnFiling): Promise<BuyerReturnView> {
  const form = new FormData()
  form.append('lines', JSON.stringify(filing.lines))
  form.append('reason', filing.reason)
  form.append('description', filing.description)
  for (const photo of filing.photos) form.append('photos', photo, photo.name)
  const answer = await (order.by === 'token' ? anonymousApi : api).post<{ return: BuyerReturnView }>(
    pathOf(order),
    form,
  )
  return answer.return
}
