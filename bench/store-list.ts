// The store grid's list call, whole products against cards (docs/decisions.md, 'A lean store list'). Prints
// figures; never a test.
//
//   node --import tsx bench/store-list.ts [--products 10000] [--duration 10] [--database shop_bench_list]
//                                         [--postgres-url postgres://postgres@127.0.0.1:5432]
//
// Fills a PostgreSQL database ('shop_bench_list') with generated products once (bench/generated-catalogue.ts), starts
// the real server uncached (CATALOGUE_CACHE=off) through the test harness and, for the store's call in its
// largest category (30 a page, page 3, by price), measures in one run: the answer's bytes (raw and gzip), the
// uncached answer at 1, 10 and 50 connections, and bare Fastify sending the same bytes (the ceiling). Every
// answer must be 200, else the bench fails.
import os from 'node:os'
import zlib from 'node:zlib'
import { startApiProcess } from '../apps/api/test/support/api-process.ts'
import { benchOptions } from './bench-options.ts'
import {
  answersPerSecond,
  GENERATED_CATALOGUE_OPTIONS,
  openGeneratedCatalogue,
  startBareServer,
} from './generated-catalogue.ts'

const options = benchOptions(GENERATED_CATALOGUE_OPTIONS)
const CONNECTIONS = [1, 10, 50]
const requestsPerSecond = (base: string, urlPath: string, connections: number) =>
  answersPerSecond(base, urlPath, connections, options.duration)

const catalogue = await openGeneratedCatalogue(options['postgres-url'], options.database, options.products)
const list = `/api/products?category=${catalogue.largestCategoryId}&sort=price-asc&page=3&limit=30`
// The counts of the grid's filter set, asked once per filter set (docs/decisions.md, 'Counts apart from the list').
const views = { 'whole products': list, cards: `${list}&view=card`, counts: `${list.split('&')[0]}&view=counts` }
const api = await startApiProcess({
  readyTimeoutMs: 180_000,
  env: { DATABASE_URL: catalogue.url, LOG_LEVEL: 'warn', CATALOGUE_CACHE: 'off', MAIL_WORKER: 'off' },
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
  const bare = await startBareServer(bodies.get(view)!)
  try {
    await requestsPerSecond(bare.base, '/api/products', 4)
    for (const connections of CONNECTIONS)
      bodyView.bare.push(await requestsPerSecond(bare.base, '/api/products', connections))
  } finally {
    await bare.stop(10_000)
  }
}
console.log(
  `\nstore list, ${options.products} products, ${list} (uncached), ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`,
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
