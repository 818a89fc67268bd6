import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redisServerMissing, startRedisServer, type TestRedisServer } from '../../test/support/redis-server.ts'
import { createCacheBus, parseBusMessage, type CacheBus } from './cache-bus.ts'
import { openRedisLink, type RedisLink } from './redis.ts'

// docs/decisions.md, 'Redis is optional at run time': a write is answered once the other processes have applied its
// cache message, so that a request sent to another process right after the answer is never served from before it.
const skipReason = redisServerMissing()
if (skipReason) process.stdout.write(`platform/cache-bus.test.ts skipped: ${skipReason}\n`)

const STOCK_ID = '8a1f5c0e-3b7d-4c2a-9e6f-1d2b3c4d5e6f'

describe('a cache message', () => {
  it('is its payload and its id; one without an id is applied as it is', () => {
    expect(parseBusMessage('12 4f1c')).toEqual({ payload: '12', id: '4f1c' })
    expect(parseBusMessage(`["${STOCK_ID}"] 4f1c`)).toEqual({ payload: `["${STOCK_ID}"]`, id: '4f1c' })
    expect(parseBusMessage('12')).toEqual({ payload: '12', id: undefined })
  })
})

describe.skipIf(skipReason)('cache messages between processes', () => {
  let server: TestRedisServer
  const heard = { a: [] as string[], b: [] as string[] }
  let a: CacheBus
  let b: CacheBus
  let pauser: RedisLink

  function busOf(name: 'a' | 'b'): CacheBus {
    return createCacheBus({
      redisUrl: server.url,
      redisPrefix: 'bus-test:',
      log: pino({ level: 'silent' }),
      onVersion: (version) => heard[name].push(`version ${version}`),
      onStock: (ids) => heard[name].push(`stock ${ids.join(',')}`),
    })
  }

  beforeAll(async () => {
    server = await startRedisServer()
    a = busOf('a')
    b = busOf('b')
    pauser = openRedisLink({ url: server.url, log: pino({ level: 'silent' }), use: 'test (pauses)', fallback: 'none' })
    const deadline = Date.now() + 10_000
    while (!(a.isListening() && b.isListening() && pauser.isUp()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    // Both subscribed: a message from each reaches the other.
    await a.publishVersion(0)
    await b.publishVersion(0)
  })

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), pauser?.close()])
    await server?.stop()
  })

  it('has been applied by every other process when its publish returns', async () => {
    const missed: number[] = []
    for (let version = 1; version <= 40; version += 1) {
      await a.publishVersion(version)
      if (!heard.b.includes(`version ${version}`)) missed.push(version)
    }
    expect(missed).toEqual([])
    await b.publishStock([STOCK_ID])
    expect(heard.a).toContain(`stock ${STOCK_ID}`)
  })

  it('holds a write at most briefly when Redis does not pass the message on', async () => {
    await pauser.redis.call('CLIENT', 'PAUSE', '1000', 'ALL')
    const startedAt = Date.now()
    await a.publishVersion(100)
    expect(Date.now() - startedAt).toBeLessThan(900)
  })
})
