import type { CartQuote } from '@shop/shared/schemas/checkout.ts'
import type { OrderLineView } from '@shop/shared/schemas/orders.ts'
import { planReorder, cartQuantities, type ReorderPlan } from '@shop/shared/rules/reorder.ts'
import { api } from '../../../lib/api-client.ts'
import { addLinesToCart, readCart } from '../../../lib/cart-storage.ts'

/**
 * 'Naruči ponovo' (docs/decisions.md ('Reorder, quick order and postcodes'), 'Reorder'): the order's lines re-quoted by POST
 * /api/cart/quote for this buyer (signed in: her role's prices), then put into the cart as far as
 * stock allows. Answers what went in and what changed.
 */
export async function reorderIntoCart(items: readonly OrderLineView[]): Promise<ReorderPlan & { isStored: boolean }> {
  const known = items.filter((item) => item.product_id !== null)
  const quote =
    known.length === 0
      ? { lines: [] }
      : await api.post<CartQuote>('/api/cart/quote', {
          lines: known.map((item) => ({ productId: item.product_id, size: item.custom_size, quantity: item.quantity })),
        })
  let next = 0
  const quoted = items.map((item) => (item.product_id === null ? null : (quote.lines[next++] ?? null)))
  const plan = planReorder(
    items.map((item) => ({
      productId: item.product_id,
      name: item.name,
      price: item.price,
      size: item.custom_size,
      quantity: item.quantity,
    })),
    quoted,
    cartQuantities(readCart()),
  )
  return { ...plan, isStored: plan.lines.length === 0 || addLinesToCart(plan.lines) }
}
