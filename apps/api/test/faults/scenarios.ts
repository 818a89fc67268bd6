import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import sharp from 'sharp'
import { DELIVERY_ADDRESS } from '../../src/modules/orders/test-fixtures.ts'
import { createUser, TEST_PASSWORD } from '../helpers.ts'
import { scrapeMetrics, valueOf } from '../support/metrics-text.ts'
import { MailSink } from '../support/smtp-sink.ts'
import type { ApiProcess } from '../support/api-process.ts'
import { startPostgresServer, type TestPostgresServer } from '../support/postgres-server.ts'
import { startRedisServer, type TestRedisServer } from '../support/redis-server.ts'
import { startS3Server } from '../support/s3-server.ts'
import { terminateConnections, withServerClient } from '../support/scratch-database.ts'
import {
  countsByGuest,
  percentile,
  prepareShop,
  readStoredOrders,
  sendOrder,
  sleep,
  startOrderLoad,
  startReadLoad,
  startServer,
  waitUntil,
  type DatabaseKind,
  type Load,
  type OrderAttempt,
  type OrderLoadOptions,
  type PreparedShop,
  type ReadAttempt,
  type ServerOptions,
  type ShopOptions,
  type StoredOrders,
} from './support.ts'
import { SERVICE_UNAVAILABLE_ANSWER } from '../support/error-answers.ts'

// The fault scenarios (docs/decisions.md, Faults), with their sizes as parameters: the CI tests
// (apps/api/test/faults/*.test.ts) run them small and assert on the figures; bench/faults.ts runs
// them bigger and prints the same figures.

/** What the shop and the mail server hold after a scenario, against what the clients were told. */
export type OrderFigures = {
  /** Order requests sent. */
  requests: number
  /** Answered 5xx (503 while a fault lasts is the expected answer; 500 never is). */
  status5xx: number
  status500: number
  /** No answer at all (connection refused or cut, timeout). */
  unanswered: number
  /** Answered 2xx with an order: the buyer was told the order exists. */
  acknowledged: number
  /** Acknowledged, but not in the database. */
  lost: number
  /** E-mails (one per attempt) with more than one stored order. */
  duplicated: number
  /** Committed although the buyer got no 2xx (the answer was lost with the connection or the process). */
  unacknowledgedStored: number
  /** Orders without items or whose total does not add up. */
  incomplete: number
  /** Products whose stock is not the initial stock minus the stored orders' quantities. */
  stockMismatches: number
  /** Stored orders whose two mails (customer, shop) are not both in the outbox exactly once. */
  outboxMismatches: number
  /** Mails the stored orders should produce (two each) and what the SMTP server received. */
  mailsExpected: number
  mailsSentOnce: number
  mailsMissing: number
  mailsDuplicated: number
  /** Answer times of the order requests. */
  p50Ms: number
  maxMs: number
}

export function orderFigures(attempts: readonly OrderAttempt[], stored: StoredOrders, sink?: MailSink): OrderFigures {
  const byEmail = new Map(attempts.map((attempt) => [attempt.email, attempt]))
  let lost = 0
  let duplicated = 0
  let unacknowledgedStored = 0
  for (const attempt of attempts) {
    const order = stored.byEmail.get(attempt.email)
    const isAcknowledged = attempt.status >= 200 && attempt.status < 300
    if (isAcknowledged && (!order || order.id !== attempt.orderId)) lost += 1
    if (order && order.count > 1) duplicated += 1
    if (!isAcknowledged && order) unacknowledgedStored += 1
  }
  // An order that no attempt made would be a stranger: counted as a duplicate, since it cannot be anything else.
  for (const email of stored.byEmail.keys()) if (!byEmail.has(email)) duplicated += 1
  let outboxMismatches = 0
  for (const email of stored.byEmail.keys()) if (stored.outbox.get(email) !== 2) outboxMismatches += 1
  const mails = { expected: stored.byEmail.size * 2, once: 0, missing: 0, duplicated: 0 }
  if (sink) {
    const { customer, shop } = countsByGuest(sink)
    for (const email of stored.byEmail.keys()) {
      for (const count of [customer.get(email) ?? 0, shop.get(email) ?? 0]) {
        if (count === 1) mails.once += 1
        else if (count === 0) mails.missing += 1
        else mails.duplicated += 1
      }
    }
  }
  const times = attempts.map((attempt) => attempt.ms)
  return {
    requests: attempts.length,
    status5xx: attempts.filter((attempt) => attempt.status >= 500).length,
    status500: attempts.filter((attempt) => attempt.status === 500).length,
    unanswered: attempts.filter((attempt) => attempt.status === 0).length,
    acknowledged: attempts.filter((attempt) => attempt.status >= 200 && attempt.status < 300).length,
    lost,
    duplicated,
    unacknowledgedStored,
    incomplete: stored.incomplete,
    stockMismatches: stored.stockMismatches.length,
    outboxMismatches,
    mailsExpected: mails.expected,
    mailsSentOnce: mails.once,
    mailsMissing: mails.missing,
    mailsDuplicated: mails.duplicated,
    p50Ms: Math.round(percentile(times, 0.5)),
    maxMs: Math.round(Math.max(0, ...times)),
  }
}

/** Whether every stored order's two mails have reached the SMTP server. */
function haveAllMailsArrived(sink: MailSink, emails: Iterable<string>): boolean {
  const { customer, shop: copies } = countsByGuest(sink)
  for (const email of emails) if (!customer.get(email) || !copies.get(email)) return false
  return true
}

function countUnsentMails(databaseUrl: string): Promise<number> {
  return withServerClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ count: number }>(
      'select count(*)::int as count from outbox where sent_at is null',
    )
    return rows[0]!.count
  })
}

