import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { messages } from '@shop/shared/messages/bs.ts'
import type { Database } from './db.ts'
import { unauthorized } from './errors.ts'
import { MAX_ATTEMPTS } from './mail.ts'
import type { TimedJob } from './scheduler.ts'

// docs/decisions.md, 'Operations': Prometheus metrics at /api/metrics (prom-client). They are collected only when
// METRICS_TOKEN is set, and answered only to 'Authorization: Bearer <METRICS_TOKEN>'; without the
// token the path does not exist (404), so the public learns nothing of the shop's traffic.

export const METRICS_URL = '/api/metrics'

export type Metrics = {
  readonly isEnabled: boolean
  /** The job, counted and timed at every run (shop_timed_job_runs_total, shop_timed_job_duration_seconds). */
  instrumentJob(job: TimedJob): TimedJob
  /** One delivery attempt of the mail worker in this process. */
  countMail(result: 'sent' | 'failed'): void
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
  }
}

const DISABLED: Metrics = {
  isEnabled: false,
  instrumentJob: (job) => job,
  countMail: () => undefined,
}

/** The route pattern (/api/products/:id), never the raw URL, so that the label set stays small. */
function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched'
}

const OUTBOX_QUERY_TIMEOUT_MS = 1000

type OutboxCounts = { pending: number; retrying: number; given_up: number; oldest_seconds: number | null }

/** Mails not sent yet, in three states, and the age of the oldest one still to be tried. */
async function countOutbox(db: Database): Promise<OutboxCounts> {
  const query = db.query<OutboxCounts>(
    `select count(*) filter (where attempts < $1) as pending,
            count(*) filter (where attempts > 0 and attempts < $1) as retrying,
            count(*) filter (where attempts >= $1) as given_up,
            extract(epoch from now() - min(created_at) filter (where attempts < $1))::float8 as oldest_seconds
       from outbox where sent_at is null`,
    [MAX_ATTEMPTS],
  )
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('outbox count timed out')), OUTBOX_QUERY_TIMEOUT_MS).unref(),
  )
  const { rows } = await Promise.race([query, timeout])
  const row = rows[0]
  if (!row) throw new Error('outbox count answered no row')
  return row
}

/**
 * A gauge of one label whose figures are read at each scrape: `read` answers the figure of each label value,
 * or nothing when there is none to give (the gauge then keeps its last figures).
 */
function gaugeByLabel(
  registers: Registry[],
  gauge: { name: string; help: string; label: string; read: () => Record<string, number> | undefined },
): void {
  new Gauge({
    name: gauge.name,
    help: gauge.help,
    labelNames: [gauge.label],
    registers,
    collect() {
      for (const [value, figure] of Object.entries(gauge.read() ?? {})) this.set({ [gauge.label]: value }, figure)
    },
  })
}

function isTokenAccepted(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? ''
  // Equal-length digests make the comparison take the same time for every wrong token.
  const expected = createHash('sha256').update(token).digest()
  return timingSafeEqual(createHash('sha256').update(given).digest(), expected) && given.length > 0
}

/**
 * Collects the metrics of this process when METRICS_TOKEN is set and serves them at /api/metrics.
 * Call it before the auth plugin registers: the scrape's bearer token is not a session token, so
 * the scrape is answered in its own onRequest hook, before the session hook would refuse it.
 */
/** What the password-hashing queue of the accounts module reports (app.ts passes it in: platform imports no module). */
export type HashingLoad = () => { running: number; waiting: number; completed: number; refused: number }

