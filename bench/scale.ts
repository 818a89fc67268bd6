// Several API processes behind the reverse proxy, on one PostgreSQL and one Redis (docs/decisions.md,
// Several processes):
//
//   apt-get install -y nginx openssl        # once; Debian's nginx 1.22 (the script runs its own instance)
//   node --import tsx bench/scale.ts                       # 1, 2 and 4 processes, 10 s a phase
//   node --import tsx bench/scale.ts --processes 1,2 --seconds 5 --connections 16
//   node --import tsx bench/scale.ts --rolling-restart --seconds 60   # docs/production.md's rolling restart
//
// It makes the database 'shop_bench_scale' on 127.0.0.1:5432 (dropped and created again), writes
// products through SQL, and for each process count starts that many real API processes
// (`apps/api/src/main.ts`: REDIS_URL set, TRUST_PROXY=loopback, MAIL_WORKER=off) and one nginx
// whose configuration is deploy/nginx.conf itself, with only the marked upstream and TLS lines
// replaced (its ports, a throw-away self-signed certificate). Through the proxy (HTTPS) it runs
//   1. the catalogue read load: list pages, product pages, categories and brands;
//   2. the order load: guest orders spread over 200 products with stock to spare (orders/s);
//   3. the race: 200 buyers at once for one product with 10 in stock, spread over the processes
//      by the proxy: exactly 10 may succeed, the rest are refused (409);
// and prints req/s, p95 and orders/s per process count. At the end it checks, in the database:
// no stock below zero, every product's stock = its initial stock − what its orders hold, every
// order that was answered 201 exists exactly once, and no order exists that was not answered 201.
// On a 2-core machine the figures show correctness under distribution, not a speed-up: the
// processes, nginx, PostgreSQL and the load generator share the same two cores.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { openDatabase, type Database } from '../apps/api/src/platform/db.ts'
import { migrate } from '../apps/api/src/platform/migrate.ts'
import { startApiProcess, type ApiProcess } from '../apps/api/test/support/api-process.ts'
import { freePort } from '../apps/api/test/support/free-port.ts'
import { recreateDatabase } from '../apps/api/test/support/scratch-database.ts'
import { percentile } from './bench-database.ts'
import { benchOrderBody, setBenchShipping } from './bench-orders.ts'
import { generateProducts } from './generate-products.ts'

const { values: options } = parseArgs({
  options: {
    processes: { type: 'string', default: '1,2,4' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    products: { type: 'string', default: '2000' },
    'server-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
    nginx: { type: 'string', default: '/usr/sbin/nginx' },
    // A built web app, for the proxy's cache headers on HTML and hashed assets (skipped without one).
    'web-dist': { type: 'string', default: path.join(fileURLToPath(new URL('..', import.meta.url)), 'apps/web/dist') },
    results: { type: 'string' },
    // Only the guide's rolling restart: two processes behind nginx under the read load, each stopped with
    // SIGTERM and started again on its port in turn; every answer must be a 200.
    'rolling-restart': { type: 'boolean', default: false },
  },
})

const PROCESS_COUNTS = options.processes.split(',').map(Number)
const SECONDS = Number(options.seconds)
const CONNECTIONS = Number(options.connections)
const PRODUCTS = Number(options.products)
/** Each process count gets products of its own: plenty for the order load, and one for the race. */
const ORDER_PRODUCTS = 200
const ORDER_STOCK = 100
const RACE_BUYERS = 200
const RACE_STOCK = 10
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const BENCH_DATABASE = 'shop_bench_scale'
const AUTH_SECRET = 'scale-bench-secret-scale-bench-secret-0123456789'
const WORK = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-scale-'))

type AutocannonRequest = {
  method?: string
  path?: string
  headers?: Record<string, string>
  body?: string
  setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void
}
type AutocannonResult = { errors: number; timeouts: number; statusCodeStats: Record<string, { count: number }> }
type AutocannonInstance = PromiseLike<AutocannonResult> & {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void
}
// autocannon's own types (bench/autocannon.d.ts) lack onResponse, which the order check needs.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string
  connections: number
  duration: number
  amount?: number
  timeout: number
  requests: AutocannonRequest[]
}) => AutocannonInstance

// ---------------------------------------------------------------- processes

/** nginx; the API processes run through the harness (apps/api/test/support/api-process.ts). */
const children = new Set<ChildProcess>()

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill(signal)
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
  await exited
  clearTimeout(timer)
  children.delete(child)
}

