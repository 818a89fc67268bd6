import type { ReactNode } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import { DescriptionList } from '../../../ui/description-list.tsx'
import { formatPrice } from '../../../ui/format-price.ts'
import { Spinner } from '../../../ui/spinner.tsx'
import { formatWeightKg } from '@shop/shared/rules/parcel-weight.ts'
import type { CartSummary as Summary } from '../cart-view.ts'

type CartSummaryProps = {
  summary: Summary
  freeShippingThreshold: number
  /** False where the threshold cannot change the price: pickup, a free option, an express option. */
  showsFreeShippingHint: boolean
  /** The server is checking this cart: its amounts would change, so the check's progress stands in for them. */
  isChecking?: boolean
  /** docs/decisions.md, 'Product weights and shipping by weight': the server's sum; null when a line has no weight. */
  weightKg?: number | null
  children?: ReactNode
}

/** Stands in for an amount while the cart is checked (docs/decisions.md, Cart and orders (web)). */
const checking = <span className="cart-totals__checking">{text.checkingShort}</span>

export function CartSummary({
  summary,
  freeShippingThreshold,
  showsFreeShippingHint,
  isChecking = false,
  weightKg = null,
  children,
}: CartSummaryProps) {
  return (
    <section
      className="ui-card ui-card--stack cart-summary"
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
          { term: text.orderSubtotal, details: isChecking ? checking : formatPrice(summary.subtotal) },
          {
            term: text.orderShipping,
            details: isChecking ? checking : summary.shippingCost === 0 ? text.free : formatPrice(summary.shippingCost),
          },
          {
            term: text.orderTotal,
            details: isChecking ? checking : formatPrice(summary.total),
            className: 'cart-totals__total',
          },
        ]}
      />
      {!isChecking && weightKg !== null && (
        <p className="cart-summary__weight">{format(text.parcelWeight, { weight: formatWeightKg(weightKg) })}</p>
      )}
      {isChecking && (
        <p className="ui-note ui-note--icon" role="status">
          <Spinner size="1rem" decorative /> {text.checkingPrices}
        </p>
      )}
      {!isChecking && showsFreeShippingHint && summary.subtotal < freeShippingThreshold && (
        <p className="ui-note">{format(text.freeShippingFrom, { amount: formatPrice(freeShippingThreshold) })}</p>
      )}
      {children}
    </section>
  )
}
