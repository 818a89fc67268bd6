// Order placement under load (ARCHITECTURE: Performance budgets, "order placement"):
//
//   node --import tsx bench/orders.ts                      # PGlite, then PostgreSQL
//   node --import tsx bench/orders.ts --target postgres --clients 20 --seconds 10
//
// For each database it prepares a fresh shop (PGlite in its own DATA_DIR, or the database
// 'shop_bench_orders' on 127.0.0.1:5432, dropped and created again), writes its products
// through SQL, starts the real server (`node --import tsx apps/api/src/main.ts`, SEED=none) and
// measures:
//   1. throughput: N clients place guest orders for distinct products for S seconds;
//   2. the race: 200 concurrent orders for one product with 10 in stock, and for one size with
//      10 in stock; it prints how many succeeded and the final stock (budget: never an oversell).
// The server is configured for the load (every order comes from one address, so the per-address
// limit is raised), never the product. Any answer but 201 in the throughput load, or but 201 and
// 409 in the race, is printed per status and makes the run exit with 1, as does an oversell: the
// figures would measure the refusals.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { openDatabase, type Database } from '../apps/api/src/platform/db.ts'
import { migrate } from '../apps/api/src/platform/migrate.ts'
import { startApiProcess, type ApiProcess } from '../apps/api/test/support/api-process.ts'
import { LOCAL_POSTGRES_SERVER, recreateDatabase } from '../apps/api/test/support/scratch-database.ts'
import { benchOptions } from './bench-options.ts'
import { benchOrderBody, setBenchShipping } from './bench-orders.ts'

const options = benchOptions({
  target: 'both',
  clients: 20,
  seconds: 10,
  racers: 200,
  'server-url': LOCAL_POSTGRES_SERVER,
})
const RACE_STOCK = 10
const DISTINCT_PRODUCTS = 30_000
const WARM_UP_SECONDS = 2
/** The whole run is bounded, whatever happens to the server. */
const HARD_LIMIT_MS = 8 * 60 * 1000
const BENCH_DATABASE = 'shop_bench_orders'

type Target = 'pglite' | 'postgres'

type Shop = {
  productIds: string[]
  raceProductId: string
  raceOptionProductId: string
  raceOptionId: string
}

async function prepareShop(db: Database): Promise<Shop> {
  await migrate(db)
  const category = await db.query<{ id: string }>(`insert into categories (name) values ('Bench') returning id`)
  const categoryId = category.rows[0]!.id
  await db.query(
    `insert into products (custom_id, name, price, discount_price, category_id, stock)
     select 'B' || g, 'Bench proizvod ' || g, 10 + (g % 90), case when g % 3 = 0 then 9 + (g % 90) end, $1, 1000
       from generate_series(1, $2::int) as g`,
    [categoryId, DISTINCT_PRODUCTS],
  )
  const race = await db.query<{ id: string }>(
    `insert into products (custom_id, name, price, category_id, stock) values ('RACE', 'Zadnji komadi', 50, $1, $2) returning id`,
    [categoryId, RACE_STOCK],
  )
  const sized = await db.query<{ id: string }>(
    `insert into products (custom_id, name, price, category_id, stock, has_sizes)
     values ('RACE-SIZE', 'Zadnje majice', 30, $1, 0, true) returning id`,
    [categoryId],
  )
  const option = await db.query<{ id: string }>(
    `insert into product_options (product_id, size, stock) values ($1, 'L', $2) returning id`,
    [sized.rows[0]!.id, RACE_STOCK],
  )
  await setBenchShipping(db)
  const products = await db.query<{ id: string }>(
    `select id from products where custom_id like 'B%' order by custom_id`,
  )
  return {
    productIds: products.rows.map((row) => row.id),
    raceProductId: race.rows[0]!.id,
    raceOptionProductId: sized.rows[0]!.id,
    raceOptionId: option.rows[0]!.id,
  }
}

type Environment = {
  dataDir: string
  env: Record<string, string>
  verify: () => Promise<Database>
  cleanup: () => Promise<void>
}