function startApi(databaseUrl: string, redisPrefix: string, index: number, port?: number): Promise<ApiProcess> {
  return startApiProcess({
    name: `API process ${index}`,
    port,
    dataDir: path.join(WORK, `api-${index}`),
    echo: true,
    readyTimeoutMs: 120_000,
    env: {
      DATABASE_URL: databaseUrl,
      REDIS_URL: options['redis-url'],
      REDIS_PREFIX: redisPrefix,
      AUTH_SECRET,
      TRUST_PROXY: 'loopback',
      WEB_DIST: options['web-dist'],
      // Every order of the load comes from one address (the load generator), so the per-address
      // limits must not be what stops it.
      ORDERS_PER_ADDRESS_PER_HOUR: '10000000',
      SEARCHES_PER_MINUTE: '10000000',
    },
  })
}

/** deploy/nginx.conf with the marked lines swapped for this run, inside a minimal main configuration. */
function writeNginxConfig(apiPorts: number[], httpsPort: number, httpPort: number, directory: string): string {
  const template = fs.readFileSync(path.join(ROOT, 'deploy', 'nginx.conf'), 'utf8')
  const between = (text: string, marker: string, replacement: string) => {
    const pattern = new RegExp(`# ${marker}:begin\\n[\\s\\S]*?# ${marker}:end\\n`)
    if (!pattern.test(text)) throw new Error(`deploy/nginx.conf lacks the '# ${marker}:begin/end' lines`)
    return text.replace(pattern, replacement)
  }
  let site = between(
    template,
    'upstream-servers',
    apiPorts.map((port) => `    server 127.0.0.1:${port} max_fails=2 fail_timeout=10s;\n`).join(''),
  )
  site = between(
    site,
    'tls',
    `    listen 127.0.0.1:${httpsPort} ssl http2;\n` +
      `    ssl_certificate     ${path.join(WORK, 'tls.crt')};\n` +
      `    ssl_certificate_key ${path.join(WORK, 'tls.key')};\n`,
  )
  // The plain-HTTP server (redirects) on a free port of loopback, without IPv6.
  site = site.replace('    listen 80;\n    listen [::]:80;\n', `    listen 127.0.0.1:${httpPort};\n`)
  if (/listen 80;|listen \[::\]/.test(site))
    throw new Error('deploy/nginx.conf: the listen lines changed; adapt bench/scale.ts')
  fs.mkdirSync(directory, { recursive: true })
  fs.writeFileSync(path.join(directory, 'shop.conf'), site)
  const main = `daemon off;
worker_processes auto;
pid ${directory}/nginx.pid;
error_log ${directory}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${directory}/body;
  proxy_temp_path ${directory}/proxy;
  fastcgi_temp_path ${directory}/fastcgi;
  uwsgi_temp_path ${directory}/uwsgi;
  scgi_temp_path ${directory}/scgi;
  include ${directory}/shop.conf;
}
`
  const file = path.join(directory, 'nginx.conf')
  fs.writeFileSync(file, main)
  return file
}

async function startNginx(apiPorts: number[]): Promise<{ url: string; child: ChildProcess }> {
  const [httpsPort, httpPort] = [await freePort(), await freePort()]
  const directory = path.join(WORK, `nginx-${apiPorts.length}`)
  const config = writeNginxConfig(apiPorts, httpsPort, httpPort, directory)
  const check = spawnSync(options.nginx, ['-t', '-c', config, '-p', directory], { encoding: 'utf8' })
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`)
  const child = spawn(options.nginx, ['-c', config, '-p', directory], { stdio: ['ignore', 'inherit', 'inherit'] })
  children.add(child)
  const url = `https://127.0.0.1:${httpsPort}`
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    const answer = spawnSync('curl', ['-sk', '-o', '/dev/null', '-w', '%{http_code}', `${url}/api/health/ready`], {
      encoding: 'utf8',
    })
    if (answer.stdout === '200') return { url, child }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('nginx did not answer /api/health/ready within 10 s')
}

// ---------------------------------------------------------------- data

type Stocked = { id: string; stock: number }
type Phase = { orderProducts: Stocked[]; raceProduct: Stocked }
type Shop = { readPaths: string[]; phases: Phase[]; tracked: Stocked[] }

