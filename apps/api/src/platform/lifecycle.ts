import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify'
import type { ErrorResponse } from '@shop/shared/errors/error-response.ts'
import { messages } from '@shop/shared/messages/bs.ts'
import type { Database } from './db.ts'

// docs/decisions.md, 'Operations': the life of an API process as a load balancer and an operator see it. The process
// listens before it migrates and seeds, so that the readiness endpoint can say 'not yet' (instead of
// a refused connection that looks like a dead process); until it is ready every other request
// answers 503. On SIGTERM it stops taking requests, lets the ones in flight finish (bounded), stops
// its timed jobs and its mail worker (which hands back the mails it claimed), closes the database
// and exits 0.

/** starting: opening; migrating, seeding: start-up work; ready: serving; stopping: after SIGTERM. */
export type Phase = 'starting' | 'migrating' | 'seeding' | 'ready' | 'stopping'

export type Lifecycle = {
  readonly phase: Phase
  enter(phase: Phase): void
  /**
   * Runs one step of start-up in its phase. A step that fails because a shutdown closed what it
   * used never settles: the shutdown ends the process with its own exit code.
   */
  step<T>(phase: Phase, work: () => Promise<T>): Promise<T>
  /** Work to stop on shutdown (timed jobs, the mail worker), run while the requests drain. */
  onStop(stop: () => Promise<void>): void
  readonly stops: ReadonlyArray<() => Promise<void>>
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle
  }
}

export function createLifecycle(initial: Phase = 'ready'): Lifecycle {
  let phase = initial
  const stops: Array<() => Promise<void>> = []
  return {
    get phase() {
      return phase
    },
    enter(next) {
      // Nothing leads back out of a shutdown.
      if (phase !== 'stopping') phase = next
    },
    async step(next, work) {
      if (phase === 'stopping') return new Promise<never>(() => undefined)
      phase = next
      try {
        return await work()
      } catch (error) {
        if (phase === 'stopping') return new Promise<never>(() => undefined)
        throw error
      }
    },
    onStop(stop) {
      stops.push(stop)
    },
    stops,
  }
}

/** Paths that answer in every phase: what a load balancer, an orchestrator and Prometheus ask. */
const ALWAYS_ANSWERED = new Set(['/api/health', '/api/health/live', '/api/health/ready', '/api/metrics'])

function isAlwaysAnswered(request: FastifyRequest): boolean {
  return ALWAYS_ANSWERED.has(request.routeOptions.url ?? '')
}

/**
 * Decorates the app with its lifecycle (buildApp without one, as in tests, is ready at once) and
 * answers 503 SERVICE_UNAVAILABLE to every request outside the health endpoints until the process
 * is ready and again once it stops. During a shutdown every response closes its connection, so a
 * keep-alive client does not hold the process open.
 */
export function installLifecycle(app: FastifyInstance, lifecycle: Lifecycle = createLifecycle()): void {
  app.decorate('lifecycle', lifecycle)
  app.addHook('onRequest', async (request, reply) => {
    if (lifecycle.phase === 'ready' || isAlwaysAnswered(request)) return
    const body: ErrorResponse = {
      message: messages.common.serviceUnavailable,
      error: 'Service Unavailable',
      code: 'SERVICE_UNAVAILABLE',
    }
    return reply.status(503).header('retry-after', '5').send(body)
  })
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.phase === 'stopping') reply.header('connection', 'close')
  })
}

export type ShutdownOptions = {
  app: FastifyInstance
  db: Database
  log: FastifyBaseLogger
  /** How long requests in flight may take to finish before their connections are closed. */
  drainTimeoutMs?: number
  /** How long the other steps (plugins, timed jobs, mail worker, database) may take after that. */
  graceMs?: number
  exit?: (code: number) => void
}

export const DRAIN_TIMEOUT_MS = 10_000
const GRACE_MS = 5_000

type Outcome = 'done' | 'failed' | 'timed out'

async function settle(work: Promise<unknown>, timeoutMs: number): Promise<{ outcome: Outcome; error?: unknown }> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<{ outcome: Outcome }>((resolve) => {
    timer = setTimeout(() => resolve({ outcome: 'timed out' }), timeoutMs)
  })
  try {
    return await Promise.race([
      work.then(
        () => ({ outcome: 'done' as const }),
        (error: unknown) => ({ outcome: 'failed' as const, error }),
      ),
      timeout,
    ])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Shuts the process down gracefully on SIGTERM and SIGINT: readiness false and no new connections
 * at once, the requests in flight finish (at most drainTimeoutMs, then their connections are
 * closed), the timed jobs and the mail worker stop meanwhile, then the database closes and the
 * process exits 0. A step that fails exits 1; one that hangs (a Redis connection that cannot say
 * goodbye to a server that is down) is left behind after the grace period with a warning, since
 * nothing is lost by it. The database is closed in every case.
 */
export function shutDownOnSignals(options: ShutdownOptions): void {
  let isShuttingDown = false
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (isShuttingDown) return
      isShuttingDown = true
      void shutDown(options, signal)
    })
  }
}

async function shutDown(options: ShutdownOptions, signal: string): Promise<void> {
  const { app, db, log } = options
  const drainTimeoutMs = options.drainTimeoutMs ?? DRAIN_TIMEOUT_MS
  const graceMs = options.graceMs ?? GRACE_MS
  const exit = options.exit ?? ((code: number) => process.exit(code))
  app.lifecycle.enter('stopping')
  log.info({ signal }, 'shutting down: no new requests, finishing the ones in flight')
  let isServerClosed = false
  app.server.once('close', () => {
    isServerClosed = true
  })
  const drainBound = setTimeout(() => {
    if (isServerClosed) return
    log.warn({ drainTimeoutMs }, 'requests still running at the shutdown bound; closing their connections')
    app.server.closeAllConnections()
  }, drainTimeoutMs)

  const steps = [
    { name: 'server', work: app.close() },
    ...app.lifecycle.stops.map((stop, index) => ({ name: `stop ${index + 1}`, work: stop() })),
  ]
  const outcomes = await Promise.all(steps.map((step) => settle(step.work, drainTimeoutMs + graceMs)))
  clearTimeout(drainBound)
  let code = 0
  for (const [index, { outcome, error }] of outcomes.entries()) {
    const step = steps[index]?.name
    if (outcome === 'failed') {
      log.error({ err: error, step }, 'shutdown: a step failed')
      code = 1
    } else if (outcome === 'timed out') {
      log.warn({ step }, 'shutdown: a step did not finish in time; going on without it')
    }
  }
  // A request whose client went away no longer holds a connection, so the server may have closed
  // while its handler still runs: wait (bounded) until no statement holds or waits for the pool.
  await settle(untilPoolIdle(db), graceMs)
  const closed = await settle(db.close(), graceMs)
  if (closed.outcome !== 'done') {
    log.error({ err: closed.error, outcome: closed.outcome }, 'shutdown: closing the database failed')
    code = 1
  }
  log.info({ code }, 'stopped')
  exit(code)
}

async function untilPoolIdle(db: Database): Promise<void> {
  for (;;) {
    const stats = db.poolStats?.()
    if (!stats || (stats.total === stats.idle && stats.waiting === 0)) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
