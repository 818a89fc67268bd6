import type { StatisticsOrderRow, TopProduct } from '@shop/shared/schemas/admin-statistics.ts'
import type { RangePlan } from '@shop/shared/rules/statistics.ts'
import type { Database, Queryable } from '../../platform/db.ts'

/** The orders of a statistics call: created in [start, end) (UTC days), optionally of one status. */
export type OrderRange = { start: Date; end: Date; status?: string | undefined; source?: string | undefined }

function rangeCondition(range: OrderRange, alias: string): { where: string; values: unknown[] } {
  const values: unknown[] = [range.start, range.end]
  let where = `${alias}.created_at >= $1 and ${alias}.created_at < $2`
  if (range.status) {
    values.push(range.status)
    where += ` and ${alias}.status = $${values.length}`
  }
  if (range.source) {
    values.push(range.source)
    where += ` and ${alias}.source = $${values.length}`
  }
  return { where, values }
}

export type DayRow = { date: string; orders: number; revenue: number }

/** Midnight UTC of a day 'YYYY-MM-DD', for comparisons with timestamptz columns. */
const midnight = (day: string) => new Date(`${day}T00:00:00.000Z`)

// A month is closed one hour after its end (UTC): the hour covers transactions that began in it.
const CLOSED_BEFORE = `date_trunc('month', (now() - interval '1 hour') at time zone 'UTC')`

export type MonthState = {
  /** The first day of the live month; the months before it are closed. */
  closedBefore: string
  /** Closed months of the range without a roll-up yet. */
  missing: string[]
  /** Closed months of the range whose roll-up a change has made outdated. */
  dirty: string[]
}

/** Where the roll-ups of the closed months overlapping [from, end) stand. */
export async function findMonthState(db: Queryable, from: string, end: string): Promise<MonthState> {
  const { rows } = await db.query<{ closed_before: string; missing: string[]; dirty: string[] }>(
    `with months as (
       select m::date as month
         from generate_series(date_trunc('month', $1::timestamp), $2::timestamp - interval '1 day', interval '1 month') as m
        where m < ${CLOSED_BEFORE}
     )
     select to_char(${CLOSED_BEFORE}, 'YYYY-MM-DD') as closed_before,
            array(select to_char(month, 'YYYY-MM-DD') from months
                   where not exists (select 1 from statistics_months s where s.month = months.month) order by 1) as missing,
            array(select to_char(month, 'YYYY-MM-DD') from months
                   where exists (select 1 from statistics_months s where s.month = months.month)
                     and exists (select 1 from statistics_dirty_months d where d.month = months.month) order by 1) as dirty`,
    [from, end],
  )
  const row = rows[0]!
  return { closedBefore: row.closed_before, missing: row.missing, dirty: row.dirty }
}

/**
 * The roll-up rows of every status together, beside those of each status, so that the common call
 * (no status filter) reads one row per day and per month and product instead of six.
 */
const ALL_STATUSES = 'all'

/** Any number, the same for every process: one builder of roll-ups at a time. */
const ROLL_UP_LOCK = 727_001

/**
 * Builds the roll-ups of the given closed months again from the orders and lines. One builder at a
 * time (an advisory lock); under the lock only the months still missing or dirty are built, so
 * that two processes that found the same month build it once. The dirty mark goes first, so that
 * a change committed before the sums below is in them, and one committed later marks it again.
 */
export async function rebuildMonths(db: Database, months: readonly string[]): Promise<void> {
  if (months.length === 0) return
  await db.transaction(async (client) => {
    await client.query('select pg_advisory_xact_lock($1)', [ROLL_UP_LOCK])
    const { rows } = await client.query<{ month: string }>(
      `select to_char(m, 'YYYY-MM-DD') as month from unnest($1::date[]) as m
        where not exists (select 1 from statistics_months s where s.month = m)
           or exists (select 1 from statistics_dirty_months d where d.month = m)`,
      [months],
    )
    for (const { month } of rows) {
      const start = midnight(month)
      const next = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1))
      await client.query('delete from statistics_dirty_months where month = $1', [month])
      await client.query('delete from statistics_day_totals where day >= $1::date and day < $2::date', [
        month,
        next.toISOString().slice(0, 10),
      ])
      await client.query(
        `insert into statistics_day_totals (day, status, orders, revenue)
         select (o.created_at at time zone 'UTC')::date, case when grouping(o.status) = 1 then '${ALL_STATUSES}' else o.status end,
                count(*), sum(o.total - o.shipping_cost)
           from orders o where o.created_at >= $1 and o.created_at < $2
          group by grouping sets (((o.created_at at time zone 'UTC')::date, o.status), ((o.created_at at time zone 'UTC')::date))`,
        [start, next],
      )
      await client.query('delete from statistics_month_products where month = $1', [month])
      await client.query(
        `insert into statistics_month_products (month, status, product_id, orphan_name, quantity, revenue)
         select $1::date, case when grouping(i.order_status) = 1 then '${ALL_STATUSES}' else i.order_status end,
                i.product_id, case when i.product_id is null then i.name end as orphan_name, sum(i.quantity), sum(i.quantity * i.price)
           from order_items i where i.order_created_at >= $2 and i.order_created_at < $3
          group by grouping sets ((i.order_status, i.product_id, orphan_name), (i.product_id, orphan_name))`,
        [month, start, next],
      )
      await client.query(
        `insert into statistics_months (month) values ($1) on conflict (month) do update set built_at = now()`,
        [month],
      )
    }
  })
}

