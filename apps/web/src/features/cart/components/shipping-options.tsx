import { format } from '@shop/shared/messages/format.ts'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import type { ShippingOptionView } from '@shop/shared/schemas/checkout.ts'
import { formatPrice } from '../../../ui/format-price.ts'

type ShippingOptionsProps = {
  options: readonly ShippingOptionView[]
  selectedId: string | null
  onSelect: (id: string) => void
}

/**
 * The active options this cart may use, as radios (customer-side.md §2 Cart page, §9 Shipping).
 * Pickup shows the pickup hours unless staff already wrote them into the option's description.
 */
export function ShippingOptions({ options, selectedId, onSelect }: ShippingOptionsProps) {
  if (options.length === 0) return null
  return (
    <fieldset className="shipping-options">
      <legend className="cart-section-title shipping-options__legend">{text.shippingTitle}</legend>
      {options.map((option) => (
        <label key={option.id} className="shipping-option">
          <input
            type="radio"
            name="shipping-option"
            value={option.id}
            checked={option.id === selectedId}
            onChange={() => onSelect(option.id)}
          />
          <span className="shipping-option__body">
            <span className="shipping-option__head">
              <span className="shipping-option__name">{option.name}</span>
              <span className="shipping-option__cost">{option.cost === 0 ? text.free : formatPrice(option.cost)}</span>
            </span>
            {option.description && <span className="shipping-option__text">{option.description}</span>}
            {option.isPickup && !option.description.includes(text.pickupHoursValue) && (
              <span className="shipping-option__text">
                {format(text.pickupHours, { hours: text.pickupHoursValue })}
              </span>
            )}
          </span>
        </label>
      ))}
    </fieldset>
  )
}
