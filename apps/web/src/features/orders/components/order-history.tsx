import { useCallback, useEffect, useState } from 'react'
import { account } from '@shop/shared/messages/bs/account.ts'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import type { OrderView } from '@shop/shared/schemas/orders.ts'
import { RetryAlert } from '../../../ui/alert.tsx'
import { EmptyState } from '../../../ui/empty-state.tsx'
import { ListIcon } from '../../../ui/icons.tsx'
import { LoadingBlock } from '../../../ui/spinner.tsx'
import { fetchUserOrders } from '../api/orders.ts'
import type { OrderHistoryPlace } from '../cancel-messages.ts'
import { OrderCard } from './order-card.tsx'
import './orders.css'

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; orders: OrderView[] }

type OrderHistoryProps = {
  email: string
  /** The account page's orders tab or the /orders page: each words the outcome of a cancel its own way. */
  place: OrderHistoryPlace
}

/** The customer's orders (customer-side.md §2 Account page orders tab), used by /account and /orders. */
export function OrderHistory({ email, place }: OrderHistoryProps) {
  // Each order's heading: 3 under the account page's tab heading, 2 right under the /orders page's h1.
  const headingLevel = place === 'account' ? 3 : 2
  const [state, setState] = useState<State>({ status: 'loading' })
  const [reloadCount, setReloadCount] = useState(0)
  const reload = useCallback(() => setReloadCount((count) => count + 1), [])

  useEffect(() => {
    const controller = new AbortController()
    fetchUserOrders(email, controller.signal).then(
      (orders) => setState({ status: 'ready', orders }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'failed' })
      },
    )
    return () => controller.abort()
  }, [email, reloadCount])

  if (state.status === 'loading') return <LoadingBlock label={text.loadingOrders} />
  if (state.status === 'failed') {
    return (
      <RetryAlert
        message={<p>{text.historyLoadFailed}</p>}
        retryLabel={text.retry}
        onRetry={() => {
          setState({ status: 'loading' })
          reload()
        }}
      />
    )
  }
  if (state.orders.length === 0) return <EmptyState icon={<ListIcon size={30} />} title={account.noOrders} />
  return (
    <ul className="order-history">
      {state.orders.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} place={place} headingLevel={headingLevel} onCancelled={reload} />
        </li>
      ))}
    </ul>
  )
}