export function installMetrics(app: FastifyInstance, { hashingLoad }: { hashingLoad: HashingLoad }): void {
  const configured = app.config.metricsToken
  if (!configured) {
    app.decorate('metrics', DISABLED)
    return
  }
  const token: string = configured
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const registers = [registry]

  const requestDuration = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status class; _count gives the request rate',
    labelNames: ['method', 'route', 'status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  })
  const inFlight = new Gauge({
    name: 'shop_http_requests_in_flight',
    help: 'HTTP requests received and not yet answered',
    registers,
  })
  const cacheRequests = new Counter({
    name: 'shop_cache_requests_total',
    help: 'Catalogue reads answered from the response cache (hit) or produced (miss), by route pattern',
    labelNames: ['route', 'result'],
    registers,
  })
  const jobRuns = new Counter({
    name: 'shop_timed_job_runs_total',
    help: 'Runs of the timed jobs (sale start and end) in this process, by job and result',
    labelNames: ['job', 'result'],
    registers,
  })
  const jobDuration = new Histogram({
    name: 'shop_timed_job_duration_seconds',
    help: 'How long the runs of the timed jobs took',
    labelNames: ['job'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30],
    registers,
  })
  const mailDeliveries = new Counter({
    name: 'shop_mail_deliveries_total',
    help: 'Delivery attempts of the mail worker in this process, by result',
    labelNames: ['result'],
    registers,
  })
  const db = app.db
  gaugeByLabel(registers, {
    name: 'shop_db_pool_connections',
    help: 'Database pool connections by state (PGlite: one connection)',
    label: 'state',
    read() {
      const stats = db.poolStats?.()
      return stats && { total: stats.total, idle: stats.idle, busy: stats.total - stats.idle, max: stats.max }
    },
  })
  new Gauge({
    name: 'shop_db_pool_waiting_requests',
    help: 'Queries waiting for a free database connection (PGlite: the queue before its one session)',
    registers,
    collect() {
      const stats = db.poolStats?.()
      if (stats) this.set(stats.waiting)
    },
  })
  const outboxOldest = new Gauge({
    name: 'shop_outbox_oldest_pending_seconds',
    help: 'Age of the oldest mail still to be sent (0: none)',
    registers,
  })
  new Gauge({
    name: 'shop_outbox_mails',
    help: 'Unsent mails in the outbox (all processes): pending (to send), retrying (failed at least once), given_up',
    labelNames: ['state'],
    registers,
    async collect() {
      try {
        const counts = await countOutbox(db)
        this.set({ state: 'pending' }, Number(counts.pending))
        this.set({ state: 'retrying' }, Number(counts.retrying))
        this.set({ state: 'given_up' }, Number(counts.given_up))
        outboxOldest.set(Number(counts.oldest_seconds ?? 0))
      } catch {
        // The database is down: no figure rather than a stale one (the readiness check says why).
        this.reset()
        outboxOldest.reset()
      }
    },
  })
  new Gauge({
    name: 'shop_redis_up',
    help: '1 while Redis answers this process, 0 while it is away (limits, cache messages and timer wakes fall back to this process); absent without REDIS_URL',
    registers,
    collect() {
      const status = app.redisStatus()
      if (status === 'off') this.reset()
      else this.set(status === 'up' ? 1 : 0)
    },
  })
  // docs/decisions.md, 'Password hashing that cannot be flooded': the queue in front of argon2.
  gaugeByLabel(registers, {
    name: 'shop_password_hashes',
    help: 'Password hashes (sign-in, registration, password change) of this process: running now, waiting for a turn',
    label: 'state',
    read() {
      const load = hashingLoad()
      return { running: load.running, waiting: load.waiting }
    },
  })
  gaugeByLabel(registers, {
    name: 'shop_password_hashes_total',
    help: 'Password hashes since this process started: done, or refused with 503 because they could not start within 5 s',
    label: 'result',
    read() {
      const load = hashingLoad()
      return { done: load.completed, refused: load.refused }
    },
  })
  new Gauge({
    name: 'shop_ready',
    help: '1 once this process has started (migrated, seeded) and is not stopping; readiness also checks the database',
    registers,
    collect() {
      this.set(app.lifecycle.phase === 'ready' ? 1 : 0)
    },
  })

  const counted = new WeakSet<object>()
  app.addHook('onRequest', async (request, reply) => {
    counted.add(request.raw)
    inFlight.inc()
    if (request.routeOptions.url === METRICS_URL) return answerScrape(request, reply)
  })
  app.addHook('onResponse', async (request, reply) => {
    if (counted.delete(request.raw)) inFlight.dec()
    const route = routeLabel(request)
    requestDuration.observe(
      { method: request.method, route, status_class: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    )
    const cache = reply.getHeader('x-cache')
    if (cache === 'hit' || cache === 'miss') cacheRequests.inc({ route, result: cache })
  })

  async function answerScrape(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const header = request.headers.authorization
    if (!header) {
      reply.header('www-authenticate', 'Bearer')
      throw unauthorized(messages.common.authenticationRequired, 'UNAUTHORIZED', 'Authentication required')
    }
    if (!isTokenAccepted(header, token)) {
      reply.header('www-authenticate', 'Bearer error="invalid_token"')
      throw unauthorized(messages.common.tokenInvalid, 'TOKEN_INVALID', 'Invalid token')
    }
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics())
  }
  app.get(METRICS_URL, { schema: { hide: true } }, answerScrape)

  app.decorate('metrics', {
    isEnabled: true,
    instrumentJob(job) {
      return {
        name: job.name,
        async run() {
          const stopTimer = jobDuration.startTimer({ job: job.name })
          try {
            const next = await job.run()
            jobRuns.inc({ job: job.name, result: 'ok' })
            return next
          } catch (error) {
            jobRuns.inc({ job: job.name, result: 'failed' })
            throw error
          } finally {
            stopTimer()
          }
        },
      }
    },
    countMail(result) {
      mailDeliveries.inc({ result })
    },
  } satisfies Metrics)
}
