import { courier } from '@shop/shared/messages/bs/courier.ts'
import { TrackingNumber } from './tracking-number.tsx'
import { format } from '@shop/shared/messages/format.ts'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import { documents } from '@shop/shared/messages/bs/documents.ts'
import { returns } from '@shop/shared/messages/bs/returns.ts'
import {
  canCustomerCancel,
  customerStatusLabel,
  customerStatusNote,
  expectedDeliveryDate,
  shortOrderId,
} from '@shop/shared/rules/order-status.ts'
import type { OrderView } from '@shop/shared/schemas/orders.ts'
import { Badge } from '../../../ui/badge.tsx'
import { Link } from 'react-router'
import { Button, buttonClassName } from '../../../ui/button.tsx'
import { useToast } from '../../../ui/toast.tsx'
import { cancelOrder } from '../api/orders.ts'
import { cancelFailureMessage, cancelSuccessMessage, type OrderHistoryPlace } from '../cancel-messages.ts'
import { formatDate } from '../format-date.ts'
import { statusTone } from '../status-tone.ts'
import { useCancelQuestion } from './cancel-order-dialog.tsx'
import { OrderContents } from './order-contents.tsx'
import { ReorderButton } from './reorder-button.tsx'

type OrderCardProps = { order: OrderView; place: OrderHistoryPlace; headingLevel: 2 | 3; onCancelled: () => void }

/** One order of the history (customer-side.md §2 Account page orders tab, §4 Order status). */
export function OrderCard({ order, place, headingLevel, onCancelled }: OrderCardProps) {
  const Heading = `h${headingLevel}` as const
  const toast = useToast()
  const note = customerStatusNote(order.status)
  const headingId = `order-${order.id}`
  const number = shortOrderId(order.id)
  const cancelQuestion = useCancelQuestion(number, async () => {
    try {
      await cancelOrder(order.id)
      toast.show(cancelSuccessMessage(place), 'success')
      onCancelled()
    } catch (error) {
      toast.show(cancelFailureMessage(place, error), 'error')
    }
  })

  return (
    <article className="ui-card ui-card--stack" aria-labelledby={headingId}>
      <header className="ui-split order-card__header">
        <div>
          <Heading id={headingId} className="order-card__title">
            {format(text.orderLabel, { number })}
          </Heading>
          <p className="order-card__meta">
            <time dateTime={order.created_at}>{formatDate(order.created_at)}</time>
          </p>
          {order.documentNumber && (
            <p className="order-card__meta">
              {documents.documentNumber}: {order.documentNumber}
            </p>
          )}
          {order.trackingNumber && (
            <p className="order-card__meta">
              {courier.trackingNumber}: <TrackingNumber order={order} />
            </p>
          )}
        </div>
        <Badge tone={statusTone(order.status)}>{customerStatusLabel(order.status)}</Badge>
      </header>

      {note && <p className="order-card__note">{note}</p>}
      {order.status === 'shipped' && (
        <p className="order-card__note">
          {format(text.expectedDelivery, { date: formatDate(expectedDeliveryDate(order.created_at)) })}
        </p>
      )}

      <OrderContents order={order} />

      <div className="ui-actions ui-actions--end">
        {/* The order page with its status timeline (docs/decisions.md, 'The private order page'). */}
        <Link
          to={`/orders/${order.id}`}
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          aria-label={`${text.orderDetailsLink} #${number}`}
        >
          {text.orderDetailsLink}
        </Link>
        <ReorderButton items={order.items} orderNumber={number} />
        {/* Complaints and returns are filed on the order page (docs/decisions.md ('Complaints and returns')). */}
        {order.status === 'completed' && (
          <Link
            to={`/orders/${order.id}#reklamacija`}
            className={buttonClassName({ variant: 'ghost', size: 'sm' })}
            aria-label={`${returns.open} #${number}`}
          >
            {returns.open}
          </Link>
        )}
        {canCustomerCancel(order.status) && (
          <Button variant="danger" size="sm" isLoading={cancelQuestion.isCancelling} onClick={cancelQuestion.ask}>
            {text.cancelOrder}
          </Button>
        )}
      </div>
      {cancelQuestion.dialog}
    </article>
  )
}
