import { format } from '@shop/shared/messages/format.ts'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import { perUnit, quantityInUnit } from '@shop/shared/rules/units.ts'
import type { OrderLineView } from '@shop/shared/schemas/orders.ts'
import { formatPrice } from '../../../ui/format-price.ts'

/** An order's items: quantity (with its unit unless pieces), name, 'Opcija' (size), 'Šifra' (code) and price. */
export function OrderLines({ lines }: { lines: readonly OrderLineView[] }) {
  return (
    <ul className="order-lines" aria-label={text.orderItems}>
      {lines.map((line, index) => {
        const code = line.customId ?? line.product_id
        return (
          <li key={`${line.product_id ?? line.name}-${line.custom_size ?? ''}-${index}`} className="order-lines__line">
            <span className="order-lines__quantity">
              {format(text.quantityTimes, { quantity: quantityInUnit(line.quantity, line.unit) })}
            </span>
            <span className="order-lines__main">
              <span className="order-lines__name">{line.name}</span>
              {line.custom_size && (
                <span className="order-lines__meta">
                  {text.optionLabel}: {line.custom_size}
                </span>
              )}
              {code && (
                <span className="order-lines__meta">
                  {text.codeLabel}: {code}
                </span>
              )}
            </span>
            <span className="order-lines__price">
              {formatPrice(line.price)}
              {perUnit(line.unit)}
            </span>
          </li>
        )
      })}
    </ul>
  )
}