/** The stored orders of this scenario's guests only (the e-mails it made start with the prefix). */
function onlyPrefix(stored: StoredOrders, prefix: string): StoredOrders {
  for (const email of [...stored.byEmail.keys()]) if (!email.startsWith(prefix)) stored.byEmail.delete(email)
  return stored
}

/** Waits (up to `timeoutMs`) until the mails of every acknowledged attempt have reached the SMTP server. */
function waitForMailsOf(sink: MailSink, attempts: readonly OrderAttempt[], timeoutMs: number): Promise<boolean> {
  const acknowledged = attempts.filter((attempt) => attempt.orderId).map((attempt) => attempt.email)
  return waitUntil(() => haveAllMailsArrived(sink, acknowledged), timeoutMs)
}

/** Requests that hung: no answer, or none within 10 s. */
function countHung(attempts: readonly { status: number; ms: number }[]): number {
  return attempts.filter((attempt) => attempt.status === 0 || attempt.ms > 10_000).length
}

/** How many answers had each status. */
function countByStatus(answers: readonly { status: number }[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1
  return counts
}

type RepeatedReads = {
  byStatus: Record<string, number>
  /** 503s that did not say Retry-After. */
  withoutRetryAfter: number
  slowestMs: number
}

/** Reads `path` from each server in turn, every 500 ms, until `durationMs` have passed since `since`. */
async function readRepeatedly(
  servers: readonly ApiProcess[],
  path: string,
  since: number,
  durationMs: number,
): Promise<RepeatedReads> {
  const reads: { status: number; ms: number }[] = []
  let withoutRetryAfter = 0
  while (performance.now() - since < durationMs) {
    for (const server of servers) {
      const started = performance.now()
      const response = await fetch(`${server.base}${path}`, { signal: AbortSignal.timeout(10_000) }).catch(
        () => undefined,
      )
      await response?.arrayBuffer()
      reads.push({ status: response?.status ?? 0, ms: performance.now() - started })
      if (response?.status === 503 && !response.headers.get('retry-after')) withoutRetryAfter += 1
    }
    await sleep(500)
  }
  return { byStatus: countByStatus(reads), withoutRetryAfter, slowestMs: Math.max(0, ...reads.map((read) => read.ms)) }
}

// ---------------------------------------------------------------------------------------------
// What a scenario starts, stopped and removed at its end

type TwoProcesses = {
  a: ApiProcess
  b: ApiProcess
  servers: ApiProcess[]
  /** A base URL for each request, A and B in turn. */
  inTurn: () => string
}

/** What one scenario has started: at its end, returned or thrown, each is stopped or removed, the last started first. */
class ScenarioResources {
  readonly #steps: (() => unknown)[] = []

  /** A step for the end of the scenario. */
  atEnd(step: () => unknown): void {
    this.#steps.push(step)
  }

  async mailSink(): Promise<MailSink> {
    const sink = new MailSink()
    this.atEnd(() => sink.stop())
    await sink.start()
    return sink
  }

  /** A Redis server of the scenario's own. */
  async redisServer(): Promise<TestRedisServer> {
    const redis = await startRedisServer()
    this.atEnd(() => redis.stop())
    return redis
  }

  /** A PostgreSQL server of the scenario's own (its own data directory and port), removed at the end. */
  async postgresServer(): Promise<TestPostgresServer> {
    const postgres = await startPostgresServer()
    this.atEnd(() => postgres.dispose())
    return postgres
  }

  async shop(options: ShopOptions): Promise<PreparedShop> {
    const shop = await prepareShop(options)
    this.atEnd(() => shop.dispose())
    return shop
  }

  /** A server process, killed at the end unless it was stopped before. */
  async server(options: ServerOptions): Promise<ApiProcess> {
    const server = await startServer(options)
    this.atEnd(() => server.kill())
    return server
  }

  /** A mail server, a shop (named for the scenario and its database) and one server process on them. */
  async shopWithServer(
    scenario: string,
    options: Pick<ShopOptions, 'kind' | 'serverUrl' | 'productCount'>,
  ): Promise<{ sink: MailSink; shop: PreparedShop; server: ApiProcess }> {
    const sink = await this.mailSink()
    const { kind, serverUrl, productCount } = options
    const shop = await this.shop({ kind, serverUrl, productCount, label: `${scenario}_${kind}` })
    const server = await this.server({ dataDir: shop.dataDir, databaseUrl: shop.databaseUrl, smtpUrl: sink.url })
    return { sink, shop, server }
  }

  /** Processes A and B with data directories of their own (nothing shared through a disk), started one after the other. */
  async twoProcesses(label: string, options: Omit<ServerOptions, 'dataDir'>): Promise<TwoProcesses> {
    const servers: ApiProcess[] = []
    for (const name of ['A', 'B']) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-${label}-${name}-`))
      this.atEnd(() => fs.rmSync(dataDir, { recursive: true, force: true }))
      servers.push(await this.server({ ...options, dataDir }))
    }
    const [a, b] = servers as [ApiProcess, ApiProcess]
    let turn = 0
    return { a, b, servers, inTurn: () => (turn++ % 2 === 0 ? a.base : b.base) }
  }

  async release(): Promise<void> {
    for (const step of this.#steps.splice(0).reverse()) await step()
  }
}

async function withResources<T>(scenario: (resources: ScenarioResources) => Promise<T>): Promise<T> {
  const resources = new ScenarioResources()
  try {
    return await scenario(resources)
  } finally {
    await resources.release()
  }
}

type LoadAcrossStop = {
  load: Load<OrderAttempt>
  reads: Load<ReadAttempt>
  /** When the server was stopped, and how many orders had been answered before. */
  stoppedAt: number
  answeredBefore: number
}

/**
 * Guests ordering through A and B in turn and two visitors reading the catalogue from B; after two seconds
 * of that, `stop` takes away a server the processes need (Redis, S3, PostgreSQL).
 */
async function startLoadThenStop(
  processes: TwoProcesses,
  options: Pick<OrderLoadOptions, 'clients' | 'pauseMs' | 'products' | 'prefix'>,
  stop: () => Promise<void>,
): Promise<LoadAcrossStop> {
  const load = startOrderLoad({ ...options, base: processes.inTurn, timeoutMs: 10_000 })
  const reads = startReadLoad({
    base: () => processes.b.base,
    clients: 2,
    products: options.products,
    timeoutMs: 10_000,
  })
  await sleep(2000)
  await stop()
  return { load, reads, stoppedAt: performance.now(), answeredBefore: load.results.length }
}

function lastLines(servers: readonly ApiProcess[]): string {
  return servers.map((server) => `--- ${server.name}\n${server.output.join('').slice(-3000)}`).join('\n')
}

// ---------------------------------------------------------------------------------------------
// 1. kill -9 during an order load, restart on the same data

export type KillOptions = {
  kind: DatabaseKind
  serverUrl?: string | undefined
  clients: number
  /** The kill comes once this many orders were acknowledged (so that a slow machine still loads), */
  killAfterOrders: number
  /** and then after a random part of this many ms more, so that it falls anywhere in a request. */
  jitterMs: number
  /** How long to wait after the restart for the mails of the stored orders. */
  mailWaitMs: number
  productCount?: number
}

export type KillFigures = OrderFigures & {
  /** Orders acknowledged before the kill whose mails had not been sent when the process died. */
  mailsPendingAtKill: number
  restartMs: number
  /** Seconds from the restart until every stored order's mails had arrived. */
  mailsAfterRestartMs: number
  /** The restarted server answered an order, a read and its health check. */
  servesAfterRestart: boolean
  /** Exit code or signal of the restarted server's graceful stop. */
  log: string
}

export function killDuringOrderLoad(options: KillOptions): Promise<KillFigures> {
  return withResources(async (resources) => {
    const productCount = options.productCount ?? 8
    const { sink, shop, server: first } = await resources.shopWithServer('kill', { ...options, productCount })
    const load = startOrderLoad({
      base: () => first.base,
      clients: options.clients,
      products: shop.products,
      prefix: `kill-${options.kind}`,
    })
    await waitUntil(() => load.results.filter((attempt) => attempt.orderId).length >= options.killAfterOrders, 120_000)
    await sleep(Math.random() * options.jitterMs)
    await first.kill()
    const attempts = await load.stop()
    const acknowledged = attempts.filter((attempt) => attempt.orderId)
    const mailedBeforeRestart = countsByGuest(sink).customer
    const mailsPendingAtKill = acknowledged.filter((attempt) => !mailedBeforeRestart.get(attempt.email)).length

    const restartStarted = performance.now()
    const second = await resources.server({
      dataDir: shop.dataDir,
      databaseUrl: shop.databaseUrl,
      smtpUrl: sink.url,
      port: first.port,
    })
    const restartMs = performance.now() - restartStarted
    // The mails of every acknowledged order must come, and those of orders that committed unseen too.
    const mailsStarted = performance.now()
    await waitForMailsOf(sink, attempts, options.mailWaitMs)
    const mailsAfterRestartMs = performance.now() - mailsStarted
    const after = startOrderLoad({ base: () => second.base, clients: 2, products: shop.products, prefix: 'after-kill' })
    const reads = startReadLoad({ base: () => second.base, clients: 2, products: shop.products })
    await sleep(300)
    const afterAttempts = await after.stop()
    const afterReads = await reads.stop()
    const servesAfterRestart =
      afterAttempts.length > 0 &&
      afterAttempts.every((attempt) => attempt.status === 201) &&
      afterReads.every((attempt) => attempt.status === 200) &&
      (await fetch(`${second.base}/api/health`)).status === 200
    // The mails of orders that committed unacknowledged come too (on PostgreSQL perhaps after the
    // dead process's lease): wait until the outbox is empty there, or until the mail server has been
    // quiet for 2.5 s (PGlite, whose files the running server holds), then stop the server.
    await waitUntil(async () => {
      if (shop.databaseUrl) return (await countUnsentMails(shop.databaseUrl)) === 0
      const last = sink.received.at(-1)?.receivedAt ?? 0
      return Date.now() - last > 2500
    }, options.mailWaitMs)
    await sleep(500)
    await second.stop()
    const stored = onlyPrefix(await shop.read((db) => readStoredOrders(db, shop.products)), 'kill-')
    return {
      ...orderFigures(attempts, stored, sink),
      mailsPendingAtKill,
      restartMs: Math.round(restartMs),
      mailsAfterRestartMs: Math.round(mailsAfterRestartMs),
      servesAfterRestart,
      log: second.output.join(''),
    }
  })
}

// ---------------------------------------------------------------------------------------------
// 2. The SMTP server down while orders arrive, then up again

export type SmtpOutageOptions = {
  kind: DatabaseKind
  serverUrl?: string | undefined
  /** How long the mail server stays down. */
  outageMs: number
  clients: number
  /** Pause between one client's orders. */
  pauseMs: number
  /** How long to wait, after the mail server is back, for every mail. */
  mailWaitMs: number
}

export type SmtpOutageFigures = OrderFigures & {
  outageMs: number
  /** From the mail server's return until every mail had arrived. */
  deliveredAfterMs: number
  /** Outbox rows given up (attempts used up) or still unsent at the end. */
  givenUp: number
  unsent: number
  log: string
}

export function smtpOutage(options: SmtpOutageOptions): Promise<SmtpOutageFigures> {
  return withResources(async (resources) => {
    const { sink, shop, server: running } = await resources.shopWithServer('smtp', options)
    await sink.stop()
    const load = startOrderLoad({
      base: () => running.base,
      clients: options.clients,
      pauseMs: options.pauseMs,
      products: shop.products,
      prefix: `smtp-${options.kind}`,
    })
    await sleep(options.outageMs)
    const attempts = await load.stop()
    const receivedWhileDown = sink.received.length
    await sink.start()
    const back = performance.now()
    await waitForMailsOf(sink, attempts, options.mailWaitMs)
    const deliveredAfterMs = performance.now() - back
    // Duplicates would come now, if at all: another poll or two of the worker.
    await sleep(3000)
    await running.stop()
    const { stored, givenUp } = await shop.read(async (db) => {
      const { rows } = await db.query<{ count: number }>(
        'select count(*)::int as count from outbox where sent_at is null and attempts >= 10',
      )
      return { stored: await readStoredOrders(db, shop.products), givenUp: rows[0]!.count }
    })
    if (receivedWhileDown !== 0) throw new Error('the mail server received mail while it was down')
    return {
      ...orderFigures(attempts, stored, sink),
      outageMs: options.outageMs,
      deliveredAfterMs: Math.round(deliveredAfterMs),
      givenUp,
      unsent: stored.unsent,
      log: running.output.join(''),
    }
  })
}

// ---------------------------------------------------------------------------------------------
// 3. PostgreSQL cuts the API's connections (pg_terminate_backend) again and again under load

export type ConnectionCutOptions = {
  serverUrl: string
  orderClients: number
  readClients: number
  /** How many cuts, and the pause between two (each also waits for an order to succeed first). */
  cuts: number
  cutEveryMs: number
}

export type ConnectionCutFigures = OrderFigures & {
  cuts: number
  /** Cuts before which an order had succeeded since the previous cut (recovery without a restart). */
  recoveredBetweenCuts: number
  /** Connections ended by the cuts. */
  connectionsEnded: number
  reads: number
  readsOk: number
  reads503: number
  /** Answers other than 2xx, 409 (stock) or 503 with the specification's shape. */
  unexpected: { status: number; body: unknown }[]
  /** Requests that took longer than 5 s: a wait for a free connection (the pool's 5 s limit) and then a 503. */
  over5s: number
  /** Requests that hung: no answer, or none within 10 s (the pool's 5 s connection limit and the work). */
  hung: number
  readMaxMs: number
  /** After the last cut, the first order and read that succeeded (ms after it), without a restart. */
  recoveredAfterMs: number
  processAlive: boolean
  log: string
}

function isExpectedAnswer(status: number, body: unknown): boolean {
  if (status >= 200 && status < 300) return true
  if (status === 503) return JSON.stringify(body) === JSON.stringify(SERVICE_UNAVAILABLE_ANSWER)
  return false
}

export function connectionCutsUnderLoad(options: ConnectionCutOptions): Promise<ConnectionCutFigures> {
  return withResources(async (resources) => {
    const shop = await resources.shop({ kind: 'postgres', label: 'cuts', serverUrl: options.serverUrl })
    const databaseName = new URL(shop.databaseUrl!).pathname.slice(1)
    const admin = new pg.Client({ connectionString: options.serverUrl })
    resources.atEnd(() => admin.end())
    await admin.connect()
    // The mail worker stays off: each stored order's two mails stay in the outbox, to be counted.
    const running = await resources.server({ dataDir: shop.dataDir, databaseUrl: shop.databaseUrl, mailWorker: false })
    const orders = startOrderLoad({
      base: () => running.base,
      clients: options.orderClients,
      products: shop.products,
      prefix: 'cuts',
      timeoutMs: 10_000,
    })
    const reads = startReadLoad({
      base: () => running.base,
      clients: options.readClients,
      products: shop.products,
      timeoutMs: 10_000,
    })
    let cuts = 0
    let connectionsEnded = 0
    let recoveredBetweenCuts = 0
    const acknowledgedSoFar = () => orders.results.filter((attempt) => attempt.orderId).length
    let acknowledgedAtCut = 0
    while (cuts < options.cuts) {
      await sleep(options.cutEveryMs)
      // The next cut waits (up to 5 s) for an order to succeed after the last: the shop recovers
      // between cuts by itself, and a slow machine does not turn the test into one long outage.
      if (await waitUntil(() => acknowledgedSoFar() > acknowledgedAtCut, 5000)) recoveredBetweenCuts += 1
      acknowledgedAtCut = acknowledgedSoFar()
      connectionsEnded += await terminateConnections(admin, databaseName)
      cuts += 1
    }
    const lastCut = performance.now()
    const attempts = await orders.stop()
    const readAttempts = await reads.stop()
    // Recovery without a restart: the same process serves orders and reads again.
    let recoveredAfterMs = -1
    for (let attempt = 0; attempt < 50 && recoveredAfterMs < 0; attempt += 1) {
      const product = shop.products[attempt % shop.products.length]!
      const placed = await sendOrder(running.base, `recovered-${attempt}@faults.test`, [
        { productId: product.id, quantity: 1 },
      ])
      const read = await fetch(`${running.base}/api/products?page=1&limit=12`)
      await read.arrayBuffer()
      if (read.status === 200 && placed.status === 201) {
        recoveredAfterMs = performance.now() - lastCut
      } else {
        await sleep(100)
      }
    }
    const processAlive = running.child.exitCode === null && running.child.signalCode === null
    await running.stop()
    const stored = onlyPrefix(await shop.read((db) => readStoredOrders(db, shop.products)), 'cuts-')
    const all = [...attempts, ...readAttempts]
    const unexpected = all
      .filter((each) => !isExpectedAnswer(each.status, each.body))
      .map((each) => ({ status: each.status, body: each.body ?? each.error }))
    return {
      ...orderFigures(attempts, stored),
      cuts,
      recoveredBetweenCuts,
      connectionsEnded,
      reads: readAttempts.length,
      readsOk: readAttempts.filter((each) => each.status === 200).length,
      reads503: readAttempts.filter((each) => each.status === 503).length,
      unexpected,
      over5s: all.filter((each) => each.ms > 5000).length,
      hung: countHung(all),
      readMaxMs: Math.round(Math.max(0, ...readAttempts.map((each) => each.ms))),
      recoveredAfterMs: Math.round(recoveredAfterMs),
      processAlive,
      log: running.output.join(''),
    }
  })
}

// ---------------------------------------------------------------------------------------------
// 4. Redis stops under an order load on two processes, then comes back (docs/decisions.md, 'Redis is
// optional at run time')

export type RedisOutageOptions = {
  serverUrl: string
  /** How long Redis stays away. */
  outageMs: number
  clients: number
  pauseMs?: number
  /** How long to wait, after the outage, for every mail. */
  mailWaitMs: number
}

type Readiness = { status: number; body: { status?: string; redis?: string } }

export type RedisOutageFigures = OrderFigures & {
  outageMs: number
  /** Order requests answered while Redis was away, and how many of them were acknowledged. */
  duringOutage: number
  acknowledgedDuringOutage: number
  /** Requests (orders and reads) that took more than 10 s or got no answer. */
  hung: number
  /** Both processes' readiness while Redis was away (they stay in the load balancer). */
  readinessDuringOutage: Readiness[]
  /** The answers to six 'forgot password' requests from one address to one process while Redis was away. */
  limitedDuringOutage: number[]
  /** From Redis's return until both processes report it up again. */
  backAfterMs: number
  /** Per process, how often it logged the rate limits' outage and return. */
  outageLines: number[]
  returnLines: number[]
  logs: string
}

export function redisOutage(options: RedisOutageOptions): Promise<RedisOutageFigures> {
  return withResources(async (resources) => {
    const redis = await resources.redisServer()
    const sink = await resources.mailSink()
    const shop = await resources.shop({ kind: 'postgres', label: 'redis', serverUrl: options.serverUrl })
    const env = {
      REDIS_URL: redis.url,
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: process.env.FAULTS_LOG ?? 'info',
    }
    const processes = await resources.twoProcesses('redis', {
      databaseUrl: shop.databaseUrl,
      smtpUrl: sink.url,
      env,
    })
    const { a, b } = processes
    const { load, reads, stoppedAt, answeredBefore } = await startLoadThenStop(
      processes,
      { clients: options.clients, pauseMs: options.pauseMs, products: shop.products, prefix: 'redis' },
      () => redis.stop(),
    )
    // The processes notice at their next command or reconnect attempt.
    await sleep(Math.min(3000, options.outageMs / 3))
    const readinessDuringOutage = await Promise.all([a, b].map((server) => readReadiness(server.base)))
    const limitedDuringOutage: number[] = []
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await fetch(`${a.base}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77' },
        body: JSON.stringify({ email: `nobody-${attempt}@faults.test` }),
        signal: AbortSignal.timeout(10_000),
      }).catch(() => undefined)
      await response?.arrayBuffer()
      limitedDuringOutage.push(response?.status ?? 0)
    }
    await sleep(Math.max(0, options.outageMs - (performance.now() - stoppedAt)))
    const duringOutage = load.results.slice(answeredBefore)
    await redis.start()
    const back = performance.now()
    await waitUntil(async () => {
      const states = await Promise.all([a, b].map((server) => readReadiness(server.base)))
      return states.every((state) => state.body.redis === 'up')
    }, 30_000)
    const backAfterMs = performance.now() - back
    // Orders go on for a while with Redis back, then stop.
    await sleep(2000)
    const attempts = await load.stop()
    const readAttempts = await reads.stop()
    await waitForMailsOf(sink, attempts, options.mailWaitMs)
    await sleep(2000)
    const stored = await shop.read((db) => readStoredOrders(db, shop.products))
    const logs = [a, b].map((server) => server.output.join(''))
    return {
      ...orderFigures(attempts, stored, sink),
      outageMs: options.outageMs,
      duringOutage: duringOutage.length,
      acknowledgedDuringOutage: duringOutage.filter((attempt) => attempt.orderId).length,
      hung: countHung([...attempts, ...readAttempts]),
      readinessDuringOutage,
      limitedDuringOutage,
      backAfterMs: Math.round(backAfterMs),
      outageLines: logs.map(
        (log) => log.match(/redis unavailable \(rate limits\)|redis connection lost \(rate limits\)/g)?.length ?? 0,
      ),
      returnLines: logs.map((log) => log.match(/redis answers again \(rate limits\)/g)?.length ?? 0),
      logs: lastLines([a, b]),
    }
  })
}

