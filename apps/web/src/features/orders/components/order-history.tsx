import { useCallback, useEffect, useState } from 'react'
import { account } from '@shop/shared/messages/bs/account.ts'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import type { OrderView } from '@shop/shared/schemas/orders.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { EmptyState } from '../../../ui/empty-state.tsx'
import { ListIcon } from '../../../ui/icons.tsx'
import { LoadingBlock } from '../../../ui/spinner.tsx'
import { fetchUserOrders } from '../api/orders.ts'
import { OrderCard } from './order-card.tsx'
import './orders.css'

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; orders: OrderView[] }

type OrderHistoryProps = {
  email: string
  /** The level of each order's heading: 3 under the account page's tab heading, 2 right under a page's h1. */
  headingLevel?: 2 | 3
}

/** The customer's orders (customer-side.md §2 Account page orders tab), used by /account and /orders. */
export function OrderHistory({ email, headingLevel = 3 }: OrderHistoryProps) {
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
      <Alert tone="danger">
        <p>{text.historyLoadFailed}</p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setState({ status: 'loading' })
            reload()
          }}
        >
          {text.retry}
        </Button>
      </Alert>
    )
  }
  if (state.orders.length === 0) return <EmptyState icon={<ListIcon size={30} />} title={account.noOrders} />
  return (
    <ul className="order-history">
      {state.orders.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} headingLevel={headingLevel} onCancelled={reload} />
        </li>
      ))}
    </ul>
  )
}
