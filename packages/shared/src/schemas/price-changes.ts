import { z } from 'zod'
import { errorResponse } from '../errors/error-response.ts'

// The prices a buyer saw against the prices an order is charged (docs/decisions.md, Prices the buyer saw).

/** A line's unit price, the shipping price or the total: as the buyer saw it and as the shop charges it. */
const shownAndChargedPrice = {
  /** The price the buyer saw. */
  oldPrice: z.number(),
  /** The price the shop charges now. */
  newPrice: z.number(),
}

/** One cart line whose unit price differs from the one the buyer was shown. */
export const priceChangeView = z.object({
  /** The line's product reference as the client sent it (its id or code). */
  productId: z.string(),
  /** The line's option (size) as the client named it; absent for a product without options. */
  optionCode: z.string().optional(),
  name: z.string(),
  ...shownAndChargedPrice,
})
export type PriceChange = z.infer<typeof priceChangeView>

/** A shipping price or total that differs from the one the buyer was shown. */
export const amountChangeView = z.object(shownAndChargedPrice)
export type AmountChange = z.infer<typeof amountChangeView>

/** Which prices differ from those the buyer saw, in one direction (all higher, or all lower). */
export const priceChangesView = z.object({
  changes: z.array(priceChangeView),
  shipping: amountChangeView.optional(),
  total: amountChangeView.optional(),
})
export type PriceChanges = z.infer<typeof priceChangesView>

/**
 * The error body of POST /api/orders: besides {message, error, code}, a 409 PRICE_CHANGED names the
 * lines (and the shipping price or total) that cost more than the buyer saw.
 */
export const priceChangedErrorResponse = errorResponse.extend(priceChangesView.partial().shape)
export type PriceChangedErrorResponse = z.infer<typeof priceChangedErrorResponse>
