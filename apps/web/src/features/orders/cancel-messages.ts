import { format } from '@shop/shared/messages/format.ts'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'

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
  const reason = error instanceof Error && error.message.trim() !== '' ? error.message : undefined
  if (place === 'account') return format(text.cancelFailedWith, { message: reason ?? text.cancelFailed })
  return reason ?? text.cancelFailed
}
