// Catalogue benchmarks (ARCHITECTURE: Performance budgets). Prints figures; never a test.
//
//   node --import tsx bench/catalogue.ts [--database pglite|postgres|both] [--duration 10] [--connections 50]
//                                        [--postgres-url postgres://postgres@127.0.0.1:5432] [--regenerate]
//                                        [--products 100000 | --products 10000,100000] [--cases all|search]
//                                        [--database-name shop_bench]
//
// For each database and catalogue size it fills a catalogue once (bench/generate-products.ts:
// PostgreSQL database 'shop_bench', PGlite in bench/.data/pglite; another size than 100,000 gets
// 'shop_bench_<size>' and bench/.data/pglite-<size>), starts the real server
// (node --import tsx apps/api/src/main.ts, SEED=none) as a child process and drives it with
// autocannon: the store's list call uncached (CATALOGUE_CACHE=off) and cached, the fuzzy search,
// /api/health under list load (PGlite), and bare Fastify serving the same bytes (the ceiling).
// Every server it starts runs through the harness (apps/api/test/support/api-process.ts): stopped
// after its cases, killed on a failure or Ctrl-C.
//
// The server is configured for the load, never the product: all requests come from one address, so
// the per-address search limit is raised. Any answer other than 200 (or a socket error or timeout)
// is counted per status, printed, and makes the run exit with 1: figures of refused requests would
// measure the refusal. The search cases also print the CPU time per request of the API process and
// of its PostgreSQL backends (from /proc, so waiting for a core on a loaded machine is not counted),
// and check that 'busilica' finds every product named Bušilica, a Bušilica first. With two sizes,
// the end compares each case's p95 between them.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon, { type Request } from 'autocannon'
import { openDatabase, type Database as ApiDatabase } from '../apps/api/src/platform/db.ts'
import { migrate } from '../apps/api/src/platform/migrate.ts'
import { startApiProcess, type ApiProcess } from '../apps/api/test/support/api-process.ts'
import { ensureDatabase } from '../apps/api/test/support/scratch-database.ts'
import { percentile } from './bench-database.ts'
import { generateProducts } from './generate-products.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const DEFAULT_PRODUCT_COUNT = 100_000
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
    products: { type: 'string', default: String(DEFAULT_PRODUCT_COUNT) },
    cases: { type: 'string', default: 'all' },
    'database-name': { type: 'string', default: 'shop_bench' },
  },
})
const DURATION = Number(options.duration)
const CONNECTIONS = Number(options.connections)
const PRODUCT_COUNTS = options.products.split(',').map(Number)
const ONLY_SEARCH = options.cases === 'search'
if (
  PRODUCT_COUNTS.some((count) => !Number.isInteger(count) || count < 1) ||
  !['all', 'search'].includes(options.cases)
) {
  throw new Error('--products takes sizes such as 10000,100000; --cases all or search')
}

/** The PostgreSQL database or PGlite directory of one catalogue size (the default size keeps the old names). */
const sizeSuffix = (count: number) => (count === DEFAULT_PRODUCT_COUNT ? '' : `_${count}`)
const pgliteDataDir = (count: number) =>
  path.join(ROOT, 'bench', '.data', `pglite${sizeSuffix(count).replace('_', '-')}`)
const postgresDatabase = (count: number) => `${options['database-name']}${sizeSuffix(count)}`

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
const results: Array<Figures & { database: string; products: number; cpu?: CpuPerRequest }> = []
/** Answers other than 200 per case and status ('error' and 'timeout' for the socket's own). */
const refusals: Array<{ case: string; status: string; count: number }> = []

type CpuPerRequest = { nodeMs: number; postgresMs: number }

// ---------------------------------------------------------------- processes

async function stopServer(server: ApiProcess): Promise<void> {
  // Requests still queued when autocannon hangs up finish first, instead of meeting a closed pool.
  await new Promise((resolve) => setTimeout(resolve, 2_000))
  await server.stop(10_000)
}

