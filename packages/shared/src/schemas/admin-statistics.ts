import { z } from 'zod'
import { messages } from '../messages/bs.ts'
import { ORDER_SOURCES } from '../rules/order-source.ts'
import { ORDER_STATUSES } from '../rules/order-status.ts'
import { STATISTICS_STATUSES, parseUtcDay } from '../rules/statistics.ts'
import { numberedPage, pageQueryFields } from './page.ts'

const text = messages.adminStatistics

/** Orders on one page of the statistics table. */
export const STATISTICS_PAGE_SIZE = 20
/** How many products each top list names. */
export const TOP_PRODUCTS = 10

const day = (message: string) =>
  z
    .string({ error: message })
    .refine((value) => parseUtcDay(value) !== undefined, message)
    .describe('A UTC calendar day, YYYY-MM-DD')

/**
 * The filter of GET /api/statistics, /statistics/orders and /statistics/orders.csv. The order of
 * the two days and the length of the range are checked by the service (one message each), so
 * that this stays a plain object schema for the OpenAPI document.
 */
export const statisticsFilter = z.object({
  from: day(text.fromInvalid),
  to: day(text.toInvalid),
  status: z
    .enum(STATISTICS_STATUSES, {
      error: (issue) => (issue.input === 'ready_for_pickup' ? text.readyForPickupNotAllowed : text.statusInvalid),
    })
    .optional()
    .describe('Absent: every status. ready_for_pickup is not a statistics filter (staff-and-content.md §4).'),
  /** docs/decisions.md, Orders entered by staff: 'Izvor narudžbe'. */
  source: z
    .enum(ORDER_SOURCES, { error: messages.staffOrders.sourceFilterInvalid })
    .optional()
    .describe('Absent: every source; web is the shop checkout.'),
})
export type StatisticsFilter = z.infer<typeof statisticsFilter>

export const statisticsOrdersQuery = statisticsFilter.extend(pageQueryFields(STATISTICS_PAGE_SIZE))
export type StatisticsOrdersQuery = z.infer<typeof statisticsOrdersQuery>

/** One order as the statistics table shows it; revenue is its total minus its shipping cost. */
export const statisticsOrderRow = z.object({
  id: z.string(),
  createdAt: z.string(),
  customer: z.string(),
  email: z.string(),
  status: z.enum(ORDER_STATUSES),
  items: z.number(),
  revenue: z.number(),
})
export type StatisticsOrderRow = z.infer<typeof statisticsOrderRow>

export const statisticsOrderPage = numberedPage(statisticsOrderRow)
export type StatisticsOrderPage = z.infer<typeof statisticsOrderPage>

export const topProduct = z.object({
  /** null when the product was deleted after it was sold; its lines are then grouped by their name. */
  productId: z.string().nullable(),
  name: z.string(),
  quantity: z.number(),
  revenue: z.number(),
})
export type TopProduct = z.infer<typeof topProduct>

export const statisticsView = z.object({
  from: z.string(),
  to: z.string(),
  status: z.enum(STATISTICS_STATUSES).nullable(),
  /** staff-and-content.md §9: total orders, total items (sum of quantities), revenue (total minus shippingCost). */
  totals: z.object({ totalOrders: z.number(), totalItems: z.number(), revenue: z.number() }),
  /** Every UTC day of the range, zeros included. */
  days: z.array(z.object({ date: z.string(), orders: z.number(), revenue: z.number() })),
  topProducts: z.object({ byQuantity: z.array(topProduct), byRevenue: z.array(topProduct) }),
  orders: statisticsOrderPage,
})
export type StatisticsView = z.infer<typeof statisticsView>