async function readReadiness(base: string): Promise<Readiness> {
  try {
    const response = await fetch(`${base}/api/health/ready`, { signal: AbortSignal.timeout(5000) })
    return { status: response.status, body: (await response.json()) as Readiness['body'] }
  } catch {
    return { status: 0, body: {} }
  }
}

// ---------------------------------------------------------------------------------------------
// 5. The S3 server stops under an order load on two processes, then comes back

export type S3OutageOptions = {
  serverUrl: string
  outageMs: number
  clients: number
  pauseMs?: number
}

export type S3OutageFigures = OrderFigures & {
  outageMs: number
  duringOutage: number
  acknowledgedDuringOutage: number
  /** Stored-image reads while S3 was away, by status (503 expected), and whether each 503 said Retry-After. */
  imageReadsDuringOutage: Record<string, number>
  imageReadsWithoutRetryAfter: number
  /** Catalogue reads (product list and products) by status over the whole run. */
  catalogueReads: Record<string, number>
  /** An upload while S3 was away: its status, and the objects and audit rows it left (none expected). */
  uploadDuringOutage: number
  objectsAddedDuringOutage: number
  hung: number
  /** From S3's return until both processes serve the stored image again. */
  backAfterMs: number
  logs: string
}

export function s3Outage(options: S3OutageOptions): Promise<S3OutageFigures> {
  return withResources(async (resources) => {
    const s3Directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-outage-'))
    resources.atEnd(() => fs.rmSync(s3Directory, { recursive: true, force: true }))
    let s3 = await startS3Server({ directory: s3Directory })
    resources.atEnd(() => s3.stop())
    const shop = await resources.shop({ kind: 'postgres', label: 's3', serverUrl: options.serverUrl, staff: true })
    const processes = await resources.twoProcesses('s3', {
      databaseUrl: shop.databaseUrl,
      mailWorker: false,
      env: { ...s3.env, LOG_LEVEL: process.env.FAULTS_LOG ?? 'warn' },
    })
    const { a, b } = processes
    const uploaded = await uploadImage(a.base, shop.staffHeaders)
    if (uploaded.status !== 201) throw new Error(`the upload before the outage answered ${uploaded.status}`)
    const imageUrl = uploaded.url
    const objectsBefore = fs.readdirSync(s3Directory, { recursive: true }).length
    const { load, reads, stoppedAt, answeredBefore } = await startLoadThenStop(
      processes,
      { clients: options.clients, pauseMs: options.pauseMs, products: shop.products, prefix: 's3' },
      () => s3.stop(),
    )
    const imageReads = await readRepeatedly([a, b], imageUrl, stoppedAt, options.outageMs - 3000)
    const upload = await uploadImage(b.base, shop.staffHeaders)
    await sleep(Math.max(0, options.outageMs - (performance.now() - stoppedAt)))
    const duringOutage = load.results.slice(answeredBefore)
    s3 = await startS3Server({ directory: s3Directory, port: s3.port, bucket: s3.bucket })
    const objectsAddedDuringOutage = fs.readdirSync(s3Directory, { recursive: true }).length - objectsBefore
    const back = performance.now()
    await waitUntil(async () => {
      const answers = await Promise.all(
        [a, b].map((server) =>
          fetch(`${server.base}${imageUrl}`, { signal: AbortSignal.timeout(5000) })
            .then(async (response) => {
              await response.arrayBuffer()
              return response.status
            })
            .catch(() => 0),
        ),
      )
      return answers.every((status) => status === 200)
    }, 30_000)
    const backAfterMs = performance.now() - back
    await sleep(2000)
    const attempts = await load.stop()
    const readAttempts = await reads.stop()
    const stored = await shop.read((db) => readStoredOrders(db, shop.products))
    return {
      ...orderFigures(attempts, stored),
      outageMs: options.outageMs,
      duringOutage: duringOutage.length,
      acknowledgedDuringOutage: duringOutage.filter((attempt) => attempt.orderId).length,
      imageReadsDuringOutage: imageReads.byStatus,
      imageReadsWithoutRetryAfter: imageReads.withoutRetryAfter,
      catalogueReads: countByStatus(readAttempts),
      uploadDuringOutage: upload.status,
      objectsAddedDuringOutage,
      hung: countHung([...attempts, ...readAttempts]) + (imageReads.slowestMs > 10_000 ? 1 : 0),
      backAfterMs: Math.round(backAfterMs),
      logs: lastLines(processes.servers),
    }
  })
}

