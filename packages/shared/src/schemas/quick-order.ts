// POST /api/cart/quick-order (docs/decisions.md ('Reorder, quick order and postcodes'), 'Quick order'): the pasted list in, one
// result per code out, priced for the caller's role as the cart quote is.
import { z } from 'zod'
import { format } from '../messages/format.ts'
import { reorder as text } from '../messages/bs/reorder.ts'
import { QUICK_ORDER_MAX_CHARS } from '../rules/quick-order.ts'
import { cartLineStatus } from './checkout.ts'

export const quickOrderInput = z.object({
  lines: z
    .string({ error: text.linesRequired })
    .max(QUICK_ORDER_MAX_CHARS, format(text.textTooLong, { max: QUICK_ORDER_MAX_CHARS }))
    .refine((value) => !value.includes('\u0000'), text.linesRequired),
})
export type QuickOrderInput = z.infer<typeof quickOrderInput>

/**
 * A matched code carries the cart quote's status for its line; a code that names no product (nor
 * option) is unknown_code, where the cart would say product_not_found or size_not_found.
 */
export const QUICK_ORDER_STATUSES = [
  ...cartLineStatus.exclude(['product_not_found', 'size_not_found']).options,
  'unknown_code',
] as const
export type QuickOrderStatus = (typeof QUICK_ORDER_STATUSES)[number]

export const quickOrderLineView = z.object({
  /** The buyer's line numbers: more than one when the same code was written twice (summed). */
  lineNumbers: z.array(z.number()),
  code: z.string(),
  quantity: z.number(),
  status: z.enum(QUICK_ORDER_STATUSES),
  /** The problem in words; null when the line can go into the cart. */
  message: z.string().nullable(),
  product: z
    .object({
      /** The product's customId, as the cart stores it. */
      productId: z.string(),
      name: z.string(),
      image: z.string(),
      size: z.string().nullable(),
      price: z.number(),
      isWholesalePrice: z.boolean(),
      /** null for infinite stock. */
      availableStock: z.number().nullable(),
      unit: z.string(),
    })
    .nullable(),
})
export type QuickOrderLineView = z.infer<typeof quickOrderLineView>

export const quickOrderView = z.object({
  lines: z.array(quickOrderLineView),
  /** Lines that could not be read (a wrong quantity), each with its message. */
  errors: z.array(z.object({ lineNumber: z.number(), text: z.string(), message: z.string() })),
  okCount: z.number(),
  problemCount: z.number(),
})
export type QuickOrderView = z.infer<typeof quickOrderView>
