import { createRequire } from 'node:module'
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { RedisLink } from './redis.ts'

// docs/decisions.md, 'Redis is optional at run time': with REDIS_URL the limits are counted in Redis
// and so shared by every API process; while Redis is away (or does not answer within
// REDIS_ANSWER_MS) each process counts in its own memory, with the same limits. A limit is then
// kept per process rather than not at all, and no request waits for, or fails on, an outage.

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1]
type RouteStoreOptions = Parameters<FastifyRateLimitStore['child']>[0]
type PluginStores = {
  LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => FastifyRateLimitStore
  RedisStore: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    redis: RedisLink['redis'],
    key: string,
  ) => FastifyRateLimitStore
}

// The plugin's own stores (they have no typed entry point of their own).
const require = createRequire(import.meta.url)
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as PluginStores['LocalStore']
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as PluginStores['RedisStore']

/** How long a limit check waits for Redis before it counts in this process instead. */
export const REDIS_ANSWER_MS = 250

class SharedOrLocalStore implements FastifyRateLimitStore {
  constructor(
    private readonly link: RedisLink,
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
  ) {}

  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    if (!this.link.isUp()) {
      this.local.incr(key, callback, timeWindow, max)
      return
    }
    let isSettled = false
    const countLocally = () => {
      if (isSettled) return
      isSettled = true
      clearTimeout(timer)
      this.local.incr(key, callback, timeWindow, max)
    }
    const timer = setTimeout(countLocally, REDIS_ANSWER_MS)
    this.shared.incr(
      key,
      (error, result) => {
        if (error || !result) return countLocally()
        if (isSettled) return
        isSettled = true
        clearTimeout(timer)
        callback(null, result)
      },
      timeWindow,
      max,
    )
  }

  child(routeOptions: RouteStoreOptions): FastifyRateLimitStore {
    return new SharedOrLocalStore(this.link, this.shared.child(routeOptions), this.local.child(routeOptions))
  }
}

/** The store for @fastify/rate-limit: shared through Redis while it answers, this process's memory meanwhile. */
export function sharedOrLocalRateLimitStore(link: RedisLink, nameSpace: string): FastifyRateLimitStoreCtor {
  return class extends SharedOrLocalStore {
    constructor(options: FastifyRateLimitOptions) {
      const { continueExceeding = false, exponentialBackoff = false } = options as {
        continueExceeding?: boolean
        exponentialBackoff?: boolean
      }
      super(
        link,
        new RedisStore(continueExceeding, exponentialBackoff, link.redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
      )
    }
  }
}
