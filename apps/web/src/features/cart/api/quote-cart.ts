import type { CartQuote, CartQuoteInput } from '@shop/shared/schemas/checkout.ts'
import { api } from '../../../lib/api-client.ts'

/**
 * POST /api/cart/quote: one call re-prices every line for the buyer's role, checks its stock and
 * answers the shipping options and cost (customer-side.md §4 Cart).
 */
export function requestCartQuote(input: CartQuoteInput, signal?: AbortSignal): Promise<CartQuote> {
  return api.post<CartQuote>('/api/cart/quote', input, { signal })
}
