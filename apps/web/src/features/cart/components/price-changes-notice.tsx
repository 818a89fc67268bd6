import { format } from '@shop/shared/messages/format.ts'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import type { PriceChanges } from '@shop/shared/schemas/price-changes.ts'
import { Alert } from '../../../ui/alert.tsx'
import { formatPrice } from '../../../ui/format-price.ts'
import type { RaisedPrices } from '../price-changes.ts'

const amounts = (change: { oldPrice: number; newPrice: number }) => ({
  oldPrice: formatPrice(change.oldPrice),
  newPrice: formatPrice(change.newPrice),
})

/** The refusal of an order whose prices rose since the cart was checked; the lines mark their own. */
export function PriceChangesNotice({ message, changes }: { message: string; changes: RaisedPrices }) {
  return (
    <Alert tone="danger">
      <span className="price-notice">
        <span>{message}</span>
        {changes.shipping && <span>{format(text.shippingPriceChanged, amounts(changes.shipping))}</span>}
        {changes.total && <span>{format(text.totalChanged, amounts(changes.total))}</span>}
      </span>
    </Alert>
  )
}

/** On the confirmation: which prices were lower than the cart showed, and charged so. */
export function LoweredPricesNotice({ changes }: { changes: PriceChanges }) {
  return (
    <Alert tone="info" className="confirmation-page__prices">
      <span className="price-notice">
        <span>{text.pricesLowered}</span>
        <ul>
          {changes.changes.map((change) => (
            <li key={`${change.productId}|${change.optionCode ?? ''}`}>
              {format(text.priceLoweredLine, {
                name: change.optionCode ? `${change.name} (${change.optionCode})` : change.name,
                ...amounts(change),
              })}
            </li>
          ))}
          {changes.shipping && <li>{format(text.shippingLoweredLine, amounts(changes.shipping))}</li>}
          {changes.total && <li>{format(text.totalLoweredLine, amounts(changes.total))}</li>}
        </ul>
      </span>
    </Alert>
  )
}