async function prepareShop(db: Database): Promise<Shop> {
  await migrate(db)
  await generateProducts(db, PRODUCTS, { replace: true })
  // Every order of the load needs a shipping method; the catalogue's own products stay untouched.
  await setBenchShipping(db)
  const perPhase = ORDER_PRODUCTS + 1
  const { rows: chosen } = await db.query<{ id: string }>(
    'select id from products where not has_sizes order by custom_id limit $1',
    [perPhase * PROCESS_COUNTS.length],
  )
  if (chosen.length < perPhase * PROCESS_COUNTS.length) throw new Error('too few products: raise --products')
  const phases: Phase[] = PROCESS_COUNTS.map((_, phase) => {
    const ids = chosen.slice(phase * perPhase, (phase + 1) * perPhase).map((row) => row.id)
    return {
      orderProducts: ids.slice(0, ORDER_PRODUCTS).map((id) => ({ id, stock: ORDER_STOCK })),
      raceProduct: { id: ids[ORDER_PRODUCTS]!, stock: RACE_STOCK },
    }
  })
  const tracked = phases.flatMap((phase) => [...phase.orderProducts, phase.raceProduct])
  for (const stock of [ORDER_STOCK, RACE_STOCK]) {
    await db.query('update products set stock = $1, infinite_stock = false where id = any($2::uuid[])', [
      stock,
      tracked.filter((product) => product.stock === stock).map((product) => product.id),
    ])
  }
  const { rows: sample } = await db.query<{ id: string; category_id: string }>(
    'select id, category_id from products order by custom_id limit 200',
  )
  const categories = [...new Set(sample.map((row) => row.category_id))]
  const readPaths = [
    '/api/categories',
    '/api/brands',
    '/api/products?page=1&limit=30',
    ...categories.slice(0, 10).map((category) => `/api/products?category=${category}&sort=price-asc&page=1&limit=30`),
    ...sample.map((row) => `/api/products/${row.id}`),
  ]
  return { readPaths, phases, tracked }
}

// ---------------------------------------------------------------- load

type Figures = { perSecond: number; p95: number; answers: Record<string, number>; errors: number }

async function readLoad(url: string, paths: string[]): Promise<Figures> {
  let next = 0
  const latencies: number[] = []
  const answers: Record<string, number> = {}
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 30,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  })
  instance.on('response', (_client, status, _bytes, ms) => {
    latencies.push(ms)
    answers[status] = (answers[status] ?? 0) + 1
  })
  const result = await instance
  latencies.sort((left, right) => left - right)
  return {
    perSecond: latencies.length / SECONDS,
    p95: percentile(latencies, 0.95),
    answers,
    errors: result.errors + result.timeouts,
  }
}

/** Every order id answered 201 during the whole run, in the order they came (duplicates kept). */
const acknowledged: string[] = []
/** The numbers (scale<n>@example.ba) of the order requests that got an answer, whatever it was. */
const answered = new Set<number>()
let orderCounter = 0

/** Orders for the products in turn: for SECONDS with CONNECTIONS clients, or `race` buyers at once. */
async function orderLoad(
  url: string,
  products: Stocked[],
  race?: { buyers: number },
): Promise<Figures & { ordersPerSecond: number }> {
  const latencies: number[] = []
  const answers: Record<string, number> = {}
  const started = performance.now()
  const instance = autocannon({
    url: `${url}/api/orders`,
    connections: race ? race.buyers : CONNECTIONS,
    ...(race ? { amount: race.buyers, duration: 60 } : { duration: SECONDS }),
    timeout: 30,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request, context) => {
          const index = orderCounter++
          context.index = index
          const product = products[index % products.length]!
          return {
            ...request,
            body: benchOrderBody({
              email: `scale${index}@example.ba`,
              productId: product.id,
              quantity: race ? 1 : 1 + (index % 2),
            }),
          }
        },
        onResponse: (status, body, context) => {
          answered.add(context.index as number)
          if (status === 201) acknowledged.push((JSON.parse(body) as { id: string }).id)
        },
      },
    ],
  })
  instance.on('response', (_client, status, _bytes, ms) => {
    latencies.push(ms)
    answers[status] = (answers[status] ?? 0) + 1
  })
  const result = await instance
  const seconds = race ? (performance.now() - started) / 1000 : SECONDS
  latencies.sort((left, right) => left - right)
  return {
    perSecond: latencies.length / seconds,
    ordersPerSecond: (answers['201'] ?? 0) / seconds,
    p95: percentile(latencies, 0.95),
    answers,
    errors: result.errors + result.timeouts,
  }
}

// ---------------------------------------------------------------- checks

type Check = { name: string; ok: boolean; detail: string }

