import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import { ApiError } from '../../../lib/api-client.ts'
import type { IdleLoad, Load } from '../../../lib/use-load.ts'
import { Alert } from '../../../ui/alert.tsx'
import { PageEmptyState } from '../../../ui/empty-state.tsx'
import { AlertIcon } from '../../../ui/icons.tsx'
import { LoadingBlock } from '../../../ui/spinner.tsx'
import { ContinueShoppingLink } from './continue-shopping-link.tsx'

type Unavailable = 'loading' | 'not-found' | 'failed'

/** Why an order's load shows no order, or null when it has one (a reload keeps the order on screen). */
export function unavailableOrder(load: Load<unknown> | IdleLoad<unknown>): Unavailable | null {
  if (load.status === 'ready') return null
  if (load.status === 'error')
    return load.error instanceof ApiError && load.error.status === 404 ? 'not-found' : 'failed'
  return load.data === undefined ? 'loading' : null
}

type OrderUnavailableProps = {
  status: Unavailable
  /** The page's heading above a failed load. */
  title: string
  titleClassName: string
  /** What 'not found' says on this page (a link that expired, an id that is not there). */
  notFoundText: string
}

/** An order page while its order loads, when it is not there, and when its load failed. */
export function OrderUnavailable({ status, title, titleClassName, notFoundText }: OrderUnavailableProps) {
  if (status === 'loading') return <LoadingBlock label={text.loadingOrder} />
  if (status === 'not-found') {
    return (
      <PageEmptyState
        icon={<AlertIcon size={30} />}
        title={text.orderNotFound}
        text={notFoundText}
        actions={<ContinueShoppingLink />}
      />
    )
  }
  return (
    <div className="container page">
      <h1 className={titleClassName}>{title}</h1>
      <Alert tone="danger">{text.loadFailed}</Alert>
    </div>
  )
}