function startApi(database: Database, isCacheOn: boolean): Promise<ApiProcess> {
  return startApiProcess({
    // PGlite: the generated catalogue's data directory; PostgreSQL: a fresh one of the harness's.
    ...(database.kind === 'pglite' ? { dataDir: database.directory } : {}),
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
  const statuses = new Map<string, number>()
  const count = (status: string, times = 1) => statuses.set(status, (statuses.get(status) ?? 0) + times)
  const instance = autocannon({ url: baseUrl, connections, duration, requests, timeout: 30 })
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime)
    if (statusCode !== 200) count(String(statusCode))
  })
  const result = await instance
  if (result.errors > 0) count('error', result.errors)
  if (result.timeouts > 0) count('timeout', result.timeouts)
  let errors = 0
  for (const [status, times] of statuses) {
    refusals.push({ case: label, status, count: times })
    errors += times
  }
  latencies.sort((left, right) => left - right)
  return {
    label,
    connections,
    requests: latencies.length,
    perSecond: latencies.length / duration,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors,
  }
}

async function warmUp(baseUrl: string, paths: string[]): Promise<void> {
  await load('warm-up', baseUrl, paths, 4, { duration: 2 })
}

function report(database: Database, figures: Figures, cpu?: CpuPerRequest): void {
  results.push({ database: database.kind, products: database.products, ...figures, ...(cpu ? { cpu } : {}) })
  const format = (value: number) => value.toFixed(2).padStart(8)
  const cpuText = cpu ? `  CPU/req Node ${cpu.nodeMs.toFixed(2)} + PostgreSQL ${cpu.postgresMs.toFixed(2)} ms` : ''
  console.log(
    `${`${database.kind} ${database.products / 1000}k`.padEnd(14)} ${figures.label.padEnd(44)} c=${String(figures.connections).padStart(3)} ` +
      `${figures.perSecond.toFixed(0).padStart(7)} req/s  p50 ${format(figures.p50)} ms  p95 ${format(figures.p95)} ms  ` +
      `p99 ${format(figures.p99)} ms${figures.errors ? `  not 200: ${figures.errors}` : ''}${cpuText}`,
  )
}

// ---------------------------------------------------------------- CPU

const CLOCK_TICKS_PER_SECOND = 100

/** User and system CPU of a process in ms (/proc/<pid>/stat); 0 once it has gone. */
function processCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND
  } catch {
    return 0
  }
}

/**
 * CPU time spent by the API process and by the PostgreSQL backends of the bench database while
 * `work` runs (PGlite runs inside the API process: its share is in the Node figure).
 */
async function measureCpu<T>(
  server: ApiProcess,
  database: Database,
  work: () => Promise<T>,
): Promise<{ result: T; nodeMs: number; postgresMs: number }> {
  const monitor = database.kind === 'postgres' ? await openDatabase({ url: database.url, poolSize: 1 }) : undefined
  const backends = async () => {
    if (!monitor) return []
    const { rows } = await monitor.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    )
    return rows.map((row) => row.pid)
  }
  try {
    const before = new Map((await backends()).map((pid) => [pid, processCpuMs(pid)]))
    const nodeBefore = processCpuMs(server.child.pid!)
    const result = await work()
    const nodeMs = processCpuMs(server.child.pid!) - nodeBefore
    // A backend opened meanwhile counts whole; one the pool closed meanwhile (idle) is missed, not subtracted.
    let postgresMs = 0
    for (const pid of await backends()) postgresMs += processCpuMs(pid) - (before.get(pid) ?? 0)
    return { result, nodeMs, postgresMs }
  } finally {
    await monitor?.close()
  }
}

async function measuredLoad(
  server: ApiProcess,
  database: Database,
  ...args: Parameters<typeof load>
): Promise<[Figures, CpuPerRequest]> {
  const { result, nodeMs, postgresMs } = await measureCpu(server, database, () => load(...args))
  const requests = Math.max(1, result.requests)
  return [result, { nodeMs: nodeMs / requests, postgresMs: postgresMs / requests }]
}

// ---------------------------------------------------------------- data

type Database = ({ kind: 'pglite'; directory: string } | { kind: 'postgres'; url: string }) & { products: number }

