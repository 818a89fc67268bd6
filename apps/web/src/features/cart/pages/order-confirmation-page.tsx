import { useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import type { OrderConfirmationView } from '@shop/shared/schemas/orders.ts'
import { useSession } from '../../../app/session/session-context.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { Alert } from '../../../ui/alert.tsx'
import { buttonClassName } from '../../../ui/button.tsx'
import { PageEmptyState } from '../../../ui/empty-state.tsx'
import { AlertIcon, CheckCircleIcon } from '../../../ui/icons.tsx'
import { LoadingBlock } from '../../../ui/spinner.tsx'
import { fetchOrderConfirmation } from '../../orders/api/orders.ts'
import { OrderDetails } from '../../orders/components/order-details.tsx'
import { confirmationHeading } from '../confirmation-heading.ts'
import '../components/cart.css'

type State =
  | { status: 'loading' }
  | { status: 'ready'; order: OrderConfirmationView }
  | { status: 'not-found' }
  | { status: 'failed' }

/** /order-confirmation/{orderId} (customer-side.md §4 Order confirmation, §8 Orders). */
export function OrderConfirmationPage() {
  usePageTitle(shell.pages.orderConfirmation.title)
  const { orderId } = useParams()
  const { user } = useSession()
  const [state, setState] = useState<State>({ status: 'loading' })

  useEffect(() => {
    if (!orderId) return
    const controller = new AbortController()
    fetchOrderConfirmation(orderId, controller.signal).then(
      (order) => setState({ status: 'ready', order }),
      (error: unknown) => {
        if (controller.signal.aborted) return
        setState({ status: error instanceof ApiError && error.status === 404 ? 'not-found' : 'failed' })
      },
    )
    return () => controller.abort()
  }, [orderId])

  const toStore = (
    <Link to="/store" className={buttonClassName({ variant: 'primary' })}>
      {text.continueShopping}
    </Link>
  )

  if (!orderId) {
    return (
      <div className="container page">
        <Alert tone="danger">{text.orderIdMissing}</Alert>
      </div>
    )
  }
  if (state.status === 'loading') return <LoadingBlock label={text.loadingOrder} />
  if (state.status === 'not-found') {
    return (
      <PageEmptyState
        icon={<AlertIcon size={30} />}
        title={text.orderNotFound}
        text={text.orderNotFoundLong}
        actions={toStore}
      />
    )
  }
  if (state.status === 'failed') {
    return (
      <div className="container page">
        <h1 className="cart-page__title">{shell.pages.orderConfirmation.title}</h1>
        <Alert tone="danger">{text.loadFailed}</Alert>
      </div>
    )
  }

  const { order } = state
  const heading = confirmationHeading(order.status, order.email)
  return (
    <div className="container page confirmation-page">
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
      <OrderDetails order={order} />
      <div className="confirmation-page__actions">
        {toStore}
        {user && (
          <Link to="/orders" className={buttonClassName({ variant: 'secondary' })}>
            {text.toOrders}
          </Link>
        )}
      </div>
    </div>
  )
}