/** Uploads a small generated PNG as a product image; never throws (no answer is status 0). */
async function uploadImage(base: string, headers: Record<string, string>): Promise<{ status: number; url: string }> {
  const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2f6f4f' } })
    .png()
    .toBuffer()
  const form = new FormData()
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'outage.png')
  try {
    const response = await fetch(`${base}/api/products/images`, {
      method: 'POST',
      headers,
      body: form,
      signal: AbortSignal.timeout(15_000),
    })
    const body = (await response.json().catch(() => ({}))) as { url?: string }
    return { status: response.status, url: body.url ?? '' }
  } catch {
    return { status: 0, url: '' }
  }
}

// ---------------------------------------------------------------------------------------------
// 6. The PostgreSQL server restarts (stops, stays away, starts) under an order load on two processes

export type PostgresRestartOptions = {
  /** How long the server stays stopped. */
  downMs: number
  clients: number
  pauseMs?: number
  mailWaitMs: number
}

export type PostgresRestartFigures = OrderFigures & {
  downMs: number
  /** Answers other than 2xx or the specification's 503 (a 500, another shape). */
  unexpected: { status: number; body: unknown }[]
  /** 503s without Retry-After among the catalogue reads made while the server was away. */
  unavailableWithoutRetryAfter: number
  readsWhileDown: Record<string, number>
  hung: number
  /** Both processes still running at the end (none exited on the outage). */
  processesAlive: boolean
  /** From the server's start until an order through each process succeeded. */
  recoveredAfterMs: number
  logs: string
}

