import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import type { OrderConfirmationView } from '@shop/shared/schemas/orders.ts'
import { DescriptionList, type Description } from '../../../ui/description-list.tsx'
import { formatPrice } from '../../../ui/format-price.ts'
import { OrderAddress } from './order-address.tsx'
import { OrderLines } from './order-lines.tsx'

type OrderContentsProps = { order: OrderConfirmationView; showsSubtotal?: boolean }

/** What an order holds, where it goes and what it costs: the body of an order card and of the order details. */
export function OrderContents({ order, showsSubtotal = false }: OrderContentsProps) {
  const totals: Description[] = [
    { term: text.orderShipping, details: order.shippingCost === 0 ? text.free : formatPrice(order.shippingCost) },
    { term: text.orderTotal, details: formatPrice(order.total), className: 'order-summary__total' },
  ]
  if (showsSubtotal) totals.unshift({ term: text.orderSubtotal, details: formatPrice(order.subtotal) })
  return (
    <>
      <OrderLines lines={order.products} />
      <div className="order-card__details">
        <OrderAddress address={order.shippingAddress} method={order.shippingMethod} />
        <DescriptionList className="ui-totals order-summary" items={totals} />
      </div>
    </>
  )
}
