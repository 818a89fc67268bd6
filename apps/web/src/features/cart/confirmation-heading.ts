import { format } from '@shop/shared/messages/format.ts'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'

export type ConfirmationHeading = { title: string; text: string; tone: 'success' | 'cancelled' }

/** A new order's thanks: a pending order, and any status without its own headline. */
const PENDING: ConfirmationHeading = { title: text.confirmationTitle, text: text.confirmationText, tone: 'success' }

/** The headlines of the later statuses; their texts name the e-mail where they have an {email} placeholder. */
const HEADINGS = new Map<string, ConfirmationHeading>([
  ['processing', { title: text.confirmationProcessingTitle, text: text.confirmationProcessingText, tone: 'success' }],
  ['shipped', { title: text.confirmationShippedTitle, text: text.confirmationShippedText, tone: 'success' }],
  ['ready_for_pickup', { title: text.confirmationReadyTitle, text: text.confirmationReadyText, tone: 'success' }],
  ['completed', { title: text.confirmationCompletedTitle, text: text.confirmationCompletedText, tone: 'success' }],
  ['cancelled', { title: text.confirmationCancelledTitle, text: text.confirmationCancelledText, tone: 'cancelled' }],
])

/**
 * The headline of /order-confirmation/{id}: the thanks of a new order only while it is pending; the
 * same link opened later says what is true for the order's status (docs/decisions.md, Walk-through fixes).
 */
export function confirmationHeading(status: string, email: string): ConfirmationHeading {
  const heading = HEADINGS.get(status) ?? PENDING
  return { ...heading, text: format(heading.text, { email }) }
}