export function postgresRestart(options: PostgresRestartOptions): Promise<PostgresRestartFigures> {
  return withResources(async (resources) => {
    const postgres = await resources.postgresServer()
    const sink = await resources.mailSink()
    const shop = await prepareShop({ kind: 'postgres', label: 'restart', serverUrl: postgres.url })
    // The shop's database is dropped on a running server.
    resources.atEnd(async () => {
      if (!postgres.isRunning) await postgres.start().catch(() => undefined)
      await shop.dispose().catch(() => undefined)
    })
    const products = shop.products
    const processes = await resources.twoProcesses('pg-restart', {
      databaseUrl: shop.databaseUrl,
      smtpUrl: sink.url,
      env: { LOG_LEVEL: process.env.FAULTS_LOG ?? 'warn' },
    })
    const { a, b } = processes
    const { load, reads, stoppedAt } = await startLoadThenStop(
      processes,
      { clients: options.clients, pauseMs: options.pauseMs, products, prefix: 'pg-restart' },
      () => postgres.stop(),
    )
    const readsWhileDown = await readRepeatedly([a, b], '/api/products?page=1&limit=12', stoppedAt, options.downMs)
    await postgres.start()
    const started = performance.now()
    let recoveredAfterMs = -1
    for (let attempt = 0; attempt < 200 && recoveredAfterMs < 0; attempt += 1) {
      const placed = await Promise.all(
        [a, b].map((server, index) =>
          sendOrder(server.base, `pg-recovered-${attempt}-${index}@faults.test`, [
            { productId: products[attempt % products.length]!.id, quantity: 1 },
          ]),
        ),
      )
      if (placed.every((order) => order.status === 201)) recoveredAfterMs = performance.now() - started
      else await sleep(100)
    }
    await sleep(2000)
    const attempts = await load.stop()
    const readAttempts = await reads.stop()
    await waitForMailsOf(sink, attempts, options.mailWaitMs)
    await sleep(2000)
    const processesAlive = [a, b].every((server) => server.isRunning)
    const stored = onlyPrefix(await shop.read((db) => readStoredOrders(db, products)), 'pg-restart')
    const unexpected = [...attempts, ...readAttempts]
      .filter((attempt) => attempt.status !== 0 && !isExpectedAnswer(attempt.status, attempt.body))
      .map((attempt) => ({ status: attempt.status, body: attempt.body }))
    return {
      ...orderFigures(attempts, stored, sink),
      downMs: options.downMs,
      unexpected: unexpected.slice(0, 10),
      unavailableWithoutRetryAfter: readsWhileDown.withoutRetryAfter,
      readsWhileDown: readsWhileDown.byStatus,
      hung: countHung([...attempts, ...readAttempts]),
      processesAlive,
      recoveredAfterMs: Math.round(recoveredAfterMs),
      logs: lastLines(processes.servers),
    }
  })
}

