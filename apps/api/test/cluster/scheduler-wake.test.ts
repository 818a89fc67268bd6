import { randomUUID } from 'node:crypto'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { startScheduler, wakeScheduler, type Scheduler } from '../../src/platform/scheduler.ts'
import { isRedisReachable, TEST_REDIS_URL } from '../support/free-port.ts'

// docs/decisions.md, Several processes: with REDIS_URL a staff change that moves a timed job's
// due time wakes the job in every API process, not only in the one that took the change (each then
// runs at the new due time; the job's row lock lets one of them do the work).

const redisUrl = TEST_REDIS_URL
const log = Fastify({ logger: false }).log

async function until(isDone: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!isDone() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
}

describe('timed jobs across processes', () => {
  it('wakes the scheduler of another process through Redis, and only on its own prefix', async (context) => {
    if (!(await isRedisReachable(redisUrl))) {
      process.stdout.write(`skipped: no Redis answers at ${redisUrl}\n`)
      context.skip()
    }
    const prefix = `wake-test-${randomUUID().slice(0, 8)}:`
    const runs = { here: 0, there: 0, elsewhere: 0 }
    const [here, there, elsewhere] = [{}, {}, {}]
    const start = (key: object, name: keyof typeof runs, ownPrefix: string): Scheduler =>
      startScheduler({
        jobs: [
          {
            name,
            run: async () => {
              runs[name] += 1
              return null
            },
          },
        ],
        now: () => Date.now(),
        log,
        key,
        safetyIntervalMs: 600_000,
        redis: { url: redisUrl, prefix: ownPrefix },
      })
    const schedulers = [
      start(here, 'here', prefix),
      start(there, 'there', prefix),
      start(elsewhere, 'elsewhere', `other-${prefix}`),
    ]
    try {
      // Each runs once at start; then give the subscriptions a moment.
      await until(() => runs.here === 1 && runs.there === 1 && runs.elsewhere === 1, 2_000)
      await new Promise((resolve) => setTimeout(resolve, 300))
      wakeScheduler(here)
      await until(() => runs.there === 2, 2_000)
      await new Promise((resolve) => setTimeout(resolve, 200))
      // The waking process ran once more (not twice for its own message); the other shop not at all.
      expect(runs).toEqual({ here: 2, there: 2, elsewhere: 1 })
    } finally {
      await Promise.all(schedulers.map((scheduler) => scheduler.stop()))
    }
  })
})
