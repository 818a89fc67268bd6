// Our store grid's list beside Vendure 3.7.3's (docs/decisions-vendure.md; bench/RESULTS.md, 'The store list side
// by side with Vendure 3.7.x'). Prints figures; never a test.
//
//   npm install --prefix bench/vendure
//   node bench/vendure/load.mjs --from postgres://postgres@127.0.0.1:5432/shop_bench_list   (once)
//   node --import tsx bench/vendure/list.ts [--products 10000] [--duration 10] [--database shop_bench_list]
//     [--vendure-database vendure_bench] [--postgres-url postgres://postgres@127.0.0.1:5432]
//
// Our side is bench/store-list.ts's: the generated catalogue (bench/generated-catalogue.ts), the real server
// uncached (CATALOGUE_CACHE=off), the cards of the largest category, 30 a page, page 3, by price. Vendure's side:
// bench/vendure/server.mjs over the same products (bench/vendure/load.mjs), the Shop API's `search` for the same
// category's collection, 30 products, page 3, by price, with the card's fields. At 1, 10 and 50 connections, one
// after the other in one run: ours, Vendure, bare Fastify sending our bytes. Every answer must be 200 and as long
// as the first one (checked: Vendure's has 30 products and no errors), else the bench fails.
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon, { type Options } from 'autocannon'
import { openDatabase } from '../../apps/api/src/platform/db.ts'
import { startApiProcess, type ApiProcess } from '../../apps/api/test/support/api-process.ts'
import { benchOptions } from '../bench-options.ts'
import { GENERATED_CATALOGUE_OPTIONS, openGeneratedCatalogue, startBareServer } from '../generated-catalogue.ts'

const HERE = fileURLToPath(new URL('.', import.meta.url))
const options = benchOptions({ ...GENERATED_CATALOGUE_OPTIONS, 'vendure-database': 'vendure_bench' })
const CONNECTIONS = [1, 10, 50]
const PAGE_SIZE = 30

/** The store card's fields as Vendure's Shop API gives them for a collection's page (docs/decisions-vendure.md). */
const VENDURE_QUERY = `query StoreList($input: SearchInput!) {
  search(input: $input) {
    totalItems
    items {
      productId
      productName
      slug
      productAsset { id preview }
      priceWithTax { ... on PriceRange { min max } ... on SinglePrice { value } }
      currencyCode
      inStock
    }
  }
}`

type Call = { method: 'GET' | 'POST'; path: string; body?: string }
type Figure = { rate: number; p95: number }
const jsonHeaders = (call: Call): Record<string, string> => (call.body ? { 'content-type': 'application/json' } : {})

/** autocannon on `call` (bench/autocannon.d.ts types no method or body; autocannon takes both). */
function cannon(base: string, call: Call, run: Omit<Options, 'url'>) {
  const options = {
    ...run,
    url: `${base}${call.path}`,
    method: call.method,
    body: call.body,
    headers: jsonHeaders(call),
  }
  return autocannon(options)
}

/** Answers per second and p95 (ms) of `call` over --duration seconds at `connections`; fails unless every answer is 200 and `bytes` long. */
async function measure(base: string, call: Call, connections: number, bytes: number): Promise<Figure> {
  const latencies: number[] = []
  let failures = 0
  const instance = cannon(base, call, { connections, duration: options.duration, timeout: 30 })
  instance.on('response', (_client: unknown, statusCode: number, responseBytes: number, responseTime: number) => {
    if (statusCode !== 200 || responseBytes !== bytes) failures += 1
    latencies.push(responseTime)
  })
  const result = await instance
  if (failures + result.errors + result.timeouts > 0) {
    throw new Error(
      `${call.path}: ${failures} answers were not 200 or not ${bytes} bytes, ${result.errors} errors, ${result.timeouts} timeouts`,
    )
  }
  latencies.sort((a, b) => a - b)
  return {
    rate: result.requests.total / options.duration,
    p95: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.95))]!,
  }
}

/** The body of one answer and the bytes of the whole answer (status line and headers too, as autocannon counts). */
async function answer(base: string, call: Call): Promise<{ body: string; bytes: number }> {
  const response = await fetch(`${base}${call.path}`, {
    method: call.method,
    body: call.body,
    headers: jsonHeaders(call),
  })
  if (response.status !== 200) throw new Error(`${call.path}: ${response.status}`)
  const body = await response.text()
  // autocannon's byte count of the same answer, taken from a one-request run.
  let bytes = 0
  const probe = cannon(base, call, { connections: 1, amount: 1 })
  probe.on('response', (_client: unknown, _statusCode: number, responseBytes: number) => {
    bytes = responseBytes
  })
  await probe
  return { body, bytes }
}

