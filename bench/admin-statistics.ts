// Statistics over a year of orders (ARCHITECTURE: Performance budgets, "staff reads"):
//
//   node --import tsx bench/admin-statistics.ts
//   node --import tsx bench/admin-statistics.ts --orders 100000 --runs 60 --without-indexes
//
// Creates the database 'shop_bench_statistics' on 127.0.0.1:5432 (dropped first), migrates it,
// writes 500 products and N orders spread over 2025 with 1-4 lines each through SQL, vacuums,
// then calls GET /api/statistics on the real app (in-process, app.inject, a store manager's
// token, a pool of 10 connections as in production) for the year and for a month, with and
// without a status filter, and prints p50/p95/max; then the year right after a status change in a
// closed month (which rebuilds that month's roll-up), the first call that builds the roll-ups,
// and one CSV download of the year.
// --without-indexes drops the indexes of 0007_statistics.sql first, to show what they buy.
import os from 'node:os'
import pg from 'pg'
import { insertBenchProducts } from './bench-orders.ts'
import { openBenchDatabase, staffBenchOptions, percentile, startBenchApp, WARM_UP_CALLS } from './bench-database.ts'

const { orders: ORDERS, runs: RUNS, ...options } = staffBenchOptions({ orders: 100_000, 'without-indexes': false })
const PRODUCTS = 500
const BENCH_DATABASE = 'shop_bench_statistics'
const BUDGET_MS = 150

async function generate(client: pg.Client): Promise<string> {
  await insertBenchProducts(client, PRODUCTS, {
    customId: "'B' || g",
    name: "'Proizvod Čćžšđ ' || g",
    price: '(3 + (g * 37) % 400)::numeric(12,2)',
  })
  // Statuses roughly as a shop has them: most orders completed, a few of each of the others.
  await client.query(
    `insert into orders (email, status, total, shipping_cost, shipping_address, created_at)
     select 'kupac' || g || '@bench.ba',
            case when r < 0.55 then 'completed' when r < 0.70 then 'shipped' when r < 0.80 then 'processing'
                 when r < 0.88 then 'pending' when r < 0.94 then 'cancelled' else 'ready_for_pickup' end,
            0, case when g % 5 = 0 then 0 else 12 end,
            jsonb_build_object('full_name', 'Kupac ' || g, 'phone_number', '+387 61 000 000'),
            timestamptz '2025-01-01 00:00:00+00' + random() * interval '365 days'
       from (select g, random() as r from generate_series(1, $1) g) s`,
    [ORDERS],
  )
  await client.query(
    `create temporary table numbered as select row_number() over (order by custom_id) as n, id, name, price from products`,
  )
  await client.query(
    `insert into order_items (order_id, position, product_id, name, quantity, price)
     select o.id, l.position, p.id, p.name, 1 + floor(random() * 4)::int, p.price
       from orders o
       cross join lateral generate_series(0, (abs(hashtext(o.id::text)) % 4)) as l(position)
       join numbered p on p.n = 1 + (abs(hashtext(o.id::text || l.position)) % ${PRODUCTS})`,
  )
  await client.query(
    `update orders o set total = s.subtotal + o.shipping_cost
       from (select order_id, sum(quantity * price) as subtotal from order_items group by order_id) s
      where s.order_id = o.id`,
  )
  await client.query('vacuum analyze orders')
  await client.query('vacuum analyze order_items')
  await client.query('vacuum analyze products')
  const { rows } = await client.query<{ orders: string; lines: string }>(
    'select (select count(*) from orders) as orders, (select count(*) from order_items) as lines',
  )
  return `${rows[0]!.orders} orders with ${rows[0]!.lines} lines over 2025`
}

/** A row of the table: p50, p95 and max of the ascending `timings`, and whether p95 keeps the budget. */
function printTimings(name: string, timings: number[]) {
  const p95 = percentile(timings, 0.95)
  console.log(
    `${name.padEnd(24)} ${percentile(timings, 0.5).toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(8)} ${timings.at(-1)!.toFixed(1).padStart(8)}   ${p95 <= BUDGET_MS ? 'within' : 'OVER'} ${BUDGET_MS} ms`,
  )
}

async function main() {
  const { url, db } = await openBenchDatabase(options['server-url'], BENCH_DATABASE, async (client) => {
    if (options['without-indexes']) {
      await client.query(
        'drop index orders_statistics, orders_statistics_status, order_items_statistics, order_items_statistics_status',
      )
    }
    return generate(client)
  })

  const { app, close, timeCalls, headers } = await startBenchApp(db, url, 'statistics', 'store_manager')

  const year = '/api/statistics?from=2025-01-01&to=2025-12-31'
  const firstStarted = performance.now()
  const first = await app.inject({ method: 'GET', url: year, headers })
  if (first.statusCode !== 200) throw new Error(`first call answered ${first.statusCode}: ${first.body}`)
  const firstMs = performance.now() - firstStarted

  const scenarios: [string, string][] = [
    ['year, every status', '/api/statistics?from=2025-01-01&to=2025-12-31'],
    ['year, completed', '/api/statistics?from=2025-01-01&to=2025-12-31&status=completed'],
    ['year, cancelled', '/api/statistics?from=2025-01-01&to=2025-12-31&status=cancelled'],
    ['month, every status', '/api/statistics?from=2025-06-01&to=2025-06-30'],
    ['month, completed', '/api/statistics?from=2025-06-01&to=2025-06-30&status=completed'],
    ['table page 50, year', '/api/statistics/orders?from=2025-01-01&to=2025-12-31&page=50'],
  ]
  console.log(
    `\n${ORDERS} orders, ${RUNS} calls each after ${WARM_UP_CALLS} warm-up calls (PostgreSQL, in-process inject)`,
  )
  console.log(
    `load average before the calls: ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  )
  console.log('call                      p50 ms   p95 ms   max ms   budget')
  for (const [name, callUrl] of scenarios) {
    printTimings(name, await timeCalls(callUrl, headers, RUNS))
  }
  // A staff status change on an old order marks its month dirty; the next call rebuilds that month.
  const { rows: old } = await db.query<{ id: string }>('select id from orders order by random() limit $1', [RUNS])
  const afterChange: number[] = []
  for (const [index, order] of old.entries()) {
    await db.query(`update orders set status = $2 where id = $1`, [order.id, index % 2 ? 'completed' : 'shipped'])
    const started = performance.now()
    const response = await app.inject({ method: 'GET', url: year, headers })
    afterChange.push(performance.now() - started)
    if (response.statusCode !== 200) throw new Error(`after a change: ${response.statusCode}`)
  }
  afterChange.sort((a, b) => a - b)
  printTimings('year, after a change', afterChange)
  console.log(`first call of the year (builds the 12 month roll-ups): ${firstMs.toFixed(0)} ms`)

  const started = performance.now()
  const csv = await app.inject({
    method: 'GET',
    url: '/api/statistics/orders.csv?from=2025-01-01&to=2025-12-31',
    headers,
  })
  console.log(
    `CSV of the year: ${csv.body.split('\r\n').length - 2} rows, ${(csv.rawPayload.length / 1024 / 1024).toFixed(1)} MB in ${(performance.now() - started).toFixed(0)} ms`,
  )
  await close()
  await db.close()
}

await main()