async function checkOrders(db: Database, shop: Shop): Promise<Check[]> {
  const { rows: negative } = await db.query<{ count: number }>(
    'select count(*)::int as count from products where stock < 0 or exists (select 1 from product_options o where o.product_id = products.id and o.stock < 0)',
  )
  const { rows: sold } = await db.query<{ id: string; stock: number; ordered: number }>(
    `select p.id, p.stock, coalesce(sum(i.quantity) filter (where o.status <> 'cancelled'), 0)::int as ordered
       from products p left join order_items i on i.product_id = p.id left join orders o on o.id = i.order_id
      where p.id = any($1::uuid[]) group by p.id, p.stock`,
    [shop.tracked.map((product) => product.id)],
  )
  const initial = new Map(shop.tracked.map((product) => [product.id, product.stock]))
  const wrong = sold.filter((row) => row.stock !== initial.get(row.id)! - row.ordered)
  const soldOut = sold.filter((row) => row.stock === 0).length
  const { rows: orders } = await db.query<{ id: string; email: string }>('select id, email from orders')
  const stored = new Set(orders.map((row) => row.id))
  const unique = new Set(acknowledged)
  const missing = [...unique].filter((id) => !stored.has(id))
  // autocannon ends a phase without waiting for the requests in flight: their orders may exist
  // with no answer received. An order whose request was answered with anything but 201 would be a
  // shop that said 'no' and took the order anyway.
  const unacknowledged = orders.filter((row) => !unique.has(row.id))
  const numberOf = (email: string) => Number(/^scale(\d+)@/.exec(email)?.[1] ?? -1)
  const refusedButStored = unacknowledged.filter((row) => answered.has(numberOf(row.email)))
  const cutOff = unacknowledged.length - refusedButStored.length
  return [
    { name: 'no stock below zero', ok: negative[0]!.count === 0, detail: `${negative[0]!.count} products below zero` },
    {
      name: 'stock = initial − ordered',
      ok: wrong.length === 0 && sold.length === shop.tracked.length,
      detail: `${sold.length - wrong.length} of ${shop.tracked.length} products agree; ${soldOut} sold out`,
    },
    {
      name: 'every 201 order exists once',
      ok: missing.length === 0 && unique.size === acknowledged.length,
      detail: `${acknowledged.length} answered 201, ${unique.size} distinct ids, ${missing.length} missing in the database`,
    },
    {
      name: 'no order stored for a request answered otherwise',
      ok: refusedButStored.length === 0,
      detail:
        `${stored.size} orders in the database: ${stored.size - unacknowledged.length} answered 201, ` +
        `${cutOff} from requests still in flight when a phase's time ran out (no answer received), ` +
        `${refusedButStored.length} whose request was answered with an error`,
    },
  ]
}

// ---------------------------------------------------------------- the proxy's headers

/** What deploy/nginx.conf promises, seen through it: HTTP/2, compression, cache headers, no public metrics. */
function checkProxy(url: string): Check[] {
  const head = (target: string, extra: string[] = []) => {
    const result = spawnSync(
      'curl',
      [
        '-sk',
        '--http2',
        '-o',
        '/dev/null',
        '-D',
        '-',
        '-w',
        'http-version: %{http_version}\n',
        ...extra,
        `${url}${target}`,
      ],
      { encoding: 'utf8' },
    )
    return result.stdout.toLowerCase()
  }
  const checks: Check[] = []
  const metrics = head('/api/health/live')
  checks.push({
    name: 'HTTP/2 over TLS',
    ok: metrics.includes('http-version: 2'),
    detail: /http-version: (\S+)/.exec(metrics)?.[1] ?? 'no answer',
  })
  const hasWeb = fs.existsSync(path.join(options['web-dist'], 'index.html'))
  if (!hasWeb)
    return [...checks, { name: 'cache headers', ok: true, detail: `skipped: no web build in ${options['web-dist']}` }]
  const asset = fs.readdirSync(path.join(options['web-dist'], 'assets')).find((name) => name.endsWith('.js'))!
  const assetHeaders = head(`/assets/${asset}`, ['-H', 'accept-encoding: gzip'])
  const htmlHeaders = head('/trgovina')
  checks.push(
    {
      name: '/assets/ cached for a year, immutable, compressed',
      ok:
        assetHeaders.includes('cache-control: public, max-age=31536000, immutable') &&
        /content-encoding: (gzip|br)/.test(assetHeaders),
      detail:
        (/cache-control: .*/.exec(assetHeaders)?.[0] ?? 'no cache-control') +
        `; ${/content-encoding: .*/.exec(assetHeaders)?.[0] ?? 'not compressed'}`,
    },
    {
      name: 'HTML never cached without revalidation',
      ok: htmlHeaders.includes('cache-control: no-cache'),
      detail: /cache-control: .*/.exec(htmlHeaders)?.[0] ?? 'no cache-control',
    },
  )
  return checks
}

