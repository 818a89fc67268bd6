import { z } from 'zod'
import { format, messages } from '../messages/bs.ts'
import { ORDER_STATUSES } from '../rules/order-status.ts'

const text = messages.orderList

/** At most this many orders change status in one request: five pages of the list, each in its own transaction. */
export const MAX_BULK_STATUS_ORDERS = 100

/**
 * POST /api/orders/status (docs/decisions.md, 'Orders admin as a working list'): the selected orders
 * and the status each should get. An id that is not an order is answered per order, not refused whole.
 */
export const orderBulkStatusInput = z.object({
  ids: z
    .array(z.string({ error: text.idInvalid }).max(100, text.idInvalid), { error: text.idsRequired })
    .min(1, text.idsRequired)
    .max(MAX_BULK_STATUS_ORDERS, format(text.idsTooMany, { max: MAX_BULK_STATUS_ORDERS })),
  status: z.enum(ORDER_STATUSES, { error: messages.admin.orders.statusInvalid }),
})
export type OrderBulkStatusInput = z.input<typeof orderBulkStatusInput>

export const BULK_STATUS_OUTCOMES = ['changed', 'unchanged', 'refused'] as const
export type BulkStatusOutcome = (typeof BULK_STATUS_OUTCOMES)[number]

/** One order's answer: changed, already in that status, or refused with the reason in Bosnian and its code. */
export const orderBulkStatusResult = z.object({
  id: z.string(),
  outcome: z.enum(BULK_STATUS_OUTCOMES),
  /** The order's status after the request (its old one when refused); null for an id that is no order. */
  status: z.string().nullable(),
  documentNumber: z.string().nullable(),
  message: z.string(),
  /** The refusal's error code (ORDER_NOT_FOUND, INSUFFICIENT_STOCK, ...); absent unless refused. */
  code: z.string().optional(),
})
export type OrderBulkStatusResult = z.infer<typeof orderBulkStatusResult>

export const orderBulkStatusView = z.object({
  results: z.array(orderBulkStatusResult),
  changed: z.number(),
  unchanged: z.number(),
  refused: z.number(),
})
export type OrderBulkStatusView = z.infer<typeof orderBulkStatusView>
