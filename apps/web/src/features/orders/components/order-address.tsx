import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import { isPickupOption } from '@shop/shared/rules/shipping.ts'
import type { OrderView } from '@shop/shared/schemas/orders.ts'

type OrderAddressProps = {
  address: OrderView['shippingAddress']
  method: OrderView['shippingMethod']
  note?: string | undefined
}

/** Where the order goes (or that it is collected), with the shipping method's name. */
export function OrderAddress({ address, method, note }: OrderAddressProps) {
  const isPickup = method !== null && isPickupOption({ id: method.id ?? '', name: method.name })
  const place = [
    address.street_address,
    [address.zip_code, address.city].filter(Boolean).join(' '),
    address.state,
    address.country,
  ].filter((part) => part.trim() !== '')
  return (
    <div className="order-address">
      <div className="order-label">{isPickup ? text.orderPickup : text.orderAddress}</div>
      <p>
        {address.full_name}
        {address.phone_number && (
          <>
            <br />
            {address.phone_number}
          </>
        )}
        {address.email && (
          <>
            <br />
            {address.email}
          </>
        )}
        {!isPickup &&
          place.map((part) => (
            <span key={part}>
              <br />
              {part}
            </span>
          ))}
      </p>
      {method && (
        <p className="order-address__method">
          {text.orderShippingMethod}: {method.name}
        </p>
      )}
      {note && <p className="order-address__method">{note}</p>}
    </div>
  )
}
