import { z } from 'zod'
import { messages } from '../messages/bs.ts'
import { ORDER_SOURCES } from '../rules/order-source.ts'
import { ORDER_STATUSES } from '../rules/order-status.ts'
import { MAX_SEARCH_LENGTH } from '../rules/search.ts'
import { orderView } from './orders.ts'
import { numberedPage, pageQueryFields } from './page.ts'

const text = messages.admin.orders

/** staff-and-content.md §9: date, total and status, each ascending or descending; date descending first. */
export const ORDER_SORTS = ['date-desc', 'date-asc', 'total-desc', 'total-asc', 'status-asc', 'status-desc'] as const
export type OrderSort = (typeof ORDER_SORTS)[number]
export const DEFAULT_ORDER_SORT: OrderSort = 'date-desc'

/** Orders on one page of the staff list. */
export const ADMIN_ORDERS_PAGE_SIZE = 20

/** GET /api/orders (staff): search over the order number, e-mail, name and phone; status; sort; page. */
export const adminOrderListQuery = z.object({
  search: z.string().trim().max(MAX_SEARCH_LENGTH).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  /** docs/decisions.md, Order limits and suspicious orders: only the orders flagged as suspicious ('Sumnjive'). */
  suspicious: z.enum(['true', 'false']).optional(),
  /** docs/decisions.md, Orders entered by staff: where the order came from ('web' is the shop's checkout). */
  source: z.enum(ORDER_SOURCES, { error: messages.staffOrders.sourceFilterInvalid }).optional(),
  sort: z.enum(ORDER_SORTS).default(DEFAULT_ORDER_SORT),
  ...pageQueryFields(ADMIN_ORDERS_PAGE_SIZE),
})
export type AdminOrderListQuery = z.input<typeof adminOrderListQuery>

/** An order as staff see it: with why it was flagged (docs/decisions.md, Order limits and suspicious orders; empty for an ordinary order). */
export const staffOrderView = orderView.extend({
  suspicion: z.array(z.string()),
  /** Where the order came from (docs/decisions.md, Orders entered by staff). */
  source: z.enum(ORDER_SOURCES),
})
export type StaffOrderView = z.infer<typeof staffOrderView>

export const adminOrderListView = numberedPage(staffOrderView)
export type AdminOrderList = z.infer<typeof adminOrderListView>

/** PATCH /api/orders/{id}/status (staff-and-content.md §7): any of the six statuses, from any other. */
export const orderStatusInput = z.object({ status: z.enum(ORDER_STATUSES, { error: text.statusInvalid }) })

export const deletedOrderView = z.object({ id: z.string(), message: z.string() })
