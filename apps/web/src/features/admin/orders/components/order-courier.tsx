import { courier as text } from '@shop/shared/messages/bs/courier.ts'
import { format } from '@shop/shared/messages/format.ts'
import { shortOrderId } from '@shop/shared/rules/order-status.ts'
import { trackingInput } from '@shop/shared/schemas/courier.ts'
import type { OrderView } from '@shop/shared/schemas/orders.ts'
import { Badge } from '../../../../ui/badge.tsx'
import { OneFieldForm, schemaCheck } from '../../kit/one-field-form.tsx'

/** '2026-03-05' as people read a day: '05.03.2026.'. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-')
  return `${date}.${month}.${year}.`
}

type OrderCourierProps = {
  order: OrderView
  onSaveTracking: (value: string) => Promise<boolean>
}

/**
 * docs/decisions.md, 'Courier hand-off, tracking and payouts': the courier's tracking number of the
 * order (with its link once saved) and whether the courier paid the cash on delivery out.
 */
export function OrderCourier({ order, onSaveTracking }: OrderCourierProps) {
  if (order.documentNumber === null) return null
  const number = shortOrderId(order.id)
  const isSent = order.status === 'shipped' || order.status === 'completed'
  return (
    <div className="admin-order__courier">
      <OneFieldForm
        className="admin-order__tracking"
        label={text.trackingNumber}
        inputName={format(text.trackingNamed, { number })}
        name="trackingNumber"
        saved={order.trackingNumber}
        maxLength={40}
        check={schemaCheck(trackingInput, 'trackingNumber', text.trackingInvalid)}
        onSave={onSaveTracking}
        saveLabel={text.trackingSave}
        saveName={format(text.trackingSaveNamed, { number })}
      />
      <div className="admin-order__courier-facts">
        {order.trackingUrl && (
          <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
            {text.trackingOpen}
          </a>
        )}
        {order.paidAt ? (
          <Badge tone="success">{format(text.paidOn, { date: formatDay(order.paidAt) })}</Badge>
        ) : (
          isSent && <Badge>{text.unpaid}</Badge>
        )}
      </div>
    </div>
  )
}
