import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { orderLimits } from '@shop/shared/messages/bs/order-limits.ts'
import { adminStatusLabel, ORDER_STATUSES, shortOrderId, type OrderStatus } from '@shop/shared/rules/order-status.ts'
import type { OrderView } from '@shop/shared/schemas/orders.ts'
import { Badge } from '../../../../ui/badge.tsx'
import { Button } from '../../../../ui/button.tsx'
import { DescriptionList } from '../../../../ui/description-list.tsx'
import { Select } from '../../../../ui/field.tsx'
import { formatPrice } from '../../../../ui/format-price.ts'
import { formatDate } from '../../../orders/format-date.ts'
import { OrderAddress } from '../../../orders/components/order-address.tsx'
import { OrderLines } from '../../../orders/components/order-lines.tsx'
import '../../../orders/components/orders.css'
import { isOrderStatus, orderStatusStyle } from '../order-status-style.ts'

const text = admin.orders
const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: adminStatusLabel(status) }))

export function OrderStatusBadge({ status }: { status: string }) {
  const { tone, icon: Icon } = orderStatusStyle(status)
  return (
    <span className={`order-status order-status--${tone}`}>
      <Icon size={16} />
      {adminStatusLabel(status)}
    </span>
  )
}

type AdminOrderCardProps = {
  /** suspicion: why the order was flagged (docs/decisions.md, Order limits and suspicious orders); empty or absent for an ordinary one. */
  order: OrderView & { suspicion?: readonly string[] }
  /** The status on screen: the one just chosen while it is being saved, else the order's. */
  status: string
  isSaving: boolean
  canDelete: boolean
  onStatusChange: (status: OrderStatus) => void
  onDelete: () => void
  /** Clears a flagged order's flag (docs/decisions.md, Order limits and suspicious orders); `isClearingSuspicion` while that is saved. */
  onClearSuspicion: () => void
  isClearingSuspicion: boolean
}

/** staff-and-content.md §2 Orders admin: one order card with its status dropdown and the admin's delete. */
export function AdminOrderCard({
  order,
  status,
  isSaving,
  canDelete,
  onStatusChange,
  onDelete,
  onClearSuspicion,
  isClearingSuspicion,
}: AdminOrderCardProps) {
  const number = shortOrderId(order.id)
  const selectId = `order-status-${order.id}`
  const suspicion = order.suspicion ?? []
  return (
    <article className="admin-order" aria-labelledby={`order-title-${order.id}`} aria-busy={isSaving || undefined}>
      <header className="admin-order__header">
        <div>
          <h2 className="admin-order__title" id={`order-title-${order.id}`}>
            {format(text.orderNumber, { number })}
          </h2>
          {suspicion.length > 0 && (
            <Badge tone="danger" className="admin-order__suspicious">
              {orderLimits.suspicious}
            </Badge>
          )}
          <p className="admin-order__meta">
            <time dateTime={order.created_at}>{formatDate(order.created_at)}</time>
            {' · '}
            {order.userId ? text.customer : text.guest}
          </p>
        </div>
        {/* The status control heads the card, so that on a phone it is at hand without scrolling (docs/decisions.md, Walk-through fixes). */}
        <div className="admin-order__status">
          <OrderStatusBadge status={status} />
          <label className="visually-hidden" htmlFor={selectId}>
            {format(text.statusOf, { number })}
          </label>
          <Select
            id={selectId}
            className="admin-order__status-select"
            value={status}
            options={STATUS_OPTIONS}
            disabled={isSaving}
            onChange={(event) => {
              if (isOrderStatus(event.target.value)) onStatusChange(event.target.value)
            }}
          />
        </div>
      </header>
      {suspicion.length > 0 && (
        <section className="admin-order__suspicion" aria-label={orderLimits.suspicionTitle}>
          <div className="admin-order__label">{orderLimits.suspicionTitle}</div>
          <ul>
            {suspicion.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          <Button
            variant="secondary"
            size="sm"
            className="admin-order__clear-suspicion"
            isLoading={isClearingSuspicion}
            aria-label={format(orderLimits.clearSuspicionNamed, { number })}
            onClick={onClearSuspicion}
          >
            {orderLimits.clearSuspicion}
          </Button>
        </section>
      )}
      <div className="admin-order__body">
        <OrderAddress address={order.shippingAddress} method={order.shippingMethod} />
        <div className="admin-order__items">
          <div className="admin-order__label">{text.items}</div>
          <OrderLines lines={order.products} />
          <DescriptionList
            className="admin-order__totals"
            items={[
              { term: text.subtotal, details: formatPrice(order.subtotal) },
              { term: text.shipping, details: order.shippingCost === 0 ? text.free : formatPrice(order.shippingCost) },
              { term: text.total, details: formatPrice(order.total), className: 'admin-order__total' },
            ]}
          />
        </div>
      </div>
      {canDelete && (
        <footer className="admin-order__actions">
          <Button variant="danger" aria-label={format(text.deleteOrderNamed, { number })} onClick={onDelete}>
            {text.deleteOrder}
          </Button>
        </footer>
      )}
    </article>
  )
}