/**
 * Orders and revenue per UTC day, and (the row with a null date) the totals of the range: closed
 * days from the day roll-up, live days from the orders. Days without orders are absent.
 */
export async function sumOrdersByDay(
  db: Queryable,
  plan: RangePlan,
  status: string | undefined,
  source?: string,
): Promise<{ days: DayRow[]; total: DayRow }> {
  // The roll-ups know no source: a source filter reads every day from the orders (the plan has no roll-ups then).
  const liveFilter = [status ? 'o.status = $5' : '', source ? 'o.source = $6' : ''].filter(Boolean)
  const { rows } = await db.query<{ date: string | null; orders: number; revenue: number | null }>(
    `with parts as (
       select t.day, t.orders::bigint as orders, t.revenue
         from unnest($1::date[], $2::date[]) as s(f, e)
         join statistics_day_totals t on t.day >= s.f and t.day < s.e
        where t.status = $5
       union all
       select (o.created_at at time zone 'UTC')::date, count(*), sum(o.total - o.shipping_cost)
         from unnest($3::timestamptz[], $4::timestamptz[]) as s(f, e)
         join orders o on o.created_at >= s.f and o.created_at < s.e
        ${liveFilter.length > 0 ? `where ${liveFilter.join(' and ')}` : ''}
        group by 1
     ),
     days as (select day, sum(orders) as orders, sum(revenue) as revenue from parts group by day)
     select to_char(day, 'YYYY-MM-DD') as date, orders, revenue from days
     union all
     select null, coalesce(sum(orders), 0), coalesce(sum(revenue), 0) from days`,
    [
      plan.rolledUpDays.map((span) => span.from),
      plan.rolledUpDays.map((span) => span.to),
      plan.liveDays.map((span) => midnight(span.from)),
      plan.liveDays.map((span) => midnight(span.to)),
      status ?? ALL_STATUSES,
      ...(source ? [source] : []),
    ],
  )
  const days: DayRow[] = []
  let total: DayRow = { date: '', orders: 0, revenue: 0 }
  for (const row of rows) {
    const figures = { date: row.date ?? '', orders: row.orders, revenue: row.revenue ?? 0 }
    if (row.date === null) total = figures
    else days.push(figures)
  }
  return { days, total }
}

/**
 * The sum of quantities of the range and its best products by quantity and by revenue (quantity
 * times the line's price): whole closed months from the product roll-up, the rest from the lines,
 * which carry their order's date and status (0007_statistics.sql). Lines of a deleted product
 * (product_id set null) group by their name.
 */
