import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import { customerStatusLabel, shortOrderId } from '@shop/shared/rules/order-status.ts'
import type { OrderConfirmationView } from '@shop/shared/schemas/orders.ts'
import { formatPrice } from '../../../ui/format-price.ts'
import { formatDate } from '../format-date.ts'
import { OrderAddress } from './order-address.tsx'
import { OrderLines } from './order-lines.tsx'
import './orders.css'

/** Every detail of one order, for the confirmation page. */
export function OrderDetails({ order }: { order: OrderConfirmationView }) {
  return (
    <div className="ui-card order-card order-details">
      <dl className="order-details__facts">
        <div>
          <dt>{text.mailOrderNumber}</dt>
          <dd>#{shortOrderId(order.id)}</dd>
        </div>
        <div>
          <dt>{text.orderDate}</dt>
          <dd>
            <time dateTime={order.created_at}>{formatDate(order.created_at)}</time>
          </dd>
        </div>
        <div>
          <dt>{text.orderStatus}</dt>
          <dd>{customerStatusLabel(order.status)}</dd>
        </div>
      </dl>
      <OrderLines lines={order.products} />
      <div className="order-card__details">
        <OrderAddress address={order.shippingAddress} method={order.shippingMethod} />
        <dl className="ui-totals order-summary">
          <div>
            <dt>{text.orderSubtotal}</dt>
            <dd>{formatPrice(order.subtotal)}</dd>
          </div>
          <div>
            <dt>{text.orderShipping}</dt>
            <dd>{order.shippingCost === 0 ? text.free : formatPrice(order.shippingCost)}</dd>
          </div>
          <div className="order-summary__total">
            <dt>{text.orderTotal}</dt>
            <dd>{formatPrice(order.total)}</dd>
          </div>
        </dl>
      </div>
    </div>
  )
}
