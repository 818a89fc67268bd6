import { Redis } from 'ioredis'
import type { Database } from '../../platform/db.ts'
import type { Phase } from '../../platform/lifecycle.ts'
import { checkDatabase } from './repo.ts'

// docs/decisions.md, 'Operations': liveness says the process runs (restart it when this fails); readiness says it
// should get traffic now (a load balancer sends none while this fails): started (migrated and
// seeded), not stopping, and the database answers. Redis is reported, not required: while it is away
// the processes fall back to their own memory and the database (docs/decisions.md, 'Redis is optional
// at run time'), so a Redis outage must not take every process out of the load balancer.

const CHECK_TIMEOUT_MS = 1000

export type Readiness = {
  status: 'ready' | 'not_ready'
  phase: Phase
  database: 'up' | 'down'
  redis: 'up' | 'down' | 'off'
}

export type RedisProbe = { check(): Promise<boolean>; close(): Promise<void> }

/** A connection of its own (opened at the first check), so a probe never waits behind shop traffic. */
export function createRedisProbe(url: string): RedisProbe {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CHECK_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  })
  // Reported through the check; without a listener ioredis prints every failed reconnect.
  redis.on('error', () => undefined)
  return {
    async check() {
      if (redis.status === 'wait') redis.connect().catch(() => undefined)
      try {
        const answer = await Promise.race([
          redis.ping(),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('redis timeout')), CHECK_TIMEOUT_MS).unref(),
          ),
        ])
        return answer === 'PONG'
      } catch {
        return false
      }
    },
    async close() {
      redis.disconnect()
    },
  }
}

export async function checkReadiness(
  db: Database,
  phase: Phase,
  redisProbe: RedisProbe | undefined,
): Promise<Readiness> {
  const [isDatabaseUp, isRedisUp] = await Promise.all([
    checkDatabase(db, CHECK_TIMEOUT_MS),
    redisProbe ? redisProbe.check() : Promise.resolve(undefined),
  ])
  const redis = isRedisUp === undefined ? 'off' : isRedisUp ? 'up' : 'down'
  const isReady = phase === 'ready' && isDatabaseUp
  return { status: isReady ? 'ready' : 'not_ready', phase, database: isDatabaseUp ? 'up' : 'down', redis }
}
