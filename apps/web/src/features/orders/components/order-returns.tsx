import { useEffect, useState } from 'react'
import { returns as text } from '@shop/shared/messages/bs/returns.ts'
import { format } from '@shop/shared/messages/format.ts'
import { useLoad } from '../../../lib/use-load.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { DescriptionList, type Description } from '../../../ui/description-list.tsx'
import { useToast } from '../../../ui/toast.tsx'
import { fetchOrderReturns, type OrderKey } from '../api/returns.ts'
import { formatDate } from '../format-date.ts'
import { ReturnCard } from './return-card.tsx'
import { ReturnForm } from './return-form.tsx'

type OrderReturnsProps = {
  order: OrderKey
  /** The order's status: a change (delivered) loads the windows again. */
  status: string
}

/**
 * Complaints and returns on the order page (docs/decisions.md ('Complaints and returns')): the windows of the legal page, said
 * plainly when they have passed, the form while one is open, and each complaint filed with its steps.
 */
export function OrderReturns({ order, status }: OrderReturnsProps) {
  const toast = useToast()
  const load = useLoad((signal) => fetchOrderReturns(order, signal), `returns ${order.by} ${order.key} ${status}`)
  const [isFiling, setIsFiling] = useState(false)
  // The windows are judged at the page's opening; the server judges them again on the submit.
  const [now] = useState(() => Date.now())
  const overview = load.data
  const isShown = overview !== undefined && (overview.deliveredAt !== null || overview.returns.length > 0)
  // The history's 'Prijavi reklamaciju ili povrat' links to #reklamacija; the section appears only once loaded.
  useEffect(() => {
    if (isShown && window.location.hash === '#reklamacija') document.getElementById('reklamacija')?.scrollIntoView()
  }, [isShown])
  // Hidden before delivery when nothing was filed: a pending order has nothing to complain about yet.
  if (!overview || !isShown) return null
  const returnUntil = overview.returnUntil ? Date.parse(overview.returnUntil) : null
  const wrongDeliveryUntil = overview.wrongDeliveryUntil ? Date.parse(overview.wrongDeliveryUntil) : null

  const facts: Description[] = overview.deliveredAt
    ? [
        { term: text.deliveredTerm, details: formatDate(overview.deliveredAt) },
        ...(returnUntil
          ? [{ term: text.returnTerm, details: format(text.until, { date: formatDate(returnUntil) }) }]
          : []),
        ...(wrongDeliveryUntil
          ? [{ term: text.wrongDeliveryTerm, details: format(text.until, { date: formatDate(wrongDeliveryUntil) }) }]
          : []),
      ]
    : []

  let windowNote: string | null = null
  if (returnUntil !== null && now > returnUntil) {
    windowNote = format(text.windowsClosed, { date: formatDate(returnUntil) })
  } else if (returnUntil !== null && wrongDeliveryUntil !== null && now > wrongDeliveryUntil) {
    windowNote = format(text.returnWindowOnlyOpen, {
      date: formatDate(wrongDeliveryUntil),
      until: formatDate(returnUntil),
    })
  }

  return (
    <section className="ui-card ui-card--stack order-returns" id="reklamacija" aria-labelledby="order-returns-title">
      <h2 id="order-returns-title" className="order-page__section-title">
        {text.title}
      </h2>
      {overview.deliveredAt === null ? (
        <p className="ui-note">{text.notDeliveredYet}</p>
      ) : (
        <>
          <p className="ui-note">{text.windowsNote}</p>
          <DescriptionList className="ui-facts order-details__facts" items={facts} />
          {windowNote && (
            <Alert tone={returnUntil !== null && now > returnUntil ? 'danger' : 'info'}>{windowNote}</Alert>
          )}
        </>
      )}

      {overview.returns.length > 0 && (
        <div className="order-returns__list">
          <h3 className="order-returns__subtitle">{text.listTitle}</h3>
          {overview.returns.map((filed) => (
            <ReturnCard key={filed.id} filed={filed} headingLevel={4} />
          ))}
        </div>
      )}

      {overview.canFile &&
        (isFiling ? (
          <>
            <p className="ui-note">{text.intro}</p>
            <ReturnForm
              order={order}
              overview={overview}
              now={now}
              onCancel={() => setIsFiling(false)}
              onFiled={() => {
                setIsFiling(false)
                toast.show(text.submitted, 'success')
                load.reload()
              }}
            />
          </>
        ) : (
          <div className="ui-actions">
            <Button variant="secondary" onClick={() => setIsFiling(true)}>
              {text.open}
            </Button>
          </div>
        ))}
    </section>
  )
}
