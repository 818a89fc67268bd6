import { shell } from '@shop/shared/messages/bs/shell.ts'
import { useSession } from '../../../app/session/session-context.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { OrderHistory } from '../../orders/components/order-history.tsx'

/** /orders: the signed-in customer's orders (customer-side.md §2 Route table; §6: login required). */
export function OrdersPage() {
  const { title } = shell.pages.orders
  usePageTitle(title)
  const { user } = useSession()
  // RequireUser in the router sends a signed-out visitor to /login before this renders.
  if (!user) return null
  return (
    <div className="container page orders-page">
      <h1>{title}</h1>
      <OrderHistory email={user.email} place="orders" />
    </div>
  )
}
