import { useState } from 'react'
import { Link } from 'react-router'
import { format } from '@shop/shared/messages/format.ts'
import { reorder as text } from '@shop/shared/messages/bs/reorder.ts'
import type { ReorderChange } from '@shop/shared/rules/reorder.ts'
import type { OrderLineView } from '@shop/shared/schemas/orders.ts'
import { useBusy } from '../../../lib/use-busy.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button, buttonClassName } from '../../../ui/button.tsx'
import { formatPrice } from '../../../ui/format-price.ts'
import { reorderIntoCart } from '../api/reorder.ts'

function describeChange(change: ReorderChange): string {
  switch (change.kind) {
    case 'priceChanged':
      return format(text.reorderPriceChanged, {
        name: change.name,
        oldPrice: formatPrice(change.oldPrice),
        newPrice: formatPrice(change.newPrice),
      })
    case 'gone':
      return format(text.reorderGone, { name: change.name })
    case 'soldOut':
      return format(text.reorderSoldOut, { name: change.name })
    case 'reduced':
      return format(text.reorderReduced, change)
    case 'alreadyInCart':
      return format(text.reorderAlreadyInCart, { name: change.name })
  }
}

type Outcome = { kind: 'done'; count: number; changes: ReorderChange[] } | { kind: 'failed' }

/** 'Naruči ponovo' under a past order, and what it did: the lines added and every change since. */
type ReorderButtonProps = {
  items: readonly OrderLineView[]
  orderNumber: string
  size?: 'sm' | 'md'
}

export function ReorderButton({ items, orderNumber, size = 'sm' }: ReorderButtonProps) {
  const [isBusy, whileBusy] = useBusy()
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  async function reorder() {
    if (isBusy) return
    setOutcome(null)
    try {
      const plan = await whileBusy(() => reorderIntoCart(items))
      setOutcome(plan.isStored ? { kind: 'done', count: plan.lines.length, changes: plan.changes } : { kind: 'failed' })
    } catch {
      setOutcome({ kind: 'failed' })
    }
  }

  return (
    <>
      <Button
        variant="secondary"
        size={size}
        isLoading={isBusy}
        onClick={() => void reorder()}
        aria-label={`${text.reorderButton} #${orderNumber}`}
      >
        {text.reorderButton}
      </Button>
      {outcome && (
        <div className="order-card__reorder">
          {outcome.kind === 'failed' ? (
            <Alert tone="danger">{text.reorderFailed}</Alert>
          ) : (
            <Alert tone={outcome.count > 0 ? 'success' : 'info'}>
              <p className="reorder-notice__lead">
                {outcome.count > 0 ? format(text.reorderAdded, { count: outcome.count }) : text.reorderNothingAdded}
              </p>
              {outcome.changes.length > 0 && (
                <>
                  <p className="reorder-notice__lead">{text.reorderChangesTitle}</p>
                  <ul className="reorder-notice__changes">
                    {outcome.changes.map((change, index) => (
                      <li key={index}>{describeChange(change)}</li>
                    ))}
                  </ul>
                </>
              )}
            </Alert>
          )}
          {outcome.kind === 'done' && outcome.count > 0 && (
            <Link to="/cart" className={buttonClassName({ variant: 'primary', size: 'sm' })}>
              {text.goToCart}
            </Link>
          )}
        </div>
      )}
    </>
  )
}
