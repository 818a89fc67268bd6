import { courier } from '@shop/shared/messages/bs/courier.ts'
import { TrackingNumber } from '../components/tracking-number.tsx'
import { useParams } from 'react-router'
import { format } from '@shop/shared/messages/format.ts'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import { documents } from '@shop/shared/messages/bs/documents.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { customerStatusLabel, customerStatusNote, shortOrderId } from '@shop/shared/rules/order-status.ts'
import { serverMessageOr } from '../../../lib/api-client.ts'
import { useLoad } from '../../../lib/use-load.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { Badge } from '../../../ui/badge.tsx'
import { Button } from '../../../ui/button.tsx'
import { DescriptionList, type Description } from '../../../ui/description-list.tsx'
import { useToast } from '../../../ui/toast.tsx'
import { cancelOrder, cancelOrderByToken, fetchOrderPageByToken, fetchOwnOrderPage } from '../api/orders.ts'
import { useCancelQuestion } from '../components/cancel-order-dialog.tsx'
import { OrderContents } from '../components/order-contents.tsx'
import { OrderTimeline } from '../components/order-timeline.tsx'
import { OrderReturns } from '../components/order-returns.tsx'
import { ReorderButton } from '../components/reorder-button.tsx'
import { formatDate } from '../format-date.ts'
import { statusTone } from '../status-tone.ts'
import { OrderUnavailable, unavailableOrder } from '../components/order-unavailable.tsx'
import { ContinueShoppingLink } from '../components/continue-shopping-link.tsx'
import '../components/orders.css'

type OrderPageProps = {
  /** '/narudzba/:token' opens the page by a mailed link; '/orders/:orderId' by id for the signed-in owner. */
  by: 'token' | 'id'
}

/**
 * The private order page (docs/decisions.md, 'The private order page'): the status timeline, lines and
 * totals, the delivery address with the phone and e-mail partly masked, and a cancel while pending.
 */
export function OrderPage({ by }: OrderPageProps) {
  usePageTitle(shell.pages.orderPage.title)
  const params = useParams()
  const key = (by === 'token' ? params.token : params.orderId) ?? ''
  const toast = useToast()
  const load = useLoad(
    (signal) => (by === 'token' ? fetchOrderPageByToken(key, signal) : fetchOwnOrderPage(key, signal)),
    `order-page ${by} ${key}`,
  )
  // The cancel is offered only while the order is on screen.
  const cancelQuestion = useCancelQuestion(load.data ? shortOrderId(load.data.id) : '', async () => {
    try {
      if (by === 'token') await cancelOrderByToken(key)
      else await cancelOrder(load.data?.id ?? key)
      load.reload()
      toast.show(text.cancelled, 'success')
    } catch (error) {
      toast.show(serverMessageOr(error, text.cancelFailed), 'error')
      // The order may have moved on meanwhile (staff took it): show it as it is now.
      load.reload()
    }
  })

  const unavailable = unavailableOrder(load)
  if (unavailable || load.data === undefined) {
    return (
      <OrderUnavailable
        status={unavailable ?? 'loading'}
        title={shell.pages.orderPage.title}
        titleClassName="order-page__title"
        notFoundText={by === 'token' ? text.orderPageNotFoundText : text.orderNotFoundLong}
      />
    )
  }

  const order = load.data
  const number = shortOrderId(order.id)
  const note = customerStatusNote(order.status)

  const facts: Description[] = [
    { term: text.orderDate, details: <time dateTime={order.created_at}>{formatDate(order.created_at)}</time> },
    ...(order.documentNumber ? [{ term: documents.documentNumber, details: order.documentNumber }] : []),
    ...(order.trackingNumber ? [{ term: courier.trackingNumber, details: <TrackingNumber order={order} /> }] : []),
    ...(order.expectedDeliveryDate
      ? [
          {
            term: text.expectedDeliveryLabel,
            details: <time dateTime={order.expectedDeliveryDate}>{formatDate(order.expectedDeliveryDate)}</time>,
          },
        ]
      : []),
  ]

  return (
    <div className="container page order-page">
      <header className="ui-stack ui-stack--tight order-page__header">
        <div className="ui-split order-card__header">
          <h1 className="order-page__title">{format(text.orderPageHeading, { number })}</h1>
          <Badge tone={statusTone(order.status)}>{customerStatusLabel(order.status)}</Badge>
        </div>
        <p className="order-page__intro">{text.orderPageIntro}</p>
      </header>

      <div className="ui-card ui-card--stack">
        <DescriptionList className="ui-facts order-details__facts" items={facts} />
        {note && <p className="order-card__note">{note}</p>}
      </div>

      {order.canCancel && (
        <div className="ui-card ui-split order-page__cancel">
          <p>{text.cancelPendingHint}</p>
          <Button variant="danger" isLoading={cancelQuestion.isCancelling} onClick={cancelQuestion.ask}>
            {text.cancelOrder}
          </Button>
        </div>
      )}

      <section className="ui-card ui-card--stack" aria-labelledby="order-page-timeline">
        <h2 id="order-page-timeline" className="order-page__section-title">
          {text.timelineTitle}
        </h2>
        <OrderTimeline steps={order.timeline} />
      </section>

      <section className="ui-card ui-card--stack" aria-labelledby="order-page-items">
        <h2 id="order-page-items" className="order-page__section-title">
          {text.orderItems}
        </h2>
        <OrderContents order={order} showsSubtotal addressNote={text.contactMaskedNote} />
      </section>

      <OrderReturns order={{ by, key }} status={order.status} />

      <div className="ui-actions">
        <ReorderButton items={order.items} orderNumber={number} size="md" />
        <ContinueShoppingLink />
      </div>

      {cancelQuestion.dialog}
    </div>
  )
}
