import { format } from '@shop/shared/messages/format.ts'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import { serverMessageOr } from '../../lib/api-client.ts'

/** Where the order history is shown: the account page's orders tab, or the /orders page. */
export type OrderHistoryPlace = 'account' | 'orders'

/**
 * customer-side.md §8 Orders (and staff-and-content.md §8 Orders for the account page): the outcome
 * of a customer's cancel. The account page has its own variants of both texts.
 */
export function cancelSuccessMessage(place: OrderHistoryPlace): string {
  return place === 'account' ? text.cancelled : text.cancelledShort
}

export function cancelFailureMessage(place: OrderHistoryPlace, error: unknown): string {
  // The server's words; a failure without any (a bare 500) gets the catalogue's text, not 'HTTP error 500'.
  const reason = serverMessageOr(error, '') || undefined
  if (place === 'account') return format(text.cancelFailedWith, { message: reason ?? text.cancelFailed })
  return reason ?? text.cancelFailed
}
