import type { ReactNode } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import { formatPrice } from '../../../ui/format-price.ts'
import type { CartSummary as Summary } from '../cart-view.ts'

type CartSummaryProps = {
  summary: Summary
  freeShippingThreshold: number
  /** False where the threshold cannot change the price: pickup, a free option, an express option. */
  showsFreeShippingHint: boolean
  children?: ReactNode
}

export function CartSummary({ summary, freeShippingThreshold, showsFreeShippingHint, children }: CartSummaryProps) {
  return (
    <section
      className="ui-card cart-summary"
      aria-labelledby="cart-summary-title"
      aria-busy={!summary.isConfirmed || undefined}
    >
      <h2 id="cart-summary-title" className="cart-section-title">
        {text.summaryTitle}
      </h2>
      <dl className="ui-totals cart-totals">
        <div>
          <dt>{text.itemCount}</dt>
          <dd>{summary.itemCount}</dd>
        </div>
        <div>
          <dt>{text.orderSubtotal}</dt>
          <dd>{formatPrice(summary.subtotal)}</dd>
        </div>
        <div>
          <dt>{text.orderShipping}</dt>
          <dd>{summary.shippingCost === 0 ? text.free : formatPrice(summary.shippingCost)}</dd>
        </div>
        <div className="cart-totals__total">
          <dt>{text.orderTotal}</dt>
          <dd>{formatPrice(summary.total)}</dd>
        </div>
      </dl>
      {showsFreeShippingHint && summary.subtotal < freeShippingThreshold && (
        <p className="cart-summary__note">
          {format(text.freeShippingFrom, { amount: formatPrice(freeShippingThreshold) })}
        </p>
      )}
      {children}
    </section>
  )
}