const catalogue = await openGeneratedCatalogue(options['postgres-url'], options.database, options.products)
const db = await openDatabase({ url: catalogue.url })
const { rows: categories } = await db
  .query<{ name: string; products: number }>(
    'select name, (select count(*)::int from products where category_id = $1) as products from categories where id = $1',
    [catalogue.largestCategoryId],
  )
  .finally(() => db.close())
const category = categories[0]!
const ours: Call = {
  method: 'GET',
  path: `/api/products?category=${catalogue.largestCategoryId}&sort=price-asc&page=3&limit=${PAGE_SIZE}&view=card`,
}
// load.mjs names each category's collection so.
const collectionSlug = category.name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()
const vendureInput = {
  collectionSlug,
  groupByProduct: true,
  sort: { price: 'ASC' },
  take: PAGE_SIZE,
  skip: 2 * PAGE_SIZE,
}
const vendure: Call = {
  method: 'POST',
  path: '/shop-api',
  body: JSON.stringify({ query: VENDURE_QUERY, variables: { input: vendureInput } }),
}

const api = await startApiProcess({
  port: 3682,
  readyTimeoutMs: 180_000,
  env: { DATABASE_URL: catalogue.url, LOG_LEVEL: 'warn', CATALOGUE_CACHE: 'off', MAIL_WORKER: 'off' },
})
const servers: ApiProcess[] = [api]
try {
  const vendureServer = await startApiProcess({
    name: 'vendure',
    port: 3680,
    script: path.join(HERE, 'server.mjs'),
    args: ['--database', options['vendure-database'], '--postgres-url', options['postgres-url']],
    readyPath: '/health',
    readyTimeoutMs: 180_000,
  })
  servers.push(vendureServer)
  const ourAnswer = await answer(api.base, ours)
  const vendureAnswer = await answer(vendureServer.base, vendure)
  const search = (
    JSON.parse(vendureAnswer.body) as {
      data?: { search: { totalItems: number; items: unknown[] } }
      errors?: unknown[]
    }
  ).data?.search
  if (!search || search.items.length !== PAGE_SIZE)
    throw new Error(`Vendure's page has not ${PAGE_SIZE} products: ${vendureAnswer.body.slice(0, 500)}`)
  if (search.totalItems !== category.products)
    throw new Error(
      `Vendure's collection ${collectionSlug} has ${search.totalItems} products, ours ${category.products}`,
    )
  const bare = await startBareServer(ourAnswer.body)
  servers.push(bare)
  const bareCall: Call = { method: 'GET', path: '/api/products' }
  const bareAnswer = await answer(bare.base, bareCall)

  const sides = [
    { name: 'ours', base: api.base, call: ours, bytes: ourAnswer.bytes },
    { name: 'Vendure', base: vendureServer.base, call: vendure, bytes: vendureAnswer.bytes },
    { name: 'bare', base: bare.base, call: bareCall, bytes: bareAnswer.bytes },
  ]
  for (const side of sides) await measure(side.base, side.call, 4, side.bytes)
  const figures = new Map<string, Figure[]>(sides.map((side) => [side.name, []]))
  const loads: string[] = []
  for (const connections of CONNECTIONS) {
    for (const side of sides) figures.get(side.name)!.push(await measure(side.base, side.call, connections, side.bytes))
    loads.push(loadAverage())
  }

  console.log(
    `\nstore list beside Vendure 3.7.3, ${options.products} products, category '${category.name}' (${category.products} products), page 3 of 30 by price, ${os.cpus().length} cores`,
  )
  console.log(`ours:    GET ${ours.path} (uncached), ${Buffer.byteLength(ourAnswer.body)} bytes of body`)
  console.log(
    `Vendure: POST /shop-api search ${JSON.stringify(vendureInput)}, ${Buffer.byteLength(vendureAnswer.body)} bytes of body, ${search.totalItems} products in all`,
  )
  for (const [index, connections] of CONNECTIONS.entries()) {
    const [our, theirs, ceiling] = sides.map((side) => figures.get(side.name)![index]!)
    console.log(
      `c=${String(connections).padEnd(3)} ours ${our!.rate.toFixed(0)} req/s p95 ${our!.p95.toFixed(1)} ms | Vendure ${theirs!.rate.toFixed(1)} req/s p95 ${theirs!.p95.toFixed(1)} ms | bare ${ceiling!.rate.toFixed(0)} req/s p95 ${ceiling!.p95.toFixed(1)} ms | ours/Vendure ${(our!.rate / theirs!.rate).toFixed(1)}x, ours/bare ${((our!.rate / ceiling!.rate) * 100).toFixed(1)} % | load ${loads[index]}`,
    )
  }
} finally {
  for (const server of servers) await server.stop(10_000)
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')
}
