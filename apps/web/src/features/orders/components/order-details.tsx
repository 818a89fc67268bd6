import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import { documents } from '@shop/shared/messages/bs/documents.ts'
import { customerStatusLabel, shortOrderId } from '@shop/shared/rules/order-status.ts'
import type { OrderConfirmationView } from '@shop/shared/schemas/orders.ts'
import { DescriptionList } from '../../../ui/description-list.tsx'
import { formatDate } from '../format-date.ts'
import { OrderContents } from './order-contents.tsx'
import './orders.css'

/** Every detail of one order, for the confirmation page. */
export function OrderDetails({ order }: { order: OrderConfirmationView }) {
  return (
    <div className="ui-card ui-card--stack order-details">
      <DescriptionList
        className="ui-facts order-details__facts"
        items={[
          { term: text.mailOrderNumber, details: `#${shortOrderId(order.id)}` },
          {
            term: text.orderDate,
            details: <time dateTime={order.created_at}>{formatDate(order.created_at)}</time>,
          },
          { term: text.orderStatus, details: customerStatusLabel(order.status) },
          ...(order.documentNumber ? [{ term: documents.documentNumber, details: order.documentNumber }] : []),
        ]}
      />
      <OrderContents order={order} showsSubtotal />
    </div>
  )
}
