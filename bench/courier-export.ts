// The courier's shipment file for many orders (docs/decisions.md, 'Courier hand-off, tracking and
// payouts'):
//
//   node --import tsx bench/courier-export.ts
//   node --import tsx bench/courier-export.ts --orders 1000 --runs 5
//
// Creates the database 'shop_bench_courier' on 127.0.0.1:5432 (dropped first), migrates it, writes N
// confirmed orders (names and streets with č ć đ š ž, 1-8 lines each) with document numbers, then calls
// POST /api/orders/shipments.csv on the real app (in-process, app.inject, a store manager's token) for
// all N orders: one untimed call, then `runs` timed ones. Prints the time, the process's CPU time during
// the call and the file's bytes and rows. Each call also writes N audit lines (one per exported order).
import pg from 'pg'
import { openBenchDatabase, staffBenchOptions, percentile, startBenchApp } from './bench-database.ts'
import { insertConfirmedOrders } from './bench-orders.ts'

const { orders: ORDERS, runs: RUNS, ...options } = staffBenchOptions({ orders: 1000 }, 5)
const BENCH_DATABASE = 'shop_bench_courier'

async function generate(client: pg.Client): Promise<string> {
  await insertConfirmedOrders(client, ORDERS, '(20 + (g * 37) % 400 + 0.45)::numeric(12,2)')
  await client.query(
    `insert into order_items (order_id, position, product_id, custom_id, name, quantity, price)
     select o.id, l.position, null, 'KUR-' || l.position, 'Artikal ' || l.position, 1 + l.position % 3, 9.9
       from (select id, row_number() over (order by id) as n from orders) o
       cross join lateral generate_series(0, (o.n % 8)::int) as l(position)`,
  )
  return `${ORDERS} orders`
}

async function main() {
  const { url, db } = await openBenchDatabase(options['server-url'], BENCH_DATABASE, generate)
  const { app, close, headers } = await startBenchApp(db, url, 'courier-export', 'store_manager')
  const { rows: orders } = await db.query<{ id: string }>('select id from orders order by document_number')
  const ids = orders.map((order) => order.id)
  const exportAll = () => app.inject({ method: 'POST', url: '/api/orders/shipments.csv', headers, payload: { ids } })

  const first = await exportAll()
  if (first.statusCode !== 200) throw new Error(`answered ${first.statusCode}: ${first.body}`)
  const timings: number[] = []
  const cpuTimings: number[] = []
  let bytes = 0
  let lines = 0
  for (let run = 0; run < RUNS; run += 1) {
    const cpu = process.cpuUsage()
    const started = performance.now()
    const response = await exportAll()
    timings.push(performance.now() - started)
    const used = process.cpuUsage(cpu)
    cpuTimings.push((used.user + used.system) / 1000)
    bytes = response.rawPayload.length
    lines = response.body.split('\r\n').filter(Boolean).length
  }
  timings.sort((a, b) => a - b)
  cpuTimings.sort((a, b) => a - b)
  console.log(
    `\n${ids.length} orders as the courier's CSV through POST /api/orders/shipments.csv (${RUNS} timed runs after one untimed)\n`,
  )
  console.log('| orders | p50 ms | max ms | CPU ms (p50) | bytes | rows (with header) |')
  console.log('|---:|---:|---:|---:|---:|---:|')
  console.log(
    `| ${ids.length} | ${percentile(timings, 0.5).toFixed(0)} | ${timings.at(-1)!.toFixed(0)} | ${percentile(cpuTimings, 0.5).toFixed(0)} | ${bytes.toLocaleString('en')} | ${lines} |`,
  )
  await close()
  await db.close()
}

await main()