// ---------------------------------------------------------------------------------------------
// 7. A flood of wrong passwords on two processes while a customer signs in and orders
// (docs/decisions.md, 'Password hashing that cannot be flooded')

export type PasswordFloodOptions = {
  serverUrl: string
  /** Failed sign-ins, each from an address of its own, against `targets` accounts and unknown e-mails. */
  failedSignIns: number
  targets: number
  /** Wrong current passwords sent at once with one (stolen) token. */
  wrongCurrentPasswords: number
  clients: number
}

export type PasswordFloodFigures = OrderFigures & {
  /**
   * The customer's sign-in during the flood: status and time, the hashes waiting on her process when she
   * arrived (read from its metrics) and how many of its hashes were done or refused between then and her answer.
   */
  customerSignIn: { status: number; ms: number; waitingAhead: number; leftBeforeHer: number }
  /** Her order with the token it gave. */
  customerOrder: number
  /** Answers to the flood by status. */
  signIns: Record<string, number>
  passwordChanges: Record<string, number>
  /** Flood requests with no answer or none within 10 s, and 500s among them. */
  floodHung: number
  flood500: number
  floodMaxMs: number
  /** After the flood, a sign-in on each process: how long until both answered 200. */
  normalAfterMs: number
  logs: string
}

const CUSTOMER_ADDRESS = '198.51.100.7'
const FLOOD_METRICS = 'flood-metrics-token'

