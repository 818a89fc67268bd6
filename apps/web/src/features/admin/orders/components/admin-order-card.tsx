import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { orders } from '@shop/shared/messages/bs/orders.ts'
import { formatWeightKg } from '@shop/shared/rules/parcel-weight.ts'
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
import { documents } from '@shop/shared/messages/bs/documents.ts'
import type { DocumentKind } from '@shop/shared/schemas/tax-facts.ts'
import { Checkbox } from '../../../../ui/field.tsx'
import { OrderDocuments } from './order-documents.tsx'
import { OrderCourier } from './order-courier.tsx'
import { staffOrders } from '@shop/shared/messages/bs/staff-orders.ts'
import type { OrderSource } from '@shop/shared/rules/order-source.ts'

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
  order: OrderView & { suspicion?: readonly string[]; source?: OrderSource }
  /** The status on screen: the one just chosen while it is being saved, else the order's. */
  status: string
  isSaving: boolean
  canDelete: boolean
  onStatusChange: (status: OrderStatus) => void
  onDelete: () => void
  /** Clears a flagged order's flag (docs/decisions.md, Order limits and suspicious orders); `isClearingSuspicion` while that is saved. */
  onClearSuspicion: () => void
  isClearingSuspicion: boolean
  /** Chosen for a bulk print (docs/decisions.md, 'Invoices and packing slips'). */
  isSelected: boolean
  onSelectedChange: (isSelected: boolean) => void
  /** The document being printed for this order, if any. */
  printing: DocumentKind | null
  onPrint: (kind: DocumentKind) => void
  onSaveFiscalReceipt: (value: string) => Promise<boolean>
  /** The courier's tracking number (docs/decisions.md, 'Courier hand-off, tracking and payouts'). */
  onSaveTracking: (value: string) => Promise<boolean>
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
  isSelected,
  onSelectedChange,
  printing,
  onPrint,
  onSaveFiscalReceipt,
  onSaveTracking,
}: AdminOrderCardProps) {
  const number = shortOrderId(order.id)
  const selectId = `order-status-${order.id}`
  const suspicion = order.suspicion ?? []
  return (
    <article className="admin-order" aria-labelledby={`order-title-${order.id}`} aria-busy={isSaving || undefined}>
      <header className="admin-order__header">
        <div className="admin-order__heading">
          <Checkbox
            className="admin-order__select"
            label={<span className="visually-hidden">{format(documents.selectOrder, { number })}</span>}
            checked={isSelected}
            onChange={(event) => onSelectedChange(event.target.checked)}
          />
          <div>
            <h2 className="admin-order__title" id={`order-title-${order.id}`}>
              {format(text.orderNumber, { number })}
            </h2>
            {order.documentNumber && (
              <p className="admin-order__document">
                {documents.documentNumber}: <strong>{order.documentNumber}</strong>
              </p>
            )}
            {suspicion.length > 0 && (
              <Badge tone="danger" className="admin-order__suspicious">
                {orderLimits.suspicious}
              </Badge>
            )}
            <p className="order-card__meta">
              <time dateTime={order.created_at}>{formatDate(order.created_at)}</time>
              {' · '}
              {order.userId ? text.customer : text.guest}
              {order.source && (
                <>
                  {' · '}
                  <span className="admin-order__source">
                    {staffOrders.source}: {staffOrders.sources[order.source]}
                  </span>
                </>
              )}
            </p>
          </div>
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
          <div className="order-label">{orderLimits.suspicionTitle}</div>
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
      <div className="ui-stack admin-order__body">
        <OrderAddress address={order.shippingAddress} method={order.shippingMethod} />
        <div className="admin-order__items">
          <div className="order-label">{text.items}</div>
          <OrderLines lines={order.products} />
          {order.products.some((line) => line.discountPercent) && (
            <ul className="admin-order__discounts">
              {order.products.flatMap((line, index) =>
                line.discountPercent
                  ? [
                      <li key={index}>
                        {line.name}:{' '}
                        {format(staffOrders.discountOnLine, {
                          percent: line.discountPercent,
                          reason: line.discountReason ?? '',
                        })}
                      </li>,
                    ]
                  : [],
              )}
            </ul>
          )}
          <DescriptionList
            className="admin-order__totals"
            items={[
              { term: text.subtotal, details: formatPrice(order.subtotal) },
              { term: text.shipping, details: order.shippingCost === 0 ? text.free : formatPrice(order.shippingCost) },
              { term: text.total, details: formatPrice(order.total), className: 'admin-order__total' },
              // docs/decisions.md, 'Product weights and shipping by weight': the parcel's weight at checkout.
              ...(order.weightKg == null
                ? []
                : [{ term: orders.orderWeight, details: formatWeightKg(order.weightKg) }]),
            ]}
          />
        </div>
      </div>
      <OrderDocuments
        order={order}
        status={status}
        printing={printing}
        onPrint={onPrint}
        onSaveFiscalReceipt={onSaveFiscalReceipt}
      />
      <OrderCourier
        key={`${order.trackingNumber}\n${order.paidAt ?? ''}`}
        order={order}
        onSaveTracking={onSaveTracking}
      />
      {canDelete && order.documentNumber === null && (
        <footer className="admin-order__actions">
          <Button variant="danger" aria-label={format(text.deleteOrderNamed, { number })} onClick={onDelete}>
            {text.deleteOrder}
          </Button>
        </footer>
      )}
    </article>
  )
}
