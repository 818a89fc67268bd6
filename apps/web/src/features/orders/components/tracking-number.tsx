import { courier } from '@shop/shared/messages/bs/courier.ts'
import type { OrderView } from '@shop/shared/schemas/orders.ts'

/**
 * docs/decisions.md, 'Courier hand-off, tracking and payouts': the courier's tracking number, with a
 * link to the courier's page when the courier has one.
 */
export function TrackingNumber({ order }: { order: Pick<OrderView, 'trackingNumber' | 'trackingUrl'> }) {
  return (
    <span className="order-tracking">
      <span className="order-tracking__number">{order.trackingNumber}</span>
      {order.trackingUrl && (
        <>
          {' · '}
          <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
            {courier.trackingOpen}
          </a>
        </>
      )}
    </span>
  )
}
