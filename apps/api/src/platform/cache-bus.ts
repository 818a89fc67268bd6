import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { openRedisLink, withinRedisTimeout } from './redis.ts'
import { parseStockMessage } from './stock-changes.ts'

// With REDIS_URL, every API process hears at once of a catalogue bump or a stock change made by
// another (without Redis, or while it is away, they learn it from the database when they poll, within a second). Both
// messages are published after the write's commit, and the write is answered once every process listening has said
// it applied the message (or after a brief wait): Redis answering PUBLISH only says the message is on its way, and a
// request sent to another process right after the answer could otherwise be served before the message arrives there
// (docs/decisions.md, 'Redis is optional at run time').

/** A message and its acknowledgements wait at most this long for Redis (an order is not held up by a Redis outage). */
const PUBLISH_TIMEOUT_MS = 250

export type CacheBus = {
  publishVersion(version: number): Promise<void>
  publishStock(productIds: readonly string[]): Promise<void>
  isListening(): boolean
  close(): Promise<void>
}

/** A message is its payload, a space and its id; a message without an id (a tool's, by hand) is applied, not acknowledged. */
export function parseBusMessage(message: string): { payload: string; id: string | undefined } {
  const space = message.lastIndexOf(' ')
  return space < 0
    ? { payload: message, id: undefined }
    : { payload: message.slice(0, space), id: message.slice(space + 1) }
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
  const ackChannel = `${options.redisPrefix}cache-applied`
  const fallback = 'this process reads catalogue and stock changes from the database every second'
  const publisher = openRedisLink({ url: options.redisUrl, log, use: 'cache messages', fallback })
  const subscriber = openRedisLink({
    url: options.redisUrl,
    log,
    use: 'cache messages (listening)',
    fallback,
    isSubscriber: true,
  })
  /** This process's messages waiting for their acknowledgements, by id: how many came, and the wait's end. */
  const waiting = new Map<string, { acknowledged: number; expected: number; done: () => void }>()

  void subscriber.redis
    .subscribe(versionChannel, stockChannel, ackChannel)
    .catch((error: unknown) => log.warn({ err: error }, 'cache: subscribe failed'))
  subscriber.redis.on('message', (channel: string, message: string) => {
    if (channel === ackChannel) {
      acknowledge(message)
      return
    }
    const { payload, id } = parseBusMessage(message)
    if (channel === stockChannel) {
      const ids = parseStockMessage(payload)
      if (ids.length > 0) options.onStock(ids)
    } else {
      const version = Number(payload)
      if (Number.isFinite(version)) options.onVersion(version)
    }
    // Applied (the handlers above are synchronous): the writer may answer. This process's own message is counted
    // here; another's is acknowledged through Redis.
    if (!id) return
    if (waiting.has(id)) acknowledge(id)
    else if (publisher.isUp()) publisher.redis.publish(ackChannel, id).catch(() => undefined)
  })

  function acknowledge(id: string): void {
    const wait = waiting.get(id)
    if (wait && ++wait.acknowledged >= wait.expected) wait.done()
  }

  async function publish(channel: string, payload: string): Promise<void> {
    const id = randomUUID()
    let done = () => {}
    const applied = new Promise<void>((resolve) => (done = resolve))
    const wait = { acknowledged: 0, expected: Number.POSITIVE_INFINITY, done }
    waiting.set(id, wait)
    try {
      await withinRedisTimeout(publisher, PUBLISH_TIMEOUT_MS, async () => {
        // PUBLISH answers how many listening connections it reached, this process's own included.
        wait.expected = await publisher.redis.publish(channel, `${payload} ${id}`)
        if (wait.acknowledged < wait.expected) await applied
      })
    } finally {
      waiting.delete(id)
    }
  }

  return {
    publishVersion: (version) => publish(versionChannel, String(version)),
    publishStock: (productIds) => publish(stockChannel, JSON.stringify(productIds)),
    /** False while Redis is away: the caller then reads changes from the database more often. */
    isListening: () => subscriber.isUp(),
    async close() {
      for (const wait of waiting.values()) wait.done()
      await Promise.all([publisher.close(), subscriber.close()])
    },
  }
}