async function prepare(target: Target): Promise<{ shop: Shop } & Environment> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-bench-orders-${target}-`))
  if (target === 'pglite') {
    const directory = path.join(dataDir, 'db')
    const db = await openDatabase({ directory })
    const shop = await prepareShop(db)
    await db.close()
    return {
      shop,
      dataDir,
      env: {},
      verify: () => openDatabase({ directory }),
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    }
  }
  const url = await recreateDatabase(options['server-url'], BENCH_DATABASE)
  const db = await openDatabase({ url, poolSize: 2 })
  const shop = await prepareShop(db)
  await db.close()
  return {
    shop,
    dataDir,
    env: { DATABASE_URL: url },
    verify: () => openDatabase({ url, poolSize: 2 }),
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  }
}

/** The real server on the prepared shop (through the harness: a clean environment, stopped on every way out). */
function startServer(environment: Environment): Promise<ApiProcess> {
  return startApiProcess({
    dataDir: environment.dataDir,
    echo: true,
    readyTimeoutMs: 60_000,
    env: {
      ...environment.env,
      // Every client orders from 127.0.0.1: the per-address limit (docs/decisions.md, Order limits and
      // suspicious orders) would refuse the load.
      ORDERS_PER_ADDRESS_PER_HOUR: '100000000',
    },
  })
}

function orderBody(productId: string, index: number, size?: string) {
  return benchOrderBody({ email: `bench${index}@example.ba`, productId, size })
}

async function postOrder(baseUrl: string, body: string): Promise<{ status: number; ms: number }> {
  const started = performance.now()
  const response = await fetch(`${baseUrl}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
  await response.arrayBuffer()
  return { status: response.status, ms: performance.now() - started }
}

type AutocannonRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string }
type AutocannonResult = {
  duration: number
  errors: number
  timeouts: number
  latency: { p50: number; p90: number; p99: number }
  statusCodeStats: Record<string, { count: number }>
}
type Autocannon = (options: {
  url: string
  connections: number
  duration: number
  requests: {
    method: string
    headers: Record<string, string>
    setupRequest: (request: AutocannonRequest) => AutocannonRequest
  }[]
}) => Promise<AutocannonResult>
// autocannon ships no types; it drives the load with far less CPU than fetch, which matters on a
// 2-core machine where the client, the server and the database share the cores.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

type Throughput = {
  orders: number
  perSecond: number
  failures: Record<string, number>
  p50: number
  p90: number
  p99: number
}

async function measureThroughput(
  baseUrl: string,
  shop: Shop,
  seconds: number,
  offset: number,
): Promise<Throughput & { next: number }> {
  let next = offset
  const result = await autocannon({
    url: `${baseUrl}/api/orders`,
    connections: options.clients,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          const index = next++
          return { ...request, body: orderBody(shop.productIds[index % shop.productIds.length]!, index) }
        },
      },
    ],
  })
  const placed = result.statusCodeStats['201']?.count ?? 0
  const failures: Record<string, number> = {}
  for (const [status, { count }] of Object.entries(result.statusCodeStats))
    if (status !== '201') failures[status] = count
  if (result.errors > 0) failures.errors = result.errors
  if (result.timeouts > 0) failures.timeouts = result.timeouts
  return {
    next,
    orders: placed,
    perSecond: placed / result.duration,
    failures,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
  }
}

const prefixed = (prefix: string, counts: Record<string, number>) =>
  Object.fromEntries(Object.entries(counts).map(([key, count]) => [`${prefix}${key}`, count]))

type Race = { placed: number; refused: number; other: number; seconds: number }

async function race(baseUrl: string, productId: string, size?: string): Promise<Race> {
  const started = performance.now()
  const results = await Promise.all(
    Array.from({ length: options.racers }, (_, index) =>
      postOrder(baseUrl, orderBody(productId, 1_000_000 + index, size)).catch(() => ({ status: 0, ms: 0 })),
    ),
  )
  return {
    placed: results.filter((result) => result.status === 201).length,
    refused: results.filter((result) => result.status === 409).length,
    other: results.filter((result) => result.status !== 201 && result.status !== 409).length,
    seconds: (performance.now() - started) / 1000,
  }
}

