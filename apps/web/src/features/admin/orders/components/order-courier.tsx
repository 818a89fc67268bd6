import { useState } from 'react'
import { courier as text } from '@shop/shared/messages/bs/courier.ts'
import { format } from '@shop/shared/messages/format.ts'
import { shortOrderId } from '@shop/shared/rules/order-status.ts'
import { trackingInput } from '@shop/shared/schemas/courier.ts'
import type { OrderView } from '@shop/shared/schemas/orders.ts'
import { Badge } from '../../../../ui/badge.tsx'
import { Button } from '../../../../ui/button.tsx'
import { Field, Input } from '../../../../ui/field.tsx'

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
  const number = shortOrderId(order.id)
  const [tracking, setTracking] = useState(order.trackingNumber)
  const [error, setError] = useState<string | null>(null)
  const [isSaving, setIsSaving] = useState(false)
  if (order.documentNumber === null) return null

  async function save() {
    const checked = trackingInput.safeParse({ trackingNumber: tracking })
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? text.trackingInvalid)
      return
    }
    setError(null)
    setIsSaving(true)
    if (await onSaveTracking(checked.data.trackingNumber)) setTracking(checked.data.trackingNumber)
    setIsSaving(false)
  }

  const isSent = order.status === 'shipped' || order.status === 'completed'
  return (
    <div className="admin-order__courier">
      <form
        className="admin-order__fiscal admin-order__tracking"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <Field label={text.trackingNumber} error={error}>
          {(control) => (
            <Input
              {...control}
              aria-label={format(text.trackingNamed, { number })}
              name="trackingNumber"
              value={tracking}
              maxLength={40}
              autoComplete="off"
              onChange={(event) => setTracking(event.target.value)}
            />
          )}
        </Field>
        <Button
          type="submit"
          size="sm"
          variant="secondary"
          isLoading={isSaving}
          disabled={tracking === order.trackingNumber}
          aria-label={format(text.trackingSaveNamed, { number })}
        >
          {text.trackingSave}
        </Button>
      </form>
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
