import type { FastifyBaseLogger } from 'fastify'
import { openRedisLink, withinRedisTimeout } from './redis.ts'
import { parseStockMessage } from './stock-changes.ts'

// With REDIS_URL, every API process hears at once of a catalogue bump or a stock change made by
// another (without Redis, or while it is away, they learn it from the database when they poll, within a second). Both
// messages are published after the write's commit and awaited briefly, so that the other
// processes know before the write is answered.

/** A message waits at most this long for Redis to take it (an order is not held up by a Redis outage). */
const PUBLISH_TIMEOUT_MS = 250

export type CacheBus = {
  publishVersion(version: number): Promise<void>
  publishStock(productIds: readonly string[]): Promise<void>
  isListening(): boolean
  close(): Promise<void>
}

export function createCacheBus(options: {
  redisUrl: string
  redisPrefix: string
  log: FastifyBaseLogger
  onVersion: (version: number) => void
  onStock: (productIds: string[]) => void
}): CacheBus {
  const { log } = options
  const versionChannel = `${options.redisPrefix}catalogue-version`
  const stockChannel = `${options.redisPrefix}stock-changed`
  const fallback = 'this process reads catalogue and stock changes from the database every second'
  const publisher = openRedisLink({ url: options.redisUrl, log, use: 'cache messages', fallback })
  const subscriber = openRedisLink({
    url: options.redisUrl,
    log,
    use: 'cache messages (listening)',
    fallback,
    isSubscriber: true,
  })
  void subscriber.redis
    .subscribe(versionChannel, stockChannel)
    .catch((error: unknown) => log.warn({ err: error }, 'cache: subscribe failed'))
  subscriber.redis.on('message', (channel: string, message: string) => {
    if (channel === stockChannel) {
      const ids = parseStockMessage(message)
      if (ids.length > 0) options.onStock(ids)
      return
    }
    const version = Number(message)
    if (Number.isFinite(version)) options.onVersion(version)
  })

  async function publish(channel: string, message: string): Promise<void> {
    await withinRedisTimeout(publisher, PUBLISH_TIMEOUT_MS, () => publisher.redis.publish(channel, message))
  }

  return {
    publishVersion: (version) => publish(versionChannel, String(version)),
    publishStock: (productIds) => publish(stockChannel, JSON.stringify(productIds)),
    /** False while Redis is away: the caller then reads changes from the database more often. */
    isListening: () => subscriber.isUp(),
    async close() {
      await Promise.all([publisher.close(), subscriber.close()])
    },
  }
}