export async function sumProducts(
  db: Queryable,
  plan: RangePlan,
  status: string | undefined,
  limit: number,
  source?: string,
): Promise<{ totalItems: number; byQuantity: TopProduct[]; byRevenue: TopProduct[] }> {
  const lineFilter = [
    status ? 'i.order_status = $4' : '',
    source ? 'exists (select 1 from orders o where o.id = i.order_id and o.source = $6)' : '',
  ].filter(Boolean)
  const { rows } = await db.query<{
    list: 'quantity' | 'revenue' | 'total'
    product_id: string | null
    name: string | null
    quantity: number
    revenue: number
  }>(
    `with parts (product_id, orphan_name, quantity, revenue) as (
       select r.product_id, r.orphan_name, r.quantity, r.revenue
         from statistics_month_products r
        where r.month = any($1::date[]) and r.status = $4
       union all
       select i.product_id, case when i.product_id is null then i.name end, sum(i.quantity)::bigint, sum(i.quantity * i.price)
         from unnest($2::timestamptz[], $3::timestamptz[]) as s(f, e)
         join order_items i on i.order_created_at >= s.f and i.order_created_at < s.e
        ${lineFilter.length > 0 ? `where ${lineFilter.join(' and ')}` : ''}
        group by 1, 2
     ),
     per_product as materialized (
       select product_id, orphan_name, sum(quantity)::bigint as quantity, sum(revenue) as revenue
         from parts group by 1, 2
     ),
     by_quantity as (
       select * from per_product order by quantity desc, revenue desc, product_id, orphan_name limit $5
     ),
     by_revenue as (
       select * from per_product order by revenue desc, quantity desc, product_id, orphan_name limit $5
     ),
     top as (
       select 'quantity' as list, * from by_quantity
       union all
       select 'revenue' as list, * from by_revenue
     )
     select t.list, t.product_id, coalesce(p.name, t.orphan_name) as name, t.quantity, t.revenue
       from top t left join products p on p.id = t.product_id
     union all
     select 'total', null, null, coalesce(sum(quantity), 0), coalesce(sum(revenue), 0) from per_product`,
    [
      plan.rolledUpMonths,
      plan.lineSpans.map((span) => midnight(span.from)),
      plan.lineSpans.map((span) => midnight(span.to)),
      status ?? ALL_STATUSES,
      limit,
      ...(source ? [source] : []),
    ],
  )
  const view = (row: (typeof rows)[number]): TopProduct => ({
    productId: row.product_id,
    name: row.name ?? '',
    quantity: row.quantity,
    revenue: row.revenue,
  })
  const byDescending = (key: 'quantity' | 'revenue') => (a: TopProduct, b: TopProduct) =>
    b[key] - a[key] || (key === 'quantity' ? b.revenue - a.revenue : b.quantity - a.quantity)
  return {
    totalItems: rows.find((row) => row.list === 'total')?.quantity ?? 0,
    // union all keeps no order, so each list is sorted again here, as SQL ranked it.
    byQuantity: rows
      .filter((row) => row.list === 'quantity')
      .map(view)
      .sort(byDescending('quantity')),
    byRevenue: rows
      .filter((row) => row.list === 'revenue')
      .map(view)
      .sort(byDescending('revenue')),
  }
}

type OrderRowRecord = {
  id: string
  created_at: Date
  customer: string | null
  email: string
  status: StatisticsOrderRow['status']
  items: number
  revenue: number
}

const ORDER_ROW_COLUMNS = `o.id, o.created_at, o.shipping_address->>'full_name' as customer, o.email::text as email,
  o.status, (select coalesce(sum(i.quantity), 0) from order_items i where i.order_id = o.id) as items,
  o.total - o.shipping_cost as revenue`

function toOrderRow(row: OrderRowRecord): StatisticsOrderRow {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    customer: row.customer ?? '',
    email: row.email,
    status: row.status,
    items: Number(row.items),
    revenue: row.revenue,
  }
}

/** One page of the table: the range's orders, newest first (the id breaks ties, so pages never overlap). */
export async function listRangeOrders(
  db: Queryable,
  range: OrderRange,
  limit: number,
  offset: number,
): Promise<StatisticsOrderRow[]> {
  const { where, values } = rangeCondition(range, 'o')
  values.push(limit, offset)
  const { rows } = await db.query<OrderRowRecord>(
    `select ${ORDER_ROW_COLUMNS} from orders o where ${where}
      order by o.created_at desc, o.id desc limit $${values.length - 1} offset $${values.length}`,
    values,
  )
  return rows.map(toOrderRow)
}

export async function countRangeOrders(db: Queryable, range: OrderRange): Promise<number> {
  const { where, values } = rangeCondition(range, 'o')
  const { rows } = await db.query<{ count: number }>(`select count(*) as count from orders o where ${where}`, values)
  return rows[0]?.count ?? 0
}

/**
 * The whole table for the CSV, in batches that continue after the last row read (keyset), so
 * that a year of orders never sits in memory at once and no batch re-reads the ones before it.
 */
export async function* streamRangeOrders(
  db: Queryable,
  range: OrderRange,
  batchSize = 2000,
): AsyncGenerator<StatisticsOrderRow[]> {
  // The cursor keeps created_at as text: a JS Date drops the microseconds and would skip rows.
  let after: { createdAt: string; id: string } | undefined
  for (;;) {
    const { where, values } = rangeCondition(range, 'o')
    let keyset = ''
    if (after) {
      values.push(after.createdAt, after.id)
      keyset = ` and (o.created_at, o.id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`
    }
    values.push(batchSize)
    const { rows } = await db.query<OrderRowRecord & { cursor_at: string }>(
      `select ${ORDER_ROW_COLUMNS}, o.created_at::text as cursor_at from orders o where ${where}${keyset}
        order by o.created_at desc, o.id desc limit $${values.length}`,
      values,
    )
    if (rows.length > 0) yield rows.map(toOrderRow)
    if (rows.length < batchSize) return
    const last = rows[rows.length - 1]!
    after = { createdAt: last.cursor_at, id: last.id }
  }
}
