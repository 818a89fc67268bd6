import { format } from '@shop/shared/messages/format.ts'
import { orderLimits } from '@shop/shared/messages/bs/order-limits.ts'
import { orderList as text } from '@shop/shared/messages/bs/order-list.ts'
import { staffOrders } from '@shop/shared/messages/bs/staff-orders.ts'
import { documents } from '@shop/shared/messages/bs/documents.ts'
import { formatWeightKg } from '@shop/shared/rules/parcel-weight.ts'
import { shortOrderId } from '@shop/shared/rules/order-status.ts'
import type { StaffOrderView } from '@shop/shared/schemas/admin-orders.ts'
import { Badge } from '../../../../ui/badge.tsx'
import { formatPrice } from '../../../../ui/format-price.ts'
import { formatDate } from '../../../orders/format-date.ts'
import { OrderStatusBadge } from './admin-order-card.tsx'
import { formatDay } from './order-courier.tsx'
import { HeaderRow } from '../../kit/header-row.tsx'

type OrdersTableProps = {
  orders: readonly StaffOrderView[]
  page: number
  pages: number
  /** The status on screen: a chosen one shows at once, before the list reloads. */
  statusOf: (order: StaffOrderView) => string
  selected: ReadonlySet<string>
  onSelectedChange: (id: string, isSelected: boolean) => void
  onOpen: (id: string) => void
  isBusy?: boolean
}

/** The small marks after the status: where the order came from, flags, payment, tracking, discounts, fiscal receipt. */
function OrderFlags({ order }: { order: StaffOrderView }) {
  const flags: { key: string; label: string; tone: 'neutral' | 'success' | 'danger' | 'primary' }[] = []
  if (order.source !== 'web') flags.push({ key: 'source', label: staffOrders.sources[order.source], tone: 'primary' })
  if (order.suspicion.length > 0) flags.push({ key: 'suspicious', label: orderLimits.suspicious, tone: 'danger' })
  if (order.paidAt)
    flags.push({ key: 'paid', label: format(text.flagPaid, { date: formatDay(order.paidAt) }), tone: 'success' })
  if (order.trackingNumber)
    flags.push({ key: 'tracking', label: format(text.flagTracking, { number: order.trackingNumber }), tone: 'neutral' })
  if (order.products.some((line) => line.discountPercent))
    flags.push({ key: 'discount', label: text.flagDiscount, tone: 'neutral' })
  if (order.fiscalReceiptNumber) flags.push({ key: 'fiscal', label: text.flagFiscal, tone: 'neutral' })
  return (
    <span className="orders-table__flags">
      {flags.map((flag) => (
        <Badge key={flag.key} tone={flag.tone}>
          {flag.label}
        </Badge>
      ))}
    </span>
  )
}

/** True when a click landed on a control of its own (the checkbox, the open button), which handles it. */
function isOnControl(target: EventTarget): boolean {
  return target instanceof Element && target.closest('input, button, a, label') !== null
}

/**
 * docs/decisions.md, 'Orders admin as a working list': the orders of one page as compact rows, each
 * with its checkbox for the bulk actions; the number opens the order's card. On a phone the rows fold
 * to the checkbox, the number with the buyer, and the total with the status (orders-page.css).
 */
export function OrdersTable({
  orders,
  page,
  pages,
  statusOf,
  selected,
  onSelectedChange,
  onOpen,
  isBusy,
}: OrdersTableProps) {
  return (
    <div className="orders-table__frame">
      <table className="orders-table" aria-busy={isBusy || undefined}>
        <caption className="visually-hidden">{format(text.tableCaption, { page, pages })}</caption>
        <HeaderRow
          columns={[
            { label: text.columnSelect, className: 'orders-table__select', isHidden: true },
            text.columnNumber,
            { label: text.columnDate, className: 'orders-table__wide' },
            text.columnBuyer,
            { label: text.columnPlace, className: 'orders-table__wide' },
            { label: text.columnTotal, className: 'orders-table__money' },
            { label: text.columnWeight, className: 'orders-table__money orders-table__wide' },
            text.columnStatus,
            { label: text.columnFlags, className: 'orders-table__wide' },
          ]}
        />
        <tbody>
          {orders.map((order) => {
            const number = shortOrderId(order.id)
            const isSelected = selected.has(order.id)
            const address = order.shippingAddress
            return (
              // The row opens the card on a pointer's click as a shortcut; the keyboard has the number's button.
              <tr
                key={order.id}
                className={isSelected ? 'orders-table__row orders-table__row--selected' : 'orders-table__row'}
                data-order-id={order.id}
                onClick={(event) => {
                  if (!isOnControl(event.target)) onOpen(order.id)
                }}
              >
                <td className="orders-table__select">
                  <input
                    type="checkbox"
                    className="orders-table__checkbox"
                    checked={isSelected}
                    aria-label={format(documents.selectOrder, { number })}
                    onChange={(event) => onSelectedChange(order.id, event.target.checked)}
                  />
                </td>
                <td className="orders-table__number">
                  {/* The name starts with the words a screen reader needs and ends with the text on screen (WCAG 2.5.3). */}
                  <button type="button" className="orders-table__open" onClick={() => onOpen(order.id)}>
                    <span className="visually-hidden">{text.openOrder} </span>
                    {order.documentNumber ?? `#${number}`}
                  </button>
                  {order.documentNumber && <span className="orders-table__short">#{number}</span>}
                </td>
                <td className="orders-table__wide orders-table__date">
                  <time dateTime={order.created_at}>{formatDate(order.created_at)}</time>
                </td>
                <td className="orders-table__buyer">
                  <span className="orders-table__name">{address.full_name || order.email}</span>
                  <span className="orders-table__contact">{address.phone_number || order.email}</span>
                </td>
                <td className="orders-table__wide">
                  {[address.zip_code, address.city].filter(Boolean).join(' ') || '–'}
                </td>
                <td className="orders-table__money orders-table__total">{formatPrice(order.total)}</td>
                <td className="orders-table__money orders-table__wide">
                  {order.weightKg == null ? (
                    <span className="orders-table__muted">{text.noWeight}</span>
                  ) : (
                    formatWeightKg(order.weightKg)
                  )}
                </td>
                <td className="orders-table__status">
                  <OrderStatusBadge status={statusOf(order)} />
                </td>
                <td className="orders-table__wide">
                  <OrderFlags order={order} />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
