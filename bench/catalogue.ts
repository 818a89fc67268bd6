// Catalogue benchmarks (ARCHITECTURE: Performance budgets). Prints figures; never a test.
//
//   node --import tsx bench/catalogue.ts [--database pglite|postgres|both] [--duration 10] [--connections 50]
//                                        [--postgres-url postgres://postgres@127.0.0.1:5432] [--regenerate]
//
// For each database it fills a catalogue of 100,000 products once (bench/generate-products.ts:
// PostgreSQL database 'shop_bench', PGlite in bench/.data/pglite), starts the real server
// (node --import tsx apps/api/src/main.ts, SEED=none) as a child process and drives it with
// autocannon: the store's list call uncached (CATALOGUE_CACHE=off) and cached, the fuzzy search,
// /api/health under list load (PGlite), and bare Fastify serving the same bytes (the ceiling).
// Every server it starts runs through the harness (apps/api/test/support/api-process.ts): stopped
// after its cases, killed on a failure or Ctrl-C.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon, { type Request } from 'autocannon'
import { openDatabase } from '../apps/api/src/platform/db.ts'
import { migrate } from '../apps/api/src/platform/migrate.ts'
import { startApiProcess, type ApiProcess } from '../apps/api/test/support/api-process.ts'
import { ensureDatabase } from '../apps/api/test/support/scratch-database.ts'
import { percentile } from './bench-database.ts'
import { generateProducts } from './generate-products.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const PGLITE_DATA_DIR = path.join(ROOT, 'bench', '.data', 'pglite')
const PRODUCT_COUNT = 100_000
const BENCH_DATABASE = 'shop_bench'
const SEARCHES = [
  'bušlica',
  'cekic',
  'aku busilica makita',
  'kosilca',
  'zaštitne rukavice',
  'majica xl',
  '100234',
  'ppr koljeno',
]

const { values: options } = parseArgs({
  options: {
    database: { type: 'string', default: 'both' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    regenerate: { type: 'boolean', default: false },
  },
})
const DURATION = Number(options.duration)
const CONNECTIONS = Number(options.connections)

type Figures = {
  label: string
  connections: number
  requests: number
  perSecond: number
  p50: number
  p95: number
  p99: number
  errors: number
}
const results: Array<Figures & { database: string }> = []

// ---------------------------------------------------------------- processes

async function stopServer(server: ApiProcess): Promise<void> {
  // Requests still queued when autocannon hangs up finish first, instead of meeting a closed pool.
  await new Promise((resolve) => setTimeout(resolve, 2_000))
  await server.stop(10_000)
}

function startApi(database: Database, isCacheOn: boolean): Promise<ApiProcess> {
  return startApiProcess({
    // PGlite: the generated catalogue's data directory; PostgreSQL: a fresh one of the harness's.
    ...(database.kind === 'pglite' ? { dataDir: PGLITE_DATA_DIR } : {}),
    echo: true,
    readyTimeoutMs: 180_000,
    env: {
      ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
      // Two log lines a request would measure the terminal; production ships logs elsewhere.
      LOG_LEVEL: 'warn',
      CATALOGUE_CACHE: isCacheOn ? 'on' : 'off',
      // All searches come from one address (the load generator): the per-address limit (120 a minute)
      // would answer 429 instead of measuring the search.
      SEARCHES_PER_MINUTE: '10000000',
    },
  })
}

function startBare(body: string): Promise<ApiProcess> {
  const bodyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-')), 'body.json')
  fs.writeFileSync(bodyFile, body)
  return startApiProcess({
    script: path.join(ROOT, 'bench', 'bare-server.ts'),
    args: [bodyFile],
    echo: true,
    readyPath: '/api/health',
  })
}

// ---------------------------------------------------------------- load

/** Runs autocannon against rotating paths; latencies are collected per response for exact p95. */
async function load(
  label: string,
  baseUrl: string,
  paths: string[],
  connections: number,
  { duration = DURATION, headers = {} }: { duration?: number; headers?: Record<string, string> } = {},
): Promise<Figures> {
  let next = 0
  const requests: Request[] = [
    {
      method: 'GET',
      headers,
      setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
    },
  ]
  const latencies: number[] = []
  let errors = 0
  const instance = autocannon({ url: baseUrl, connections, duration, requests, timeout: 30 })
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime)
    if (statusCode !== 200) errors += 1
  })
  const result = await instance
  latencies.sort((left, right) => left - right)
  return {
    label,
    connections,
    requests: latencies.length,
    perSecond: latencies.length / duration,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors: errors + result.errors + result.timeouts,
  }
}

async function warmUp(baseUrl: string, paths: string[]): Promise<void> {
  await load('warm-up', baseUrl, paths, 4, { duration: 2 })
}

function report(database: string, figures: Figures): void {
  results.push({ database, ...figures })
  const format = (value: number) => value.toFixed(2).padStart(8)
  console.log(
    `${database.padEnd(10)} ${figures.label.padEnd(44)} c=${String(figures.connections).padStart(3)} ` +
      `${figures.perSecond.toFixed(0).padStart(7)} req/s  p50 ${format(figures.p50)} ms  p95 ${format(figures.p95)} ms  ` +
      `p99 ${format(figures.p99)} ms${figures.errors ? `  errors ${figures.errors}` : ''}`,
  )
}

