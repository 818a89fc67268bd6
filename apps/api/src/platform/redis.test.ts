import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redisServerMissing, startRedisServer, type TestRedisServer } from '../../test/support/redis-server.ts'
import { openRedisLink, withinRedisTimeout, type RedisLink } from './redis.ts'

// docs/decisions.md, 'Redis is optional at run time': a Redis command waits briefly, and a Redis that does not answer
// in that time counts as away. A process that was busy past the deadline has not been kept waiting by Redis.
const skipReason = redisServerMissing()
if (skipReason) process.stdout.write(`platform/redis.test.ts skipped: ${skipReason}\n`)

function busyFor(ms: number): void {
  const until = Date.now() + ms
  while (Date.now() < until) {
    // The process is busy (a render, a large JSON): its timers and sockets wait.
  }
}

async function whenReady(link: RedisLink): Promise<void> {
  if (link.redis.status === 'ready') return
  await new Promise((resolve) => link.redis.once('ready', resolve))
}

describe.skipIf(skipReason)('a Redis command with a deadline', () => {
  let server: TestRedisServer
  let link: RedisLink
  let other: RedisLink

  beforeAll(async () => {
    server = await startRedisServer()
    const log = pino({ level: 'silent' })
    link = openRedisLink({ url: server.url, log, use: 'test', fallback: 'nothing' })
    other = openRedisLink({ url: server.url, log, use: 'test (pauses)', fallback: 'nothing' })
    // Both links connect at once: the second may be ready before the first is, so its status is read, not only awaited.
    await Promise.all([link, other].map(whenReady))
  })

  afterAll(async () => {
    await Promise.all([link?.close(), other?.close()])
    await server?.stop()
  })

  it('takes the answer Redis gave in time when the process itself was busy past the deadline', async () => {
    const answer = withinRedisTimeout(link, 50, () => link.redis.ping())
    busyFor(300)
    expect(await answer).toBe('PONG')
  })

  it('gives up on a Redis that does not answer in time, and says so with undefined', async () => {
    await other.redis.call('CLIENT', 'PAUSE', '1000', 'ALL')
    const startedAt = Date.now()
    const answer = await withinRedisTimeout(link, 100, () => link.redis.ping())
    expect(answer).toBeUndefined()
    expect(Date.now() - startedAt).toBeLessThan(900)
  })
})
