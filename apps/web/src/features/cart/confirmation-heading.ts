import { format } from '@shop/shared/messages/format.ts'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'

export type ConfirmationHeading = { title: string; text: string; tone: 'success' | 'cancelled' }

/**
 * The headline of /order-confirmation/{id}: the thanks of a new order only while it is pending; the
 * same link opened later says what is true for the order's status (docs/decisions.md, Walk-through fixes).
 */
export function confirmationHeading(status: string, email: string): ConfirmationHeading {
  switch (status) {
    case 'processing':
      return {
        title: text.confirmationProcessingTitle,
        text: format(text.confirmationProcessingText, { email }),
        tone: 'success',
      }
    case 'shipped':
      return {
        title: text.confirmationShippedTitle,
        text: format(text.confirmationShippedText, { email }),
        tone: 'success',
      }
    case 'ready_for_pickup':
      return {
        title: text.confirmationReadyTitle,
        text: format(text.confirmationReadyText, { email }),
        tone: 'success',
      }
    case 'completed':
      return { title: text.confirmationCompletedTitle, text: text.confirmationCompletedText, tone: 'success' }
    case 'cancelled':
      return { title: text.confirmationCancelledTitle, text: text.confirmationCancelledText, tone: 'cancelled' }
    default:
      return { title: text.confirmationTitle, text: format(text.confirmationText, { email }), tone: 'success' }
  }
}