/** Opens the bench database, hands it to `use` and closes it again, whatever `use` does. */
async function withDatabase<T>(database: Database, use: (db: ApiDatabase) => Promise<T>): Promise<T> {
  const db = await openDatabase(
    database.kind === 'postgres' ? { url: database.url } : { directory: path.join(database.directory, 'db') },
  )
  try {
    return await use(db)
  } finally {
    await db.close()
  }
}

async function countProducts(database: Database): Promise<number> {
  return withDatabase(database, async (db) => {
    await migrate(db)
    const { rows } = await db.query<{ count: number }>('select count(*)::int as count from products')
    return rows[0]?.count ?? 0
  })
}

async function prepare(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    await ensureDatabase(`${options['postgres-url']}/postgres`, new URL(database.url).pathname.slice(1))
  } else {
    fs.mkdirSync(database.directory, { recursive: true })
  }
  const count = await countProducts(database)
  if (count === database.products && !options.regenerate) return
  console.log(`${database.kind}: generating ${database.products} products (had ${count})`)
  await withDatabase(database, (db) => generateProducts(db, database.products, { replace: true }))
}

async function listPath(database: Database): Promise<string> {
  return withDatabase(database, async (db) => {
    // The largest category: the store's list call at its most expensive.
    const { rows } = await db.query<{ category_id: string }>(
      'select category_id from product_facet_counts group by 1 order by sum(product_count) desc limit 1',
    )
    return `/api/products?category=${rows[0]!.category_id}&sort=price-asc&page=3&limit=30`
  })
}

/** The products named Bušilica (a drill), counted in the database. */
async function drillCount(database: Database): Promise<number> {
  return withDatabase(database, async (db) => {
    const { rows } = await db.query<{ count: number }>(
      `select count(*)::int as count from products where search_name ~ '(^| )busilica( |$)'`,
    )
    return rows[0]?.count ?? 0
  })
}

/**
 * The search's typo tolerance and field weights at this size (customer-side.md §9): 'busilica' finds
 * every product named Bušilica, a Bušilica first, and the total and pages agree with the pages read
 * (throws otherwise); prints how many other products rank above the last drill.
 */
