// Printing invoices in bulk (docs/decisions.md, 'Invoices and packing slips'; issue budget: 200
// invoices as one PDF in under 5 s on this machine):
//
//   node --import tsx bench/invoices.ts
//   node --import tsx bench/invoices.ts --orders 200 --runs 3
//
// Creates the database 'shop_bench_invoices' on 127.0.0.1:5432 (dropped first), migrates it, writes
// 300 products (Latin names with č ć đ š ž, every tenth in Cyrillic) and N confirmed orders of 1-8
// lines each with document numbers, the company's tax facts, then calls POST /api/orders/documents
// on the real app (in-process, app.inject, a store manager's token) for all N orders as invoices and
// as packing slips: one untimed call, then `runs` timed ones. Prints the time, the PDF's bytes and
// pages, the process's CPU time during the call (user + system: the figure that holds when other work
// shares the cores, as wall time does not), and its peak resident memory and heap during the calls
// (sampled every 5 ms).
import pg from 'pg'
import { measurePeaks, openBenchDatabase, staffBenchOptions, percentile, startBenchApp } from './bench-database.ts'
import { insertBenchProducts, insertConfirmedOrders } from './bench-orders.ts'
import { EXAMPLE_TAX_FACTS as TAX_FACTS } from '../apps/api/src/modules/orders/documents/test-fixtures.ts'

const { orders: ORDERS, runs: RUNS, ...options } = staffBenchOptions({ orders: 200 }, 3)
const PRODUCTS = 300
const BENCH_DATABASE = 'shop_bench_invoices'
const BUDGET_MS = 5000

async function generate(client: pg.Client): Promise<string> {
  await insertBenchProducts(client, PRODUCTS, {
    customId: "'RAC-' || g",
    name: `case when g % 10 = 0 then 'Кључ за вијке Ђурђевак ' || g
                else 'Aku bušilica Čelik ćup đubrivo šaraf žica ' || g end`,
    price: '(3 + (g * 37) % 400 + 0.99)::numeric(12,2)',
  })
  await insertConfirmedOrders(client, ORDERS, '0')
  await client.query(
    `insert into order_items (order_id, position, product_id, custom_id, name, quantity, price)
     select o.id, l.position, p.id, p.custom_id, p.name, 1 + (l.position * 7 + o.n) % 4, p.price
       from (select id, row_number() over (order by id) as n from orders) o
       cross join lateral generate_series(0, (o.n % 8)::int) as l(position)
       join (select id, custom_id, name, price, row_number() over (order by id) as k from products) p
         on p.k = 1 + (o.n * 13 + l.position * 29) % ${PRODUCTS}`,
  )
  await client.query(
    `update orders o set total = s.subtotal + o.shipping_cost
       from (select order_id, sum(round(price * quantity, 2)) as subtotal from order_items group by order_id) s
      where s.order_id = o.id`,
  )
  await client.query(`insert into settings (key, value) values ('tax_facts', $1)`, [JSON.stringify(TAX_FACTS)])
  const { rows } = await client.query<{ lines: string }>('select count(*) as lines from order_items')
  return `${PRODUCTS} products, ${ORDERS} orders, ${rows[0]!.lines} lines`
}

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length

async function main() {
  const { url, db } = await openBenchDatabase(options['server-url'], BENCH_DATABASE, generate)
  const { app, close, headers } = await startBenchApp(db, url, 'invoices', 'store_manager')
  const { rows: orders } = await db.query<{ id: string }>('select id from orders order by document_number')
  const ids = orders.map((order) => order.id)

  console.log(
    `\n${ORDERS} orders as one PDF through POST /api/orders/documents (${RUNS} timed runs after one untimed)\n`,
  )
  console.log('| kind | p50 ms | max ms | CPU ms (p50) | bytes | pages | peak RSS MB | peak heap MB |')
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|')
  for (const kind of ['invoice', 'packing-slip'] as const) {
    const print = () => app.inject({ method: 'POST', url: '/api/orders/documents', headers, payload: { ids, kind } })
    const first = await print()
    if (first.statusCode !== 200) throw new Error(`answered ${first.statusCode}: ${first.body}`)
    const runs = []
    for (let run = 0; run < RUNS; run += 1) runs.push(await measurePeaks(print, 5))
    const timings = runs.map((run) => run.ms).sort((a, b) => a - b)
    const cpuTimings = runs.map((run) => run.cpuMs).sort((a, b) => a - b)
    const pdf = runs[0]!.result.rawPayload
    console.log(
      `| ${kind} | ${percentile(timings, 0.5).toFixed(0)} | ${timings.at(-1)!.toFixed(0)} | ${percentile(cpuTimings, 0.5).toFixed(0)} | ${pdf.length.toLocaleString('en')} | ${pageCount(pdf)} | ${Math.max(...runs.map((run) => run.rssMb)).toFixed(0)} | ${Math.max(...runs.map((run) => run.heapMb)).toFixed(0)} |`,
    )
    if (kind === 'invoice' && percentile(timings, 0.5) > BUDGET_MS) console.log(`  over the budget of ${BUDGET_MS} ms`)
  }
  await close()
  await db.close()
}

await main()