async function finalStock(db: Database, shop: Shop) {
  const { rows } = await db.query<{
    product_stock: number
    option_stock: number
    product_sold: number
    option_sold: number
  }>(
    `select (select stock from products where id = $1) as product_stock,
            (select stock from product_options where id = $2) as option_stock,
            (select coalesce(sum(quantity), 0)::int from order_items where product_id = $1) as product_sold,
            (select coalesce(sum(quantity), 0)::int from order_items where option_id = $2) as option_sold`,
    [shop.raceProductId, shop.raceOptionId],
  )
  return rows[0]!
}

async function run(target: Target) {
  console.log(`\n== ${target} ==`)
  const prepared = await prepare(target)
  const { shop } = prepared
  console.log(
    `prepared ${shop.productIds.length} products with stock 1000, a race product and a race size with stock ${RACE_STOCK}`,
  )
  const server = await startServer(prepared)
  const baseUrl = server.base
  try {
    // The machine may be shared (CI, other jobs): the load average says how much of it the run had.
    console.log(
      `load average before the run: ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(', ')}`,
    )
    const warmUp = await measureThroughput(baseUrl, shop, WARM_UP_SECONDS, 0)
    const load = await measureThroughput(baseUrl, shop, options.seconds, warmUp.next)
    const productRace = await race(baseUrl, shop.raceProductId)
    const optionRace = await race(baseUrl, shop.raceOptionProductId, 'L')
    await server.stop()
    const db = await prepared.verify()
    const stock = await finalStock(db, shop)
    await db.close()
    const result = { target, load, productRace, optionRace, stock }
    console.log(
      `throughput, ${options.clients} clients, ${options.seconds} s, distinct products: ${load.orders} orders, ${load.perSecond.toFixed(0)} orders/s, ` +
        `latency p50 ${load.p50.toFixed(1)} ms, p90 ${load.p90.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms, failures ${JSON.stringify(load.failures)}`,
    )
    console.log(
      `race, ${options.racers} concurrent orders for 1 product with stock ${RACE_STOCK}: ${productRace.placed} placed, ${productRace.refused} refused (409), ` +
        `${productRace.other} other, in ${productRace.seconds.toFixed(2)} s; final stock ${stock.product_stock}, units sold ${stock.product_sold}`,
    )
    console.log(
      `race, ${options.racers} concurrent orders for 1 size with stock ${RACE_STOCK}: ${optionRace.placed} placed, ${optionRace.refused} refused (409), ` +
        `${optionRace.other} other, in ${optionRace.seconds.toFixed(2)} s; final stock ${stock.option_stock}, units sold ${stock.option_sold}`,
    )
    const oversold =
      stock.product_sold > RACE_STOCK ||
      stock.option_sold > RACE_STOCK ||
      stock.product_stock < 0 ||
      stock.option_stock < 0
    console.log(oversold ? 'OVERSOLD: the budget is broken' : 'no oversell')
    const unexpected = { ...prefixed('warm-up ', warmUp.failures), ...prefixed('load ', load.failures) }
    if (productRace.other > 0) unexpected['race, product: not 201 or 409'] = productRace.other
    if (optionRace.other > 0) unexpected['race, size: not 201 or 409'] = optionRace.other
    if (Object.keys(unexpected).length > 0) {
      console.error(`${target}: unexpected answers ${JSON.stringify(unexpected)}`)
      process.exitCode = 1
    }
    if (oversold) process.exitCode = 1
    return result
  } finally {
    await server.stop()
    await prepared.cleanup()
  }
}

const hardLimit = setTimeout(() => {
  console.error(`bench/orders.ts: stopped after ${HARD_LIMIT_MS / 1000} s`)
  process.exit(2)
}, HARD_LIMIT_MS)
hardLimit.unref()

const targets: Target[] = options.target === 'both' ? ['pglite', 'postgres'] : [options.target as Target]
console.log(`node ${process.version}, ${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? 'unknown CPU'}`)
for (const target of targets) await run(target)
