import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import { formatWeightKg } from '@shop/shared/rules/parcel-weight.ts'
import type { OrderConfirmationView } from '@shop/shared/schemas/orders.ts'
import { DescriptionList, type Description } from '../../../ui/description-list.tsx'
import { formatPrice } from '../../../ui/format-price.ts'
import { OrderAddress } from './order-address.tsx'
import { OrderLines } from './order-lines.tsx'

type OrderContentsProps = {
  order: OrderConfirmationView
  showsSubtotal?: boolean
  /** A line under the address (the order page says its phone and e-mail are masked). */
  addressNote?: string
}

/** What an order holds, where it goes and what it costs: the body of an order card and of the order details. */
export function OrderContents({ order, showsSubtotal = false, addressNote }: OrderContentsProps) {
  const totals: Description[] = [
    { term: text.orderShipping, details: order.shippingCost === 0 ? text.free : formatPrice(order.shippingCost) },
    { term: text.orderTotal, details: formatPrice(order.total), className: 'order-summary__total' },
  ]
  if (showsSubtotal) totals.unshift({ term: text.orderSubtotal, details: formatPrice(order.subtotal) })
  // docs/decisions.md, 'Product weights and shipping by weight': the parcel's weight at checkout.
  if (order.weightKg != null) totals.push({ term: text.orderWeight, details: formatWeightKg(order.weightKg) })
  return (
    <>
      <OrderLines lines={order.products} />
      <div className="ui-stack order-card__details">
        {/* Null for whoever is neither the owner nor staff (docs/decisions.md, 'The private order page'). */}
        {order.shippingAddress ? (
          <OrderAddress address={order.shippingAddress} method={order.shippingMethod} note={addressNote} />
        ) : (
          <div />
        )}
        <DescriptionList className="ui-totals order-summary" items={totals} />
      </div>
    </>
  )
}