/** The password queue of one process, from its metrics (docs/production.md, 'What to monitor'). */
async function hashQueueOf(base: string): Promise<{ waiting: number; left: number }> {
  const samples = await scrapeMetrics(base, FLOOD_METRICS)
  return {
    waiting: valueOf(samples, 'shop_password_hashes', { state: 'waiting' }) ?? 0,
    // Hashes that have left the queue: done, or refused at their 5 s deadline.
    left:
      (valueOf(samples, 'shop_password_hashes_total', { result: 'done' }) ?? 0) +
      (valueOf(samples, 'shop_password_hashes_total', { result: 'refused' }) ?? 0),
  }
}

async function timedJson(
  url: string,
  init: RequestInit,
): Promise<{ status: number; ms: number; body: Record<string, unknown> }> {
  const started = performance.now()
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) })
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
    return { status: response.status, ms: performance.now() - started, body }
  } catch {
    return { status: 0, ms: performance.now() - started, body: {} }
  }
}

function signInRequest(email: string, password: string, address: string): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  }
}

export function passwordFlood(options: PasswordFloodOptions): Promise<PasswordFloodFigures> {
  return withResources(async (resources) => {
    const sink = await resources.mailSink()
    const shop = await resources.shop({ kind: 'postgres', label: 'flood', serverUrl: options.serverUrl })
    const accounts = await shop.read(async (db) => {
      const customer = await createUser(db, { email: 'kupac@flood.test' })
      const victim = await createUser(db, { email: 'zrtva@flood.test' })
      const targets = []
      for (let index = 0; index < options.targets; index += 1)
        targets.push(await createUser(db, { email: `meta-${index}@flood.test` }))
      return { customer, victim, targets }
    })
    const processes = await resources.twoProcesses('flood', {
      databaseUrl: shop.databaseUrl,
      smtpUrl: sink.url,
      env: { TRUST_PROXY: '127.0.0.1', LOG_LEVEL: process.env.FAULTS_LOG ?? 'warn', METRICS_TOKEN: FLOOD_METRICS },
    })
    const { a, b } = processes
    // The customer has signed in from home before; the victim's token has been stolen.
    const earlier = await timedJson(
      `${a.base}/api/auth/login`,
      signInRequest(accounts.customer.email, TEST_PASSWORD, CUSTOMER_ADDRESS),
    )
    const stolen = await timedJson(
      `${b.base}/api/auth/login`,
      signInRequest(accounts.victim.email, TEST_PASSWORD, '198.51.100.8'),
    )
    if (earlier.status !== 200 || stolen.status !== 200) throw new Error('the sign-ins before the flood failed')
    const load = startOrderLoad({
      base: processes.inTurn,
      clients: options.clients,
      pauseMs: 200,
      products: shop.products,
      prefix: 'flood',
      timeoutMs: 10_000,
    })
    await sleep(1000)
    const flood = [
      ...Array.from({ length: options.failedSignIns }, (_, index) => {
        const target =
          index % 2 === 0 ? accounts.targets[index % accounts.targets.length]!.email : `niko-${index}@flood.test`
        const address = `203.0.${Math.floor(index / 250)}.${(index % 250) + 1}`
        return timedJson(
          `${[a, b][index % 2]!.base}/api/auth/login`,
          signInRequest(target, `Pogresna-lozinka-${index}`, address),
        )
      }),
      ...Array.from({ length: options.wrongCurrentPasswords }, (_, index) =>
        timedJson(`${[a, b][index % 2]!.base}/api/auth/password`, {
          method: 'PATCH',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${String(stolen.body.token)}`,
            'x-forwarded-for': `192.0.2.${(index % 200) + 1}`,
          },
          body: JSON.stringify({ currentPassword: `Pogresna-${index}`, newPassword: 'Nova-Lozinka-2026' }),
        }),
      ),
    ]
    // The customer arrives while the flood is at its height: once her process has a queue of hashes
    // waiting (or 4 s have passed; the test then says the flood never queued).
    let before = await hashQueueOf(b.base)
    for (const deadline = performance.now() + 4_000; before.waiting < 15 && performance.now() < deadline;) {
      await sleep(20)
      before = await hashQueueOf(b.base)
    }
    const signIn = await timedJson(
      `${b.base}/api/auth/login`,
      signInRequest(accounts.customer.email, TEST_PASSWORD, CUSTOMER_ADDRESS),
    )
    const after = await hashQueueOf(b.base)
    const customerSignIn = {
      ...signIn,
      waitingAhead: before.waiting,
      // Her own hash is among those done by the second reading.
      leftBeforeHer: after.left - before.left - 1,
    }
    const customerOrder = await fetch(`${a.base}/api/orders`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${String(customerSignIn.body.token)}`,
        'x-forwarded-for': CUSTOMER_ADDRESS,
      },
      body: JSON.stringify({
        email: accounts.customer.email,
        products: [{ product_id: shop.products[0]!.id, quantity: 1 }],
        shippingAddress: DELIVERY_ADDRESS,
        shippingMethod: { id: 'courier' },
      }),
      signal: AbortSignal.timeout(15_000),
    })
      .then(async (response) => {
        await response.arrayBuffer()
        return response.status
      })
      .catch(() => 0)
    const answers = await Promise.all(flood)
    const floodEnded = performance.now()
    let normalAfterMs = -1
    for (let attempt = 0; attempt < 100 && normalAfterMs < 0; attempt += 1) {
      const again = await Promise.all(
        [a, b].map((server) =>
          timedJson(
            `${server.base}/api/auth/login`,
            signInRequest(accounts.customer.email, TEST_PASSWORD, CUSTOMER_ADDRESS),
          ),
        ),
      )
      if (again.every((answer) => answer.status === 200)) normalAfterMs = performance.now() - floodEnded
      else await sleep(200)
    }
    await sleep(1000)
    const attempts = await load.stop()
    await waitForMailsOf(sink, attempts, 60_000)
    await sleep(2000)
    const stored = onlyPrefix(await shop.read((db) => readStoredOrders(db, shop.products)), 'flood')
    return {
      ...orderFigures(attempts, stored, sink),
      customerSignIn: {
        status: customerSignIn.status,
        ms: Math.round(customerSignIn.ms),
        waitingAhead: customerSignIn.waitingAhead,
        leftBeforeHer: customerSignIn.leftBeforeHer,
      },
      customerOrder,
      signIns: countByStatus(answers.slice(0, options.failedSignIns)),
      passwordChanges: countByStatus(answers.slice(options.failedSignIns)),
      floodHung: countHung(answers),
      flood500: answers.filter((answer) => answer.status === 500).length,
      floodMaxMs: Math.round(Math.max(...answers.map((answer) => answer.ms))),
      normalAfterMs: Math.round(normalAfterMs),
      logs: lastLines(processes.servers),
    }
  })
}
