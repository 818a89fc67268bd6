import { Link, useLocation, useParams } from 'react-router'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import type { OrderConfirmationView } from '@shop/shared/schemas/orders.ts'
import { useSession } from '../../../app/session/session-context.ts'
import { useLoad } from '../../../lib/use-load.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { Alert } from '../../../ui/alert.tsx'
import { buttonClassName } from '../../../ui/button.tsx'
import { AlertIcon, CheckCircleIcon } from '../../../ui/icons.tsx'
import { fetchOrderConfirmation, fetchOrderPageByToken } from '../../orders/api/orders.ts'
import { OrderDetails } from '../../orders/components/order-details.tsx'
import { confirmationHeading } from '../confirmation-heading.ts'
import { LoweredPricesNotice } from '../components/price-changes-notice.tsx'
import { loweredPricesOf } from '../price-changes.ts'
import { OrderUnavailable, unavailableOrder } from '../../orders/components/order-unavailable.tsx'
import { ContinueShoppingLink } from '../../orders/components/continue-shopping-link.tsx'
import '../components/cart.css'

/** The order page token the cart passes on with the navigation (history state, so a reload keeps it). */
function orderPageTokenOf(state: unknown): string | null {
  const token = (state as { orderPageToken?: unknown } | null)?.orderPageToken
  return typeof token === 'string' && token !== '' ? token : null
}

/** /order-confirmation/{orderId} (customer-side.md §4 Order confirmation, §8 Orders). */
export function OrderConfirmationPage() {
  usePageTitle(shell.pages.orderConfirmation.title)
  const { orderId } = useParams()
  const { user } = useSession()
  // Prices lower than the cart showed, charged so: the cart passes them on when it places the order.
  const location = useLocation()
  const loweredPrices = loweredPricesOf(location.state)
  // docs/decisions.md, 'The private order page': by the id alone the order comes without the buyer's
  // e-mail and address; the token from the checkout opens them (phone and e-mail partly masked).
  const orderPageToken = orderPageTokenOf(location.state)
  const load = useLoad<OrderConfirmationView>(
    (signal) =>
      orderPageToken ? fetchOrderPageByToken(orderPageToken, signal) : fetchOrderConfirmation(orderId ?? '', signal),
    orderId ? `order-confirmation ${orderId} ${orderPageToken ?? ''}` : null,
  )

  if (!orderId) {
    return (
      <div className="container page">
        <Alert tone="danger">{text.orderIdMissing}</Alert>
      </div>
    )
  }
  const unavailable = unavailableOrder(load)
  if (unavailable || load.data === undefined) {
    return (
      <OrderUnavailable
        status={unavailable ?? 'loading'}
        title={shell.pages.orderConfirmation.title}
        titleClassName="cart-page__title"
        notFoundText={text.orderNotFoundLong}
      />
    )
  }

  const order = load.data
  const heading = confirmationHeading(order.status, order.email ?? text.confirmationEmailFallback)
  return (
    <div className="container page order-page">
      <header className="confirmation-page__header">
        {heading.tone === 'cancelled' ? (
          <AlertIcon size={40} className="confirmation-page__icon confirmation-page__icon--cancelled" />
        ) : (
          <CheckCircleIcon size={40} className="confirmation-page__icon" />
        )}
        <div>
          <h1 className="cart-page__title">{heading.title}</h1>
          <p className="confirmation-page__text">{heading.text}</p>
        </div>
      </header>
      {loweredPrices && <LoweredPricesNotice changes={loweredPrices} />}
      <OrderDetails order={order} />
      {orderPageToken && <p className="confirmation-page__text">{text.orderPageLinkNote}</p>}
      <div className="ui-actions">
        <ContinueShoppingLink />
        {orderPageToken && (
          <Link to={`/narudzba/${orderPageToken}`} className={buttonClassName({ variant: 'secondary' })}>
            {text.orderPageLink}
          </Link>
        )}
        {user && (
          <Link to="/orders" className={buttonClassName({ variant: 'secondary' })}>
            {text.toOrders}
          </Link>
        )}
      </div>
    </div>
  )
}
