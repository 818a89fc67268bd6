import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '@shop/shared/messages/bs.ts'
import {
  createProduct,
  DELIVERY_ADDRESS,
  SHIPPING_SETTINGS,
  setShippingSettings,
} from '../src/modules/orders/test-fixtures.ts'
import { MAX_ATTEMPTS } from '../src/platform/mail.ts'
import { migrate } from '../src/platform/migrate.ts'
import { enqueueMail } from '../src/platform/outbox.ts'
import { startApiProcess, type ApiProcess } from './support/api-process.ts'
import { freePort, isRedisReachable, TEST_REDIS_URL } from './support/free-port.ts'
import { parseMetrics, valueOf } from './support/metrics-text.ts'
import { createProcessDatabase, type ProcessDatabase } from './support/process-database.ts'
import { TEST_DATABASE_SERVER, terminateConnections, withServerClient } from './support/scratch-database.ts'
import { MailSink } from './support/smtp-sink.ts'
import {
  AUTHENTICATION_REQUIRED_ANSWER,
  SERVICE_UNAVAILABLE_ANSWER,
  TOKEN_INVALID_ANSWER,
} from './support/error-answers.ts'

// docs/decisions.md, Operations: graceful shutdown, liveness and readiness, Prometheus metrics. A
// real server process (through the harness, support/api-process.ts), because what is tested is
// what the process does at start-up, on SIGTERM and when its database or Redis goes away. PGlite
// by default, a PostgreSQL server with TEST_DATABASE_URL (a database of its own, dropped afterwards).

const serverUrl = TEST_DATABASE_SERVER
const kind = serverUrl ? 'PostgreSQL' : 'PGlite'
const AUTH_SECRET = 'operations-secret-operations-secret-0123456'
const METRICS_TOKEN = 'ops-metrics-token-0123456789abcdef'
// migrate.ts: every process that migrates takes this advisory lock first.
const MIGRATION_LOCK = 7_302_114
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// ---------------------------------------------------------------------------------------------
// A server process

/** The API process on the test's database, with this environment; the caller waits for what it needs. */
function startServer(database: ProcessDatabase, env: Record<string, string>): Promise<ApiProcess> {
  return startApiProcess({
    dataDir: database.dataDir,
    readyPath: null,
    env: {
      ...database.env,
      // info: the test sees when a request has reached the server ('incoming request').
      LOG_LEVEL: 'info',
      AUTH_SECRET,
      PUBLIC_URL: 'http://shop.ops.test',
      ...env,
    },
  })
}

async function waitUntil(what: string, server: ApiProcess, condition: () => Promise<boolean> | boolean): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (!server.isRunning) throw new Error(`server exited while waiting for ${what}: ${server.tail(3000)}`)
    try {
      if (await condition()) return
    } catch {
      // not listening yet
    }
    await sleep(100)
  }
  throw new Error(`timed out waiting for ${what}: ${server.tail(3000)}`)
}

async function status(url: string, headers: Record<string, string> = {}): Promise<number> {
  const response = await fetch(url, { headers })
  await response.arrayBuffer()
  return response.status
}