// ---------------------------------------------------------------- main

type OrderFigures = Figures & { ordersPerSecond: number }
type Row = { processes: number; read: Figures; orders: OrderFigures; race: OrderFigures }

const answersOf = (figures: Figures) =>
  Object.entries(figures.answers)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ')

function format(rows: Row[], checks: Check[], started: string, versions: string): string {
  const load = (text: string) => text.trim()
  const lines = [
    `## Scale: ${CONNECTIONS} clients through nginx (HTTPS) to N API processes on PostgreSQL + Redis`,
    '',
    `Command: \`node --import tsx bench/scale.ts --processes ${PROCESS_COUNTS.join(',')} --seconds ${SECONDS} --connections ${CONNECTIONS}\``,
    `Machine: \`nproc\` = ${os.availableParallelism()} (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}, ` +
      `${versions}; ${PRODUCTS} products; per process count ${ORDER_PRODUCTS} products with ${ORDER_STOCK} in stock ` +
      `for the order load and one with ${RACE_STOCK} for the race of ${RACE_BUYERS} buyers.`,
    `Load before: \`${load(started)}\`; after: \`${load(spawnSync('uptime', { encoding: 'utf8' }).stdout)}\``,
    '',
    `| processes | catalogue req/s | catalogue p95 ms | orders/s (201) | order p95 ms | order answers | race: ${RACE_BUYERS} buyers, ${RACE_STOCK} in stock | errors |`,
    '|---:|---:|---:|---:|---:|---|---|---:|',
    ...rows.map(
      (row) =>
        `| ${row.processes} | ${row.read.perSecond.toFixed(0)} | ${row.read.p95.toFixed(1)} | ` +
        `${row.orders.ordersPerSecond.toFixed(1)} | ${row.orders.p95.toFixed(1)} | ${answersOf(row.orders)} | ` +
        `${answersOf(row.race)} | ${row.read.errors + row.orders.errors + row.race.errors} |`,
    ),
    '',
    'Checks (the proxy with the first process count; the database after every run):',
    '',
    ...checks.map((check) => `- ${check.ok ? 'PASS' : 'FAIL'} ${check.name}: ${check.detail}`),
    '',
    `On ${os.availableParallelism()} cores the API processes, nginx, PostgreSQL, Redis and the load generator share the ` +
      'same cores, so more processes cannot be faster: the figure is about correctness under distribution (one shop ' +
      'across processes, no oversell, no lost or duplicated order), not speed-up.',
  ]
  return lines.join('\n') + '\n'
}

/**
 * docs/production.md, 'rolling restart': while the read load runs through nginx, each of two processes in
 * turn is stopped with SIGTERM (as a supervisor does) and started again on its port once the other serves.
 */
async function rollingRestart(databaseUrl: string, redisPrefix: string, shop: Shop): Promise<void> {
  const apis = [await startApi(databaseUrl, redisPrefix, 0), await startApi(databaseUrl, redisPrefix, 1)]
  const nginx = await startNginx(apis.map((api) => api.port))
  try {
    console.log(`rolling restart: 2 processes behind nginx, ${CONNECTIONS} clients for ${SECONDS} s`)
    const load = readLoad(nginx.url, shop.readPaths)
    for (const index of [0, 1]) {
      await new Promise((resolve) => setTimeout(resolve, (SECONDS * 1000) / 5))
      const { port } = apis[index]!
      const stopping = Date.now()
      await apis[index]!.stop(20_000)
      const stoppedMs = Date.now() - stopping
      apis[index] = await startApi(databaseUrl, redisPrefix, index, port)
      console.log(`process ${index}: SIGTERM, exited in ${stoppedMs} ms, ready again after ${Date.now() - stopping} ms`)
    }
    const read = await load
    const total = Object.values(read.answers).reduce((sum, count) => sum + count, 0)
    const ok = read.errors === 0 && Object.keys(read.answers).every((status) => status === '200')
    console.log(
      `${ok ? 'PASS' : 'FAIL'} rolling restart: ${total} answers ${JSON.stringify(read.answers)}, ` +
        `${read.errors} errors or timeouts, p95 ${read.p95.toFixed(1)} ms`,
    )
    if (!ok) process.exitCode = 1
  } finally {
    await stopChild(nginx.child, 'SIGQUIT')
    await Promise.all(apis.map((api) => api.stop(20_000)))
  }
}

