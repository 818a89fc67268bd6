// The store grid's list call, whole products against cards (docs/decisions.md, 'A lean store list'). Prints
// figures; never a test.
//
//   node --import tsx bench/store-list.ts [--products 10000] [--duration 10] [--postgres-url postgres://postgres@127.0.0.1:5432]
//
// Fills a PostgreSQL database 'shop_bench_list' with generated products once (bench/generate-products.ts), starts
// the real server uncached (CATALOGUE_CACHE=off) through the test harness and, for the store's call in its
// largest category (30 a page, page 3, by price), measures in one run: the answer's bytes (raw and gzip), the
// uncached answer at 1, 10 and 50 connections, and bare Fastify sending the same bytes (the ceiling). Every
// answer must be 200, else the bench fails.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { openDatabase } from '../apps/api/src/platform/db.ts'
import { migrate } from '../apps/api/src/platform/migrate.ts'
import { startApiProcess, type ApiProcess } from '../apps/api/test/support/api-process.ts'
import { ensureDatabase } from '../apps/api/test/support/scratch-database.ts'
import { generateProducts } from './generate-products.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const DATABASE = 'shop_bench_list'
const { values: options } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
  },
})
const PRODUCTS = Number(options.products)
const DURATION = Number(options.duration)
const URL_OF_DATABASE = `${options['postgres-url']}/${DATABASE}`
const CONNECTIONS = [1, 10, 50]

async function prepare(): Promise<string> {
  await ensureDatabase(`${options['postgres-url']}/postgres`, DATABASE)
  const db = await openDatabase({ url: URL_OF_DATABASE })
  try {
    await migrate(db)
    const { rows } = await db.query<{ count: number }>('select count(*)::int as count from products')
    if (rows[0]?.count !== PRODUCTS) {
      console.log(`generating ${PRODUCTS} products (had ${rows[0]?.count ?? 0})`)
      await generateProducts(db, PRODUCTS, { replace: true })
    }
    const { rows: largest } = await db.query<{ category_id: string }>(
      'select category_id from product_facet_counts group by 1 order by sum(product_count) desc limit 1',
    )
    return `/api/products?category=${largest[0]!.category_id}&sort=price-asc&page=3&limit=30`
  } finally {
    await db.close()
  }
}

async function requestsPerSecond(base: string, urlPath: string, connections: number): Promise<number> {
  let failures = 0
  const instance = autocannon({ url: `${base}${urlPath}`, connections, duration: DURATION, timeout: 30 })
  instance.on('response', (_client: unknown, statusCode: number) => {
    if (statusCode !== 200) failures += 1
  })
  const result = await instance
  if (failures + result.errors + result.timeouts > 0) {
    throw new Error(
      `${urlPath}: ${failures} answers were not 200, ${result.errors} errors, ${result.timeouts} timeouts`,
    )
  }
  return result.requests.total / DURATION
}

async function startBare(body: string): Promise<ApiProcess> {
  const bodyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-')), 'body.json')
  fs.writeFileSync(bodyFile, body)
  return startApiProcess({
    script: path.join(ROOT, 'bench', 'bare-server.ts'),
    args: [bodyFile],
    readyPath: '/api/health',
  })
}

const list = await prepare()
// The counts of the grid's filter set, asked once per filter set (docs/decisions.md, 'Counts apart from the list').
const views = { 'whole products': list, cards: `${list}&view=card`, counts: `${list.split('&')[0]}&view=counts` }
const api = await startApiProcess({
  readyTimeoutMs: 180_000,
  env: { DATABASE_URL: URL_OF_DATABASE, LOG_LEVEL: 'warn', CATALOGUE_CACHE: 'off', MAIL_WORKER: 'off' },
})
const figures: Record<string, { bytes: number; gzip: number; api: number[]; bare: number[] }> = {}
const bodies = new Map<string, string>()
try {
  for (const [view, urlPath] of Object.entries(views)) {
    const body = await (await fetch(`${api.base}${urlPath}`)).text()
    bodies.set(view, body)
    figures[view] = { bytes: Buffer.byteLength(body), gzip: zlib.gzipSync(body).length, api: [], bare: [] }
    await requestsPerSecond(api.base, urlPath, 4)
    for (const connections of CONNECTIONS)
      figures[view].api.push(await requestsPerSecond(api.base, urlPath, connections))
  }
} finally {
  await api.stop(10_000)
}
for (const view of Object.keys(views)) {
  const bodyView = figures[view]!
  const bare = await startBare(bodies.get(view)!)
  try {
    await requestsPerSecond(bare.base, '/api/products', 4)
    for (const connections of CONNECTIONS)
      bodyView.bare.push(await requestsPerSecond(bare.base, '/api/products', connections))
  } finally {
    await bare.stop(10_000)
  }
}
console.log(
  `\nstore list, ${PRODUCTS} products, ${list} (uncached), ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`,
)
for (const [view, figure] of Object.entries(figures)) {
  const perConnection = CONNECTIONS.map(
    (connections, index) =>
      `c=${connections}: ${figure.api[index]!.toFixed(0)} req/s (${((figure.api[index]! / figure.bare[index]!) * 100).toFixed(1)} % of bare ${figure.bare[index]!.toFixed(0)})`,
  ).join(', ')
  console.log(
    `${view.padEnd(15)} ${(figure.bytes / 1024).toFixed(1)} KB (${(figure.gzip / 1024).toFixed(1)} KB gzip)  ${perConnection}`,
  )
}
