import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'

// docs/decisions.md, 'Redis is optional at run time': PostgreSQL holds every order, Redis only
// shares what the processes could also learn on their own (rate limits, cache messages, timer
// wakes). Every connection here fails fast while Redis is away, so that its user falls back at
// once instead of waiting in ioredis' offline queue, says so once per outage (not per request or
// per reconnect attempt), and goes back to Redis on its own when Redis answers again.

export type RedisLink = {
  readonly redis: Redis
  /** True while the connection is up and takes commands. */
  isUp(): boolean
  /** Closes without waiting for a Redis that is away (quit() would wait for the reconnect). */
  close(): Promise<void>
}

export type RedisLinkOptions = {
  url: string
  log: FastifyBaseLogger
  /** What the connection is for, in the log lines ('rate limits', 'cache messages'). */
  use: string
  /** What the process does instead while Redis is away, in the outage's log line. */
  fallback: string
  /**
   * A subscriber keeps its commands queued while disconnected (its SUBSCRIBE is sent on connect and
   * renewed on every reconnect); every other connection refuses commands at once while Redis is away.
   */
  isSubscriber?: boolean
  /** Called with true when the connection comes up, false when it is lost. */
  onChange?: (isUp: boolean) => void
}

/** How long a reconnect attempt may take before ioredis tries again (a Redis that hangs is away). */
const CONNECT_TIMEOUT_MS = 1_000

export function openRedisLink(options: RedisLinkOptions): RedisLink {
  const { log, use } = options
  const redis = new Redis(options.url, {
    lazyConnect: false,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: options.isSubscriber ? null : 1,
    enableOfflineQueue: options.isSubscriber === true,
    // Every 100 ms at first, then every 2 s for as long as Redis is away.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  })
  let isDown = false
  redis.on('error', (error: unknown) => {
    if (isDown) return
    isDown = true
    log.warn({ err: error, redis: use }, `redis unavailable (${use}): ${options.fallback} until it answers again`)
    options.onChange?.(false)
  })
  redis.on('close', () => {
    if (isDown || redis.status === 'end') return
    isDown = true
    log.warn({ redis: use }, `redis connection lost (${use}): ${options.fallback} until it answers again`)
    options.onChange?.(false)
  })
  redis.on('ready', () => {
    if (!isDown) {
      options.onChange?.(true)
      return
    }
    isDown = false
    log.info({ redis: use }, `redis answers again (${use})`)
    options.onChange?.(true)
  })
  return {
    redis,
    isUp: () => redis.status === 'ready',
    async close() {
      if (redis.status === 'ready') await redis.quit().catch(() => undefined)
      else redis.disconnect()
    },
  }
}

/**
 * Runs a Redis command for at most `timeoutMs`: undefined when Redis is away, refuses the command or
 * does not answer in time (the caller falls back), so a request never waits out an outage.
 */
export async function withinRedisTimeout<T>(
  link: RedisLink,
  timeoutMs: number,
  command: () => Promise<T>,
): Promise<T | undefined> {
  if (!link.isUp()) return undefined
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<undefined>((resolve) => {
    // A process that was busy past the deadline runs its due timers before it reads its sockets:
    // the answer Redis gave in time is read first (setImmediate runs after the I/O), and only a Redis that
    // has really not answered counts as away (docs/decisions.md 'Redis is optional at run time').
    timer = setTimeout(() => setImmediate(() => resolve(undefined)), timeoutMs)
  })
  try {
    return await Promise.race([command(), timeout])
  } catch {
    return undefined
  } finally {
    clearTimeout(timer)
  }
}
