import type { ReactNode } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import { DescriptionList } from '../../../ui/description-list.tsx'
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
      <DescriptionList
        className="ui-totals cart-totals"
        items={[
          { term: text.itemCount, details: summary.itemCount },
          { term: text.orderSubtotal, details: formatPrice(summary.subtotal) },
          {
            term: text.orderShipping,
            details: summary.shippingCost === 0 ? text.free : formatPrice(summary.shippingCost),
          },
          { term: text.orderTotal, details: formatPrice(summary.total), className: 'cart-totals__total' },
        ]}
      />
      {showsFreeShippingHint && summary.subtotal < freeShippingThreshold && (
        <p className="cart-summary__note">
          {format(text.freeShippingFrom, { amount: formatPrice(freeShippingThreshold) })}
        </p>
      )}
      {children}
    </section>
  )
}