async function checkSearch(baseUrl: string, database: Database): Promise<void> {
  const drills = await drillCount(database)
  const names: string[] = []
  let total = 0
  let pages = 1
  for (let page = 1; page <= pages; page += 1) {
    const response = await fetch(`${baseUrl}/api/products?search=busilica&limit=100&page=${page}`)
    if (response.status !== 200) throw new Error(`search check: page ${page} answered ${response.status}`)
    const body = (await response.json()) as { products: Array<{ name: string }>; total: number; pages: number }
    names.push(...body.products.map((product) => product.name))
    ;({ total, pages } = body)
  }
  const isDrill = (name: string) => /(^| )bušilica( |$)/i.test(name)
  const found = names.filter(isDrill).length
  const lastDrill = names.findLastIndex(isDrill)
  const othersBefore = names.slice(0, lastDrill + 1).filter((name) => !isDrill(name)).length
  console.log(
    `${database.kind} ${database.products / 1000}k: 'busilica' finds ${found} of ${drills} drills among ${total} ` +
      `results (${pages} pages of 100), first '${names[0] ?? '-'}', ${othersBefore} other products before the last drill`,
  )
  if (found !== drills || names.length !== total || !isDrill(names[0] ?? '')) {
    throw new Error(
      'search check failed: not every drill found, a drill not first, or the total disagrees with the pages',
    )
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
  await prepare(database)
  const list = await listPath(database)
  const searches = SEARCHES.map((text) => `/api/products?search=${encodeURIComponent(text)}`)
  // What the store's search asks (fetchProductPage): the grid's cards; the counts come apart, once per search.
  const cardSearches = searches.map((search) => `${search}&view=card`)
  console.log(`\n${database.kind}, ${database.products} products: list call ${list}`)
  console.log(
    `load average ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}`,
  )

  const uncached = await startApi(database, false)
  try {
    await checkSearch(uncached.base, database)
    await warmUp(uncached.base, ONLY_SEARCH ? [...searches, ...cardSearches] : [list, ...searches, ...cardSearches])
    if (!ONLY_SEARCH) {
      report(database, await load('list, uncached, 1 client', uncached.base, [list], 1))
      report(database, await load(`list, uncached, ${CONNECTIONS} clients`, uncached.base, [list], CONNECTIONS))
    }
    report(
      database,
      ...(await measuredLoad(uncached, database, 'fuzzy search, uncached, 1 client', uncached.base, searches, 1)),
    )
    report(
      database,
      ...(await measuredLoad(
        uncached,
        database,
        `fuzzy search, uncached, ${CONNECTIONS} clients`,
        uncached.base,
        searches,
        CONNECTIONS,
      )),
    )
    for (const clients of [1, CONNECTIONS]) {
      report(
        database,
        ...(await measuredLoad(
          uncached,
          database,
          `search as the store asks (cards), ${clients === 1 ? '1 client' : `${clients} clients`}`,
          uncached.base,
          cardSearches,
          clients,
        )),
      )
    }
    if (database.kind === 'pglite' && !ONLY_SEARCH) {
      report(database, await healthBesideListLoad('uncached', uncached.base, list))
    }
  } finally {
    await stopServer(uncached)
  }
  if (ONLY_SEARCH) return

  const cached = await startApi(database, true)
  let body: string
  try {
    const response = await fetch(`${cached.base}${list}`)
    body = await response.text()
    await warmUp(cached.base, [list])
    report(database, await load('list, cached, 1 client', cached.base, [list], 1))
    report(database, await load(`list, cached, ${CONNECTIONS} clients`, cached.base, [list], CONNECTIONS))
    report(
      database,
      await load(`list, cached, brotli, ${CONNECTIONS} clients`, cached.base, [list], CONNECTIONS, {
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      }),
    )
    if (database.kind === 'pglite') report(database, await healthBesideListLoad('cached', cached.base, list))
  } finally {
    await stopServer(cached)
  }

  const bare = await startBare(body)
  try {
    await warmUp(bare.base, ['/api/products'])
    report(
      database,
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

/** Each case's p95 at each size against the smallest, per database (growth with the catalogue). */
function printGrowth(): void {
  if (PRODUCT_COUNTS.length < 2) return
  const smallest = Math.min(...PRODUCT_COUNTS)
  console.log(`\np95 against ${smallest} products (one run):`)
  for (const row of results) {
    if (row.products === smallest) continue
    const base = results.find(
      (other) => other.database === row.database && other.label === row.label && other.products === smallest,
    )
    if (!base) continue
    console.log(
      `${row.database.padEnd(9)} ${row.label.padEnd(44)} ${base.p95.toFixed(2)} ms -> ${row.p95.toFixed(2)} ms at ${row.products}: ` +
        `${(row.p95 / base.p95).toFixed(2)}x`,
    )
  }
}

async function main(): Promise<void> {
  console.log(
    `catalogue benchmark: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}, ${DURATION} s a case`,
  )
  const databases: Database[] = []
  for (const products of PRODUCT_COUNTS) {
    if (options.database === 'pglite' || options.database === 'both') {
      databases.push({ kind: 'pglite', directory: pgliteDataDir(products), products })
    }
    if (options.database === 'postgres' || options.database === 'both') {
      databases.push({ kind: 'postgres', url: `${options['postgres-url']}/${postgresDatabase(products)}`, products })
    }
  }
  for (const database of databases) await benchmark(database)
  printGrowth()
  const summary = path.join(ROOT, 'bench', '.data', `catalogue-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  fs.mkdirSync(path.dirname(summary), { recursive: true })
  fs.writeFileSync(summary, JSON.stringify({ results, refusals }, null, 2))
  console.log(`\nfigures also in ${path.relative(ROOT, summary)}`)
  if (refusals.length > 0) {
    console.error('\nanswers other than 200 (the figures above measure them, not the catalogue):')
    for (const refusal of refusals) console.error(`  ${refusal.case}: ${refusal.status} x ${refusal.count}`)
    process.exitCode = 1
  }
}

await main()