// ---------------------------------------------------------------- data

type Database = { kind: 'pglite' } | { kind: 'postgres'; url: string }

async function countProducts(database: Database): Promise<number> {
  const db = await openDatabase(
    database.kind === 'postgres' ? { url: database.url } : { directory: path.join(PGLITE_DATA_DIR, 'db') },
  )
  try {
    await migrate(db)
    const { rows } = await db.query<{ count: number }>('select count(*)::int as count from products')
    return rows[0]?.count ?? 0
  } finally {
    await db.close()
  }
}

async function prepare(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    await ensureDatabase(`${options['postgres-url']}/postgres`, BENCH_DATABASE)
  } else {
    fs.mkdirSync(PGLITE_DATA_DIR, { recursive: true })
  }
  const count = await countProducts(database)
  if (count === PRODUCT_COUNT && !options.regenerate) return
  console.log(`${database.kind}: generating ${PRODUCT_COUNT} products (had ${count})`)
  const db = await openDatabase(
    database.kind === 'postgres' ? { url: database.url } : { directory: path.join(PGLITE_DATA_DIR, 'db') },
  )
  try {
    await generateProducts(db, PRODUCT_COUNT, { replace: true })
  } finally {
    await db.close()
  }
}

async function listPath(database: Database): Promise<string> {
  const db = await openDatabase(
    database.kind === 'postgres' ? { url: database.url } : { directory: path.join(PGLITE_DATA_DIR, 'db') },
  )
  try {
    // The largest category: the store's list call at its most expensive.
    const { rows } = await db.query<{ category_id: string }>(
      'select category_id from product_facet_counts group by 1 order by sum(product_count) desc limit 1',
    )
    return `/api/products?category=${rows[0]!.category_id}&sort=price-asc&page=3&limit=30`
  } finally {
    await db.close()
  }
}

// ---------------------------------------------------------------- the cases

/** /api/health while the list call runs under load beside it (PGlite answers one query at a time). */
async function healthBesideListLoad(cache: 'cached' | 'uncached', baseUrl: string, list: string): Promise<Figures> {
  const [health] = await Promise.all([
    load(`/api/health during ${cache} list load`, baseUrl, ['/api/health'], 1),
    load('(the list load beside it)', baseUrl, [list], CONNECTIONS),
  ])
  return health
}

async function benchmark(database: Database): Promise<void> {
  const name = database.kind === 'postgres' ? 'postgres' : 'pglite'
  await prepare(database)
  const list = await listPath(database)
  const searches = SEARCHES.map((text) => `/api/products?search=${encodeURIComponent(text)}`)
  console.log(`\n${name}: list call ${list}`)

  const uncached = await startApi(database, false)
  try {
    await warmUp(uncached.base, [list, ...searches])
    report(name, await load('list, uncached, 1 client', uncached.base, [list], 1))
    report(name, await load(`list, uncached, ${CONNECTIONS} clients`, uncached.base, [list], CONNECTIONS))
    report(name, await load('fuzzy search, uncached, 1 client', uncached.base, searches, 1))
    report(name, await load(`fuzzy search, uncached, ${CONNECTIONS} clients`, uncached.base, searches, CONNECTIONS))
    if (database.kind === 'pglite') report(name, await healthBesideListLoad('uncached', uncached.base, list))
  } finally {
    await stopServer(uncached)
  }

  const cached = await startApi(database, true)
  let body: string
  try {
    const response = await fetch(`${cached.base}${list}`)
    body = await response.text()
    await warmUp(cached.base, [list])
    report(name, await load('list, cached, 1 client', cached.base, [list], 1))
    report(name, await load(`list, cached, ${CONNECTIONS} clients`, cached.base, [list], CONNECTIONS))
    report(
      name,
      await load(`list, cached, brotli, ${CONNECTIONS} clients`, cached.base, [list], CONNECTIONS, {
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      }),
    )
    if (database.kind === 'pglite') report(name, await healthBesideListLoad('cached', cached.base, list))
  } finally {
    await stopServer(cached)
  }

  const bare = await startBare(body)
  try {
    await warmUp(bare.base, ['/api/products'])
    report(
      name,
      await load(
        `bare Fastify, same ${(body.length / 1024).toFixed(0)} KB, ${CONNECTIONS} clients`,
        bare.base,
        ['/api/products'],
        CONNECTIONS,
      ),
    )
  } finally {
    await stopServer(bare)
  }
}

async function main(): Promise<void> {
  console.log(
    `catalogue benchmark: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}, ${DURATION} s a case`,
  )
  const databases: Database[] = []
  if (options.database === 'pglite' || options.database === 'both') databases.push({ kind: 'pglite' })
  if (options.database === 'postgres' || options.database === 'both') {
    databases.push({ kind: 'postgres', url: `${options['postgres-url']}/${BENCH_DATABASE}` })
  }
  for (const database of databases) await benchmark(database)
  const summary = path.join(ROOT, 'bench', '.data', `catalogue-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  fs.mkdirSync(path.dirname(summary), { recursive: true })
  fs.writeFileSync(summary, JSON.stringify(results, null, 2))
  console.log(`\nfigures also in ${path.relative(ROOT, summary)}`)
}

await main()
