import type { QuickOrderView } from '@shop/shared/schemas/quick-order.ts'
import { api } from '../../../lib/api-client.ts'

/** POST /api/cart/quick-order: each pasted code matched, priced for this buyer and checked against stock. */
export function checkQuickOrder(lines: string): Promise<QuickOrderView> {
  return api.post<QuickOrderView>('/api/cart/quick-order', { lines })
}