async function main(): Promise<void> {
  const started = spawnSync('uptime', { encoding: 'utf8' }).stdout
  if (!fs.existsSync(options.nginx)) throw new Error(`${options.nginx} not found: apt-get install -y nginx`)
  const tls = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'].concat([
      '-keyout',
      path.join(WORK, 'tls.key'),
      '-out',
      path.join(WORK, 'tls.crt'),
    ]),
    { encoding: 'utf8' },
  )
  if (tls.status !== 0) throw new Error(`openssl could not make the test certificate: ${tls.stderr}`)

  const databaseUrl = await recreateDatabase(options['server-url'], BENCH_DATABASE)
  const db = await openDatabase({ url: databaseUrl })
  const rows: Row[] = []
  const proxyChecks: Check[] = []
  try {
    const shop = await prepareShop(db)
    const redisPrefix = `scale-${randomUUID().slice(0, 8)}:`
    if (options['rolling-restart']) {
      await rollingRestart(databaseUrl, redisPrefix, shop)
      return
    }
    console.log(`scale benchmark: ${os.availableParallelism()} cores, ${SECONDS} s a phase, ${CONNECTIONS} clients`)
    for (const count of PROCESS_COUNTS) {
      const apis: ApiProcess[] = []
      try {
        for (let index = 0; index < count; index++) apis.push(await startApi(databaseUrl, redisPrefix, index))
      } catch (error) {
        await Promise.all(apis.map((api) => api.kill()))
        throw error
      }
      const nginx = await startNginx(apis.map((api) => api.port))
      try {
        if (rows.length === 0) proxyChecks.push(...checkProxy(nginx.url))
        const read = await readLoad(nginx.url, shop.readPaths)
        const phase = shop.phases[rows.length]!
        const orders = await orderLoad(nginx.url, phase.orderProducts)
        const race = await orderLoad(nginx.url, [phase.raceProduct], { buyers: RACE_BUYERS })
        rows.push({ processes: count, read, orders, race })
        console.log(
          `${count} processes: catalogue ${read.perSecond.toFixed(0)} req/s p95 ${read.p95.toFixed(1)} ms; ` +
            `orders ${orders.ordersPerSecond.toFixed(1)}/s placed of ${orders.perSecond.toFixed(0)} req/s, p95 ${orders.p95.toFixed(1)} ms ` +
            `${JSON.stringify(orders.answers)}; race ${JSON.stringify(race.answers)}; read answers ${JSON.stringify(read.answers)}`,
        )
      } finally {
        await stopChild(nginx.child, 'SIGQUIT')
        await Promise.all(apis.map((api) => api.stop(20_000)))
      }
    }
    const raceCheck: Check = {
      name: `each race sold exactly the ${RACE_STOCK} in stock`,
      ok: rows.every((row) => row.race.answers['201'] === RACE_STOCK),
      detail: rows.map((row) => `${row.processes} processes: ${row.race.answers['201'] ?? 0} placed`).join(', '),
    }
    const checks = [...proxyChecks, raceCheck, ...(await checkOrders(db, shop))]
    for (const check of checks) console.log(`${check.ok ? 'PASS' : 'FAIL'} ${check.name}: ${check.detail}`)
    const { rows: server } = await db.query<{ version: string }>('select version()')
    const nginxVersion = spawnSync(options.nginx, ['-v'], { encoding: 'utf8' })
      .stderr.trim()
      .replace('nginx version: ', '')
    const report = format(rows, checks, started, `${nginxVersion}, ${server[0]!.version.split(' on ')[0]}, Redis`)
    if (options.results) {
      fs.mkdirSync(path.dirname(options.results), { recursive: true })
      fs.writeFileSync(options.results, report)
      console.log(`written to ${options.results}`)
    } else {
      console.log(`\n${report}`)
    }
    if (checks.some((check) => !check.ok)) process.exitCode = 1
  } finally {
    await db.close()
  }
}

try {
  await main()
} finally {
  await Promise.all([...children].map((child) => stopChild(child)))
  fs.rmSync(WORK, { recursive: true, force: true })
}
