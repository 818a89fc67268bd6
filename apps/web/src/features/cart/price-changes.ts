// The prices a refused or placed order names as different from what the cart showed
// (docs/decisions.md, Prices the buyer saw).
import type { AmountChange, PriceChange, PriceChanges } from '@shop/shared/schemas/price-changes.ts'
import { ApiError } from '../../lib/api-client.ts'
import { lineKey } from './cart-view.ts'

export type RaisedPrices = {
  /** By the cart's line key (product and size). */
  lines: ReadonlyMap<string, PriceChange>
  shipping: AmountChange | null
  total: AmountChange | null
}

function isAmountChange(value: unknown): value is AmountChange {
  const change = value as Partial<AmountChange> | null
  return typeof change?.oldPrice === 'number' && typeof change.newPrice === 'number'
}

function isPriceChange(value: unknown): value is PriceChange {
  const change = value as Partial<PriceChange> | null
  return isAmountChange(value) && typeof change?.productId === 'string' && typeof change.name === 'string'
}

/** The changes of a 409 PRICE_CHANGED, read leniently; null for any other failure. */
export function raisedPricesOf(error: unknown): RaisedPrices | null {
  if (!(error instanceof ApiError) || error.code !== 'PRICE_CHANGED') return null
  const body = (error.body ?? {}) as Partial<Record<keyof PriceChanges, unknown>>
  const changes = Array.isArray(body.changes) ? body.changes.filter(isPriceChange) : []
  return {
    lines: new Map(
      changes.map((change) => [lineKey({ productId: change.productId, size: change.optionCode ?? null }), change]),
    ),
    shipping: isAmountChange(body.shipping) ? body.shipping : null,
    total: isAmountChange(body.total) ? body.total : null,
  }
}

/** The lowered prices a new order reports, as the confirmation page receives them in the navigation state. */
export function loweredPricesOf(state: unknown): PriceChanges | null {
  const lowered = (state as { loweredPrices?: unknown } | null)?.loweredPrices as Partial<PriceChanges> | null
  if (!lowered || typeof lowered !== 'object') return null
  const changes = Array.isArray(lowered.changes) ? lowered.changes.filter(isPriceChange) : []
  const shipping = isAmountChange(lowered.shipping) ? lowered.shipping : undefined
  const total = isAmountChange(lowered.total) ? lowered.total : undefined
  if (changes.length === 0 && !shipping && !total) return null
  return { changes, ...(shipping ? { shipping } : {}), ...(total ? { total } : {}) }
}