async function readiness(server: ApiProcess): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.base}/api/health/ready`)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** A GET on a connection of its own: resolves with the status, or the error code when none was made. */
async function freshGet(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    request.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
  })
}

type Trickled = {
  id: string
  /** Sends the rest of the body. */
  finish(): void
  response: Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>
}

/** A POST whose body arrives in two parts: between them the request is in flight on the server. */
function trickledPost(server: ApiProcess, url: string, payload: unknown): Trickled {
  const id = `ops-${randomUUID()}`
  const body = Buffer.from(JSON.stringify(payload))
  const request = http.request({
    host: '127.0.0.1',
    port: server.port,
    path: url,
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': body.length, 'x-request-id': id },
  })
  const response = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      request.once('error', reject)
      request.once('response', (incoming) => {
        const chunks: Buffer[] = []
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
        incoming.once('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        )
        incoming.once('error', reject)
      })
    },
  )
  // Handled here too: the stuck request's rejection is awaited only at the end.
  response.catch(() => undefined)
  request.write(body.subarray(0, 20))
  return { id, finish: () => request.end(body.subarray(20)), response }
}

// ---------------------------------------------------------------------------------------------

function orderBody(productId: string, email: string) {
  return {
    email,
    products: [{ product_id: productId, quantity: 1 }],
    shippingAddress: DELIVERY_ADDRESS,
    shippingMethod: { id: 'courier' },
  }
}

function isJsonObject(line: string): boolean {
  try {
    return typeof JSON.parse(line) === 'object'
  } catch {
    return false
  }
}

const HELD_SUBJECTS = ['ops held 1', 'ops held 2', 'ops held 3']

let isRedisUp = false

beforeAll(async () => {
  isRedisUp = await isRedisReachable(TEST_REDIS_URL)
  if (!isRedisUp)
    process.stderr.write(`operations.test: no Redis at ${TEST_REDIS_URL}; readiness is checked without it\n`)
})

describe(`a running API process (${kind})`, () => {
  // The mail server holds every mail until the test lets it through.
  const mail = new MailSink({ isHolding: true })
  let database: ProcessDatabase
  let server: ApiProcess
  let productId: string

  beforeAll(async () => {
    await mail.start()
    database = await createProcessDatabase('ops', serverUrl)
    const db = await database.open()
    await migrate(db)
    await setShippingSettings(db, SHIPPING_SETTINGS)
    productId = (await createProduct(db, { stock: 100, price: 20 })).id
    // Three mails due now: the worker claims them together and the mail server holds the first.
    for (const subject of HELD_SUBJECTS) {
      await enqueueMail(db, { kind: 'contact', to: 'held@ops.test', subject, text: subject, html: `<p>${subject}</p>` })
    }
    // One mail that failed once and waits for its retry, one given up: the outbox gauges count them.
    await enqueueMail(db, { kind: 'contact', to: 'retry@ops.test', subject: 'ops retry', text: 'r', html: 'r' })
    await enqueueMail(db, { kind: 'contact', to: 'lost@ops.test', subject: 'ops lost', text: 'l', html: 'l' })
    await db.query(
      `update outbox set attempts = 2, last_error = 'refused', next_attempt_at = now() + interval '1 hour'
        where subject = 'ops retry'`,
    )
    await db.query(`update outbox set attempts = $1, last_error = 'refused' where subject = 'ops lost'`, [MAX_ATTEMPTS])
    await db.close()

    server = await startServer(database, {
      METRICS_TOKEN,
      // The stuck request of the SIGTERM test is cut after 5 s instead of the default 10.
      SHUTDOWN_TIMEOUT: '5',
      // Several orders from 127.0.0.1 (the per-address limit is tested with the orders).
      ORDERS_PER_ADDRESS_PER_HOUR: '1000',
      MAIL_WORKER: 'on',
      SMTP_URL: mail.url,
      // A prefix of this run's own, so that other runs on this Redis share no rate limits with it.
      ...(isRedisUp ? { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `ops-${randomUUID().slice(0, 8)}:` } : {}),
    })
    await waitUntil('readiness', server, async () => (await readiness(server)).status === 200)
  }, 90_000)

  afterAll(async () => {
    await mail.stop()
    await server?.kill()
    await database?.drop()
  })

  it('answers liveness, readiness and the old health check with 200 when all is well', async () => {
    expect(await (await fetch(`${server.base}/api/health/live`)).json()).toEqual({ status: 'ok' })
    const ready = await readiness(server)
    expect(ready).toEqual({
      status: 200,
      body: { status: 'ready', phase: 'ready', database: 'up', redis: isRedisUp ? 'up' : 'off' },
    })
    const health = await fetch(`${server.base}/api/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok', database: 'up' })
  })

  it('refuses the metrics without the token (401) and with a wrong one (401)', async () => {
    const missing = await fetch(`${server.base}/api/metrics`)
    expect(missing.status).toBe(401)
    expect(missing.headers.get('www-authenticate')).toBe('Bearer')
    expect(await missing.json()).toEqual(AUTHENTICATION_REQUIRED_ANSWER)
    for (const header of [`Bearer ${METRICS_TOKEN}x`, `Bearer ${METRICS_TOKEN.slice(1)}`, 'Bearer ', METRICS_TOKEN]) {
      const wrong = await fetch(`${server.base}/api/metrics`, { headers: { authorization: header } })
      expect(wrong.status, header).toBe(401)
      expect(await wrong.json()).toEqual(TOKEN_INVALID_ANSWER)
    }
  })

  it('serves the metrics to the token: routes by pattern, cache hits, pool, outbox, timed jobs, password hashes, process', async () => {
    for (let round = 0; round < 2; round += 1) {
      expect(await status(`${server.base}/api/products`)).toBe(200)
      expect(await status(`${server.base}/api/products/${productId}`)).toBe(200)
    }
    expect(await status(`${server.base}/api/no-such-route`)).toBe(404)
    // A wrong password (for an e-mail nobody has: it costs the same hash).
    const signIn = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'niko@metrics.test', password: 'Pogresna-lozinka-1' }),
    })
    expect(signIn.status).toBe(401)
    const response = await fetch(`${server.base}/api/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = await response.text()
    const samples = parseMetrics(text)

    const productRoute = { method: 'GET', route: '/api/products/:id', status_class: '2xx' }
    expect(valueOf(samples, 'shop_http_request_duration_seconds_count', productRoute)).toBe(2)
    expect(valueOf(samples, 'shop_http_request_duration_seconds_bucket', { ...productRoute, le: '+Inf' })).toBe(2)
    expect(valueOf(samples, 'shop_http_request_duration_seconds_sum', productRoute)).toBeGreaterThan(0)
    expect(
      valueOf(samples, 'shop_http_request_duration_seconds_count', {
        method: 'GET',
        route: 'unmatched',
        status_class: '4xx',
      }),
    ).toBe(1)
    // The pattern, never the raw URL with the product's id.
    expect(text).not.toContain(productId)
    expect(valueOf(samples, 'shop_http_requests_in_flight')).toBe(1)

    expect(valueOf(samples, 'shop_cache_requests_total', { route: '/api/products/:id', result: 'miss' })).toBe(1)
    expect(valueOf(samples, 'shop_cache_requests_total', { route: '/api/products/:id', result: 'hit' })).toBe(1)
    expect(valueOf(samples, 'shop_cache_requests_total', { route: '/api/products', result: 'hit' })).toBe(1)

    expect(valueOf(samples, 'shop_db_pool_connections', { state: 'max' })).toBe(serverUrl ? 10 : 1)
    expect(valueOf(samples, 'shop_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1)
    expect(valueOf(samples, 'shop_db_pool_waiting_requests')).toBe(0)

    // The three held mails (claimed, one at the mail server) and the one waiting for its retry.
    expect(valueOf(samples, 'shop_outbox_mails', { state: 'pending' })).toBe(4)
    expect(valueOf(samples, 'shop_outbox_mails', { state: 'retrying' })).toBe(1)
    expect(valueOf(samples, 'shop_outbox_mails', { state: 'given_up' })).toBe(1)
    expect(valueOf(samples, 'shop_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(0)

    // The sale job runs once at start-up.
    expect(valueOf(samples, 'shop_timed_job_runs_total', { job: 'sale', result: 'ok' })).toBeGreaterThanOrEqual(1)
    expect(valueOf(samples, 'shop_timed_job_duration_seconds_count', { job: 'sale' })).toBeGreaterThanOrEqual(1)
    expect(valueOf(samples, 'shop_ready')).toBe(1)
    // The password queue: nothing hashing or waiting now; the wrong password above was hashed.
    expect(valueOf(samples, 'shop_password_hashes', { state: 'running' })).toBe(0)
    expect(valueOf(samples, 'shop_password_hashes', { state: 'waiting' })).toBe(0)
    expect(valueOf(samples, 'shop_password_hashes_total', { result: 'refused' })).toBe(0)
    expect(valueOf(samples, 'shop_password_hashes_total', { result: 'done' })).toBeGreaterThanOrEqual(1)
    // prom-client's default process metrics.
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0)
    expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0)
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0)
  })

  it.skipIf(!serverUrl)(
    'answers readiness 503 while the database refuses connections, 200 once it is back',
    async () => {
      const name = database.scratch!.name
      await withServerClient(serverUrl!, async (client) => {
        await client.query(`alter database ${name} allow_connections false`)
        await terminateConnections(client, name)
      })
      try {
        const down = await readiness(server)
        expect(down).toEqual({
          status: 503,
          body: { status: 'not_ready', phase: 'ready', database: 'down', redis: isRedisUp ? 'up' : 'off' },
        })
        expect(await status(`${server.base}/api/health`)).toBe(503)
        expect(await status(`${server.base}/api/health/live`)).toBe(200)
      } finally {
        await withServerClient(serverUrl!, (client) => client.query(`alter database ${name} allow_connections true`))
      }
      await waitUntil('readiness after the outage', server, async () => (await readiness(server)).status === 200)
    },
  )

  it('on SIGTERM finishes the requests in flight, refuses new ones, hands back claimed mail and exits 0', async () => {
    // The mail worker is in the middle of its batch: the mail server holds the first mail.
    await waitUntil('the first held mail', server, () => mail.subjects.length === 1)
    const orders = [1, 2, 3].map((index) =>
      trickledPost(server, '/api/orders', orderBody(productId, `kupac${index}@ops.test`)),
    )
    // A request that never ends: the shutdown cuts it at its bound (SHUTDOWN_TIMEOUT).
    const stuck = trickledPost(server, '/api/orders', orderBody(productId, 'stuck@ops.test'))
    await waitUntil('the requests to arrive', server, () =>
      [...orders, stuck].every((order) => server.hasLogged('incoming request', order.id)),
    )

    server.child.kill('SIGTERM')
    // No new connections: a load balancer's next attempt goes to another process at once.
    let fresh: number | string = 0
    for (let attempt = 0; attempt < 50 && fresh !== 'ECONNREFUSED'; attempt += 1) {
      fresh = await freshGet(`${server.base}/api/health/live`)
      if (fresh !== 'ECONNREFUSED') await sleep(100)
    }
    expect(fresh).toBe('ECONNREFUSED')

    for (const order of orders) order.finish()
    for (const order of orders) {
      const response = await order.response
      expect(response.status, response.body).toBe(201)
      // Each connection closes after its answer, so no idle keep-alive connection holds the process.
      expect(response.headers.connection).toBe('close')
    }
    mail.letThrough()
    await expect(stuck.response).rejects.toThrow()
    expect(await server.exited).toBe(0)
    expect(server.hasLogged('requests still running at the shutdown bound; closing their connections')).toBe(true)
    expect(server.hasLogged('mail worker stopped; claimed mails handed back')).toBe(true)

    const db = await database.open()
    try {
      const { rows: placed } = await db.query<{ email: string }>('select email from orders order by email')
      expect(placed.map((row) => row.email)).toEqual(['kupac1@ops.test', 'kupac2@ops.test', 'kupac3@ops.test'])
      const { rows: held } = await db.query<{
        subject: string
        is_sent: boolean
        attempts: number
        is_due: boolean | null
      }>(
        `select subject, sent_at is not null as is_sent, attempts,
                case when sent_at is null then next_attempt_at <= now() end as is_due
           from outbox where subject like 'ops held%' order by id`,
      )
      // The mail at the server went out; the two claimed behind it are due again at once, not after the lease.
      expect(held).toEqual([
        { subject: 'ops held 1', is_sent: true, attempts: 0, is_due: null },
        { subject: 'ops held 2', is_sent: false, attempts: 0, is_due: true },
        { subject: 'ops held 3', is_sent: false, attempts: 0, is_due: true },
      ])
      expect(mail.subjects).toEqual(['ops held 1'])
    } finally {
      await db.close()
    }
  }, 60_000)
})

describe(`an API process starting, and one whose Redis is down, without metrics (${kind})`, () => {
  let database: ProcessDatabase
  let server: ApiProcess

  beforeAll(async () => {
    database = await createProcessDatabase('ops', serverUrl)
  })

  afterAll(async () => {
    await server?.stop()
    await database?.drop()
  })

  it('listens at once and answers 503 until migrated, then is ready and serves with Redis down', async () => {
    const closedRedisPort = await freePort()
    // On PostgreSQL the test holds the migration lock, so the process is seen waiting in 'migrating'.
    const locker = serverUrl ? new pg.Client({ connectionString: database.url }) : undefined
    if (locker) {
      await locker.connect()
      await locker.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    }
    try {
      server = await startServer(database, {
        REDIS_URL: `redis://127.0.0.1:${closedRedisPort}`,
      })
      await waitUntil('the port', server, async () => (await freshGet(`${server.base}/api/health/live`)) === 200)
      if (locker) {
        const starting = await readiness(server)
        expect(starting).toEqual({
          status: 503,
          body: { status: 'not_ready', phase: 'migrating', database: 'up', redis: 'down' },
        })
        const health = await fetch(`${server.base}/api/health`)
        expect(health.status).toBe(503)
        expect(await health.json()).toEqual({ status: 'degraded', database: 'up' })
        const products = await fetch(`${server.base}/api/products`)
        expect(products.status).toBe(503)
        expect(products.headers.get('retry-after')).toBe('5')
        expect(await products.json()).toEqual(SERVICE_UNAVAILABLE_ANSWER)
      } else {
        // PGlite runs inside the process, so the test cannot hold its migration; any answer before
        // ready is a 503 of a start-up phase.
        const early = await readiness(server)
        if (early.body.phase !== 'ready') {
          expect(early.status).toBe(503)
          expect(['starting', 'migrating', 'seeding']).toContain(early.body.phase)
        }
      }
    } finally {
      if (locker) {
        await locker.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK])
        await locker.end()
      }
    }
    await waitUntil('the end of start-up', server, async () => (await status(`${server.base}/api/health`)) === 200)
    // Redis is reported, not required (docs/decisions.md, 'Redis is optional at run time'): the process
    // stays in the load balancer and a limited route counts in its own memory, at once.
    expect(await readiness(server)).toEqual({
      status: 200,
      body: { status: 'ready', phase: 'ready', database: 'up', redis: 'down' },
    })
    expect(await status(`${server.base}/api/products`)).toBe(200)
    const started = performance.now()
    const signIn = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@operations.test', password: 'Nije-moja-lozinka-1' }),
    })
    expect(signIn.status).toBe(401)
    expect(performance.now() - started).toBeLessThan(5000)
    const outageLines = server
      .logLines()
      .filter((line) => String(line.msg).startsWith('redis unavailable (rate limits)'))
    expect(outageLines).toHaveLength(1)
    // Production's output (stdout and stderr are pipes here, not a terminal): every line is a JSON line,
    // the Redis outage's included, and a request's closing line names what it answered.
    const lines = server
      .log()
      .split('\n')
      .filter((line) => line.trim() !== '')
    expect(lines.filter((line) => !isJsonObject(line))).toEqual([])
    expect(server.logLines()).toContainEqual(
      expect.objectContaining({
        msg: 'request completed',
        res: { statusCode: 200, method: 'GET', url: '/api/products' },
      }),
    )
    // A fresh database: every migration is named in the log as it is applied, then the total.
    const migrations = fs
      .readdirSync(new URL('../src/db/migrations/', import.meta.url))
      .filter((name) => name.endsWith('.sql'))
      .sort()
    const applied = server.logLines().filter((line) => String(line.msg).startsWith('migration applied: '))
    expect(applied.map((line) => line.migration)).toEqual(migrations)
    expect(server.hasLogged(`database migrated (${migrations.length} applied)`)).toBe(true)
  }, 90_000)

  it('has no metrics without METRICS_TOKEN (404, as any unknown path)', async () => {
    const response = await fetch(`${server.base}/api/metrics`)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({
      message: messages.common.routeNotFound,
      error: 'Not Found',
      code: 'ROUTE_NOT_FOUND',
    })
  })

  it('exits 0 on SIGTERM when nothing is in flight', async () => {
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  })
})

describe('an API process that cannot start', () => {
  it('says why in one JSON line on stderr, and in a readable line with LOG_FORMAT=pretty', async () => {
    // An unknown LOG_FORMAT stops the start at the configuration, before any database is opened.
    const failed = await startApiProcess({ readyPath: null, env: { LOG_FORMAT: 'colour' } })
    expect(await failed.exited).toBe(1)
    const lines = failed
      .log()
      .split('\n')
      .filter((line) => line.trim() !== '')
    expect(lines.filter((line) => !isJsonObject(line))).toEqual([])
    expect(failed.logLines()).toEqual([
      expect.objectContaining({
        level: 60,
        msg: expect.stringMatching(/^The shop cannot start\. Invalid configuration:\n {2}LOG_FORMAT: /),
      }),
    ])
    const pretty = await startApiProcess({ readyPath: null, env: { LOG_FORMAT: 'pretty', LOG_LEVEL: 'loud' } })
    expect(await pretty.exited).toBe(1)
    expect(pretty.log()).toMatch(
      /^\[\d\d:\d\d:\d\d\] FATAL: The shop cannot start\. Invalid configuration:\n {2}LOG_LEVEL: /,
    )
  }, 60_000)
})
