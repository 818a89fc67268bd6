import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'
import { parseStockMessage } from './stock-changes.ts'

// With REDIS_URL, every API process hears at once of a catalogue bump or a stock change made by
// another (without Redis they learn it from the database when they poll, within a second). Both
// messages are published after the write's commit and awaited briefly, so that the other
// processes know before the write is answered.

/** A message waits at most this long for Redis to take it (an order is not held up by a Redis outage). */
const PUBLISH_TIMEOUT_MS = 250

export type CacheBus = {
  publishVersion(version: number): Promise<void>
  publishStock(productIds: readonly string[]): Promise<void>
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
  const publisher = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
  const subscriber = new Redis(options.redisUrl, { lazyConnect: false })
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error: unknown) =>
      log.warn({ err: error }, 'cache: redis unavailable, polling the database'),
    )
  }
  void subscriber
    .subscribe(versionChannel, stockChannel)
    .catch((error: unknown) => log.warn({ err: error }, 'cache: subscribe failed'))
  subscriber.on('message', (channel: string, message: string) => {
    if (channel === stockChannel) {
      const ids = parseStockMessage(message)
      if (ids.length > 0) options.onStock(ids)
      return
    }
    const version = Number(message)
    if (Number.isFinite(version)) options.onVersion(version)
  })

  async function publish(channel: string, message: string): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, PUBLISH_TIMEOUT_MS)
    })
    try {
      await Promise.race([publisher.publish(channel, message), timeout])
    } catch (error) {
      log.warn({ err: error }, 'cache: publish failed')
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    publishVersion: (version) => publish(versionChannel, String(version)),
    publishStock: (productIds) => publish(stockChannel, JSON.stringify(productIds)),
    async close() {
      // quit() waits for a Redis that is down (reconnecting) and would hold the shutdown.
      await Promise.all(
        [publisher, subscriber].map(async (connection) => {
          if (connection.status === 'ready') await connection.quit().catch(() => undefined)
          else connection.disconnect()
        }),
      )
    },
  }
}
