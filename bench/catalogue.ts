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
// Every server it starts is stopped at the end, also on failure or Ctrl-C.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon, { type Request } from 'autocannon'
import pg from 'pg'
import { openDatabase } from '../apps/api/src/platform/db.ts'
import { migrate } from '../apps/api/src/platform/migrate.ts'
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

// ---------------------------------------------------------------- child processes

const children = new Set<ChildProcess>()

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    children.delete(child)
    return
  }
  // Requests still queued when autocannon hangs up finish first, instead of meeting a closed pool.
  await new Promise((resolve) => setTimeout(resolve, 2_000))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
  children.delete(child)
}

async function stopAll(): Promise<void> {
  await Promise.all([...children].map(stopChild))
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void stopAll().then(() => process.exit(130)))
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering`)
    try {
      const response = await fetch(`${baseUrl}/api/health`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`server at ${baseUrl} did not answer /api/health within 180 s`)
}

type Server = { baseUrl: string; child: ChildProcess }

async function startApi(database: Database, isCacheOn: boolean): Promise<Server> {
  const port = await freePort()
  const dataDir = database.kind === 'pglite' ? PGLITE_DATA_DIR : fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'))
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED: 'none',
    // Two log lines a request would measure the terminal; production ships logs elsewhere.
    LOG_LEVEL: 'warn',
    MAIL_WORKER: 'off',
    CATALOGUE_CACHE: isCacheOn ? 'on' : 'off',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
  }
  delete environment.DATABASE_URL
  if (database.kind === 'postgres') environment.DATABASE_URL = database.url
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: environment,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  children.add(child)
  const baseUrl = `http://127.0.0.1:${port}`
  await waitForHealth(baseUrl, child)
  return { baseUrl, child }
}

async function startBare(body: string): Promise<Server> {
  const port = await freePort()
  const bodyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-')), 'body.json')
  fs.writeFileSync(bodyFile, body)
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts', String(port), bodyFile], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  children.add(child)
  const baseUrl = `http://127.0.0.1:${port}`
  await waitForHealth(baseUrl, child)
  return { baseUrl, child }
}

// ---------------------------------------------------------------- load

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!
}

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
    const admin = new pg.Client({ connectionString: `${options['postgres-url']}/postgres` })
    await admin.connect()
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [BENCH_DATABASE])
    if (rowCount === 0) await admin.query(`create database ${BENCH_DATABASE}`)
    await admin.end()
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

async function benchmark(database: Database): Promise<void> {
  const name = database.kind === 'postgres' ? 'postgres' : 'pglite'
  await prepare(database)
  const list = await listPath(database)
  const searches = SEARCHES.map((text) => `/api/products?search=${encodeURIComponent(text)}`)
  console.log(`\n${name}: list call ${list}`)

  const uncached = await startApi(database, false)
  try {
    await warmUp(uncached.baseUrl, [list, ...searches])
    report(name, await load('list, uncached, 1 client', uncached.baseUrl, [list], 1))
    report(name, await load(`list, uncached, ${CONNECTIONS} clients`, uncached.baseUrl, [list], CONNECTIONS))
    report(name, await load('fuzzy search, uncached, 1 client', uncached.baseUrl, searches, 1))
    report(name, await load(`fuzzy search, uncached, ${CONNECTIONS} clients`, uncached.baseUrl, searches, CONNECTIONS))
    if (database.kind === 'pglite') {
      const [health] = await Promise.all([
        load('/api/health during uncached list load', uncached.baseUrl, ['/api/health'], 1),
        load('(the list load beside it)', uncached.baseUrl, [list], CONNECTIONS),
      ])
      report(name, health)
    }
  } finally {
    await stopChild(uncached.child)
  }

  const cached = await startApi(database, true)
  let body: string
  try {
    const response = await fetch(`${cached.baseUrl}${list}`)
    body = await response.text()
    await warmUp(cached.baseUrl, [list])
    report(name, await load('list, cached, 1 client', cached.baseUrl, [list], 1))
    report(name, await load(`list, cached, ${CONNECTIONS} clients`, cached.baseUrl, [list], CONNECTIONS))
    report(
      name,
      await load(`list, cached, brotli, ${CONNECTIONS} clients`, cached.baseUrl, [list], CONNECTIONS, {
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      }),
    )
    if (database.kind === 'pglite') {
      const [health] = await Promise.all([
        load('/api/health during cached list load', cached.baseUrl, ['/api/health'], 1),
        load('(the list load beside it)', cached.baseUrl, [list], CONNECTIONS),
      ])
      report(name, health)
    }
  } finally {
    await stopChild(cached.child)
  }

  const bare = await startBare(body)
  try {
    await warmUp(bare.baseUrl, ['/api/products'])
    report(
      name,
      await load(
        `bare Fastify, same ${(body.length / 1024).toFixed(0)} KB, ${CONNECTIONS} clients`,
        bare.baseUrl,
        ['/api/products'],
        CONNECTIONS,
      ),
    )
  } finally {
    await stopChild(bare.child)
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
  try {
    for (const database of databases) await benchmark(database)
  } finally {
    await stopAll()
  }
  const summary = path.join(ROOT, 'bench', '.data', `catalogue-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  fs.mkdirSync(path.dirname(summary), { recursive: true })
  fs.writeFileSync(summary, JSON.stringify(results, null, 2))
  console.log(`\nfigures also in ${path.relative(ROOT, summary)}`)
}

await main()
