import { messages } from '@shop/shared/messages/bs.ts'
import { adminStatusLabel, shortOrderId } from '@shop/shared/rules/order-status.ts'
import { pageCount } from '@shop/shared/rules/pagination.ts'
import {
  MAX_STATISTICS_DAYS,
  fillDays,
  formatUtcDay,
  monthsOf,
  planRange,
  utcDayRange,
} from '@shop/shared/rules/statistics.ts'
import { CSV_BOM, csvLine, csvMoney, csvQuote, csvText, csvUtcTimestamp } from '@shop/shared/rules/statistics-csv.ts'
import {
  STATISTICS_PAGE_SIZE,
  TOP_PRODUCTS,
  type StatisticsFilter,
  type StatisticsOrderPage,
  type StatisticsOrdersQuery,
  type StatisticsView,
} from '@shop/shared/schemas/admin-statistics.ts'
import type { Database } from '../../platform/db.ts'
import { badRequest } from '../../platform/errors.ts'
import {
  countRangeOrders,
  findMonthState,
  listRangeOrders,
  rebuildMonths,
  streamRangeOrders,
  sumOrdersByDay,
  sumProducts,
  type OrderRange,
} from './repo.ts'

const text = messages.adminStatistics

/** staff-and-content.md §9: from the start of the first day to the end of the last, in UTC. */
function orderRange(filter: StatisticsFilter): OrderRange {
  const range = utcDayRange(filter.from, filter.to)
  if (range.end <= range.start) throw badRequest(text.fromAfterTo)
  if (range.days > MAX_STATISTICS_DAYS) throw badRequest(text.rangeTooLong)
  return { start: range.start, end: range.end, status: filter.status, source: filter.source }
}

/**
 * Rebuilds outdated month roll-ups after the answer that found them, one run at a time per process
 * (the advisory lock in rebuildMonths covers several processes). `settled` lets the app wait for
 * the run in progress when it closes.
 */
export function createRollUpBuilder(db: Database, log: { error: (object: unknown, message: string) => void }) {
  let running: Promise<void> = Promise.resolve()
  const queued = new Set<string>()
  return {
    schedule(months: readonly string[]) {
      const fresh = months.filter((month) => !queued.has(month))
      if (fresh.length === 0) return
      for (const month of fresh) queued.add(month)
      running = running
        .then(() => rebuildMonths(db, fresh))
        .catch((error: unknown) => log.error({ err: error, months: fresh }, 'statistics roll-up rebuild failed'))
        .finally(() => {
          for (const month of fresh) queued.delete(month)
        })
    },
    settled: () => running,
  }
}
export type RollUpBuilder = ReturnType<typeof createRollUpBuilder>

/**
 * GET /api/statistics: the three tiles, the days of the chart, the top products and the first
 * page of the table, each aggregated in SQL. Closed months come from their roll-ups: a month
 * never built is built first (once); a month that a change has made outdated is read from its
 * orders and lines this time and rebuilt after the answer. The live month is always read from
 * the orders. The three reads are independent, so on a PostgreSQL server they run side by side.
 */
export async function getStatistics(
  db: Database,
  rollUps: RollUpBuilder,
  filter: StatisticsFilter,
): Promise<StatisticsView> {
  const range = orderRange(filter)
  const end = formatUtcDay(range.end)
  const state = await findMonthState(db, filter.from, end)
  await rebuildMonths(db, state.missing)
  const closed = monthsOf(filter.from, end).filter((month) => month < state.closedBefore)
  // The month roll-ups know no source (docs/decisions.md, Orders entered by staff): a source filter reads the orders.
  const current = new Set(filter.source ? [] : closed.filter((month) => !state.dirty.includes(month)))
  const plan = planRange(filter.from, end, state.closedBefore, current)
  const [byDay, products, firstPage] = await Promise.all([
    sumOrdersByDay(db, plan, filter.status, filter.source),
    sumProducts(db, plan, filter.status, TOP_PRODUCTS, filter.source),
    listRangeOrders(db, range, STATISTICS_PAGE_SIZE, 0),
  ])
  rollUps.schedule(state.dirty)
  const totalOrders = byDay.total.orders
  return {
    from: filter.from,
    to: filter.to,
    status: filter.status ?? null,
    totals: { totalOrders, totalItems: products.totalItems, revenue: byDay.total.revenue },
    days: fillDays(filter.from, filter.to, byDay.days),
    topProducts: { byQuantity: products.byQuantity, byRevenue: products.byRevenue },
    orders: {
      data: firstPage,
      total: totalOrders,
      page: 1,
      pages: pageCount(totalOrders, STATISTICS_PAGE_SIZE),
      limit: STATISTICS_PAGE_SIZE,
    },
  }
}

/** GET /api/statistics/orders: one page of the table. */
export async function getStatisticsOrders(db: Database, query: StatisticsOrdersQuery): Promise<StatisticsOrderPage> {
  const range = orderRange(query)
  const [data, total] = await Promise.all([
    listRangeOrders(db, range, query.limit, (query.page - 1) * query.limit),
    countRangeOrders(db, range),
  ])
  return { data, total, page: query.page, pages: pageCount(total, query.limit), limit: query.limit }
}

const CSV_HEADER = [text.date, text.order, text.customer, text.email, text.status, text.items, `${text.revenue} (KM)`]

export function statisticsCsvFileName(filter: StatisticsFilter): string {
  return `statistika-${filter.from}-${filter.to}${filter.status ? `-${filter.status}` : ''}${filter.source ? `-${filter.source}` : ''}.csv`
}

/**
 * GET /api/statistics/orders.csv: the table of the range as the spreadsheet of a Bosnian
 * office reads it (rules/statistics-csv.ts), produced batch by batch. The range is checked
 * before the first byte, so that a bad filter still answers 400 with its message.
 */
export function statisticsCsv(db: Database, filter: StatisticsFilter): AsyncGenerator<string> {
  const range = orderRange(filter)
  return (async function* () {
    yield CSV_BOM + csvLine(CSV_HEADER.map(csvQuote))
    for await (const batch of streamRangeOrders(db, range)) {
      yield batch
        .map((order) =>
          csvLine([
            csvUtcTimestamp(order.createdAt),
            csvText(shortOrderId(order.id)),
            csvText(order.customer),
            csvText(order.email),
            csvText(adminStatusLabel(order.status)),
            order.items,
            csvMoney(order.revenue),
          ]),
        )
        .join('')
    }
  })()
}
