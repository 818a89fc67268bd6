import { describe, expect } from 'vitest'
import { redisServerMissing } from '../support/redis-server.ts'
import { TEST_DATABASE_SERVER } from '../support/scratch-database.ts'
import { redisOutage } from './scenarios.ts'
import { itSurvives, NO_POSTGRES_SERVER } from './fault-test.ts'
import { expectMailsOnce, expectNoOrderLost } from './expect-orders-intact.ts'

// docs/decisions.md, 'Redis is optional at run time': Redis stops for 30 s under an order load on two
// API processes that share it and one PostgreSQL database, then comes back. Checkout goes on (no 500,
// no request hangs), the limits hold in each process meanwhile, both stay ready, every acknowledged
// order is stored and mailed once, and both go back to Redis without a restart. Two processes need
// PostgreSQL, so this runs in the PostgreSQL pass.
const OUTAGE_MS = 30_000

describe('Redis away for 30 s under an order load on two processes', () => {
  itSurvives(
    'keeps taking orders, keeps the limits per process, stays ready and returns to Redis by itself',
    {
      figures: 'redis-outage postgres',
      skipReason: NO_POSTGRES_SERVER ?? redisServerMissing(),
      timeoutMs: OUTAGE_MS + 240_000,
    },
    () =>
      redisOutage({
        serverUrl: TEST_DATABASE_SERVER!,
        outageMs: OUTAGE_MS,
        clients: 20,
        pauseMs: 200,
        mailWaitMs: 60_000,
      }),
    (figures, logs) => {
      expect(figures.status500, logs).toBe(0)
      expect(figures.status5xx, logs).toBe(0)
      expect(figures.hung, logs).toBe(0)
      expect(figures.duringOutage).toBeGreaterThanOrEqual(50)
      expect(figures.acknowledgedDuringOutage).toBe(figures.duringOutage)
      expectNoOrderLost(figures)
      expectMailsOnce(figures, logs)
      expect(figures.readinessDuringOutage).toEqual([
        { status: 200, body: expect.objectContaining({ status: 'ready', redis: 'down' }) },
        { status: 200, body: expect.objectContaining({ status: 'ready', redis: 'down' }) },
      ])
      // Five requests per address per 15 minutes pass, the sixth is refused: counted in the process.
      expect(figures.limitedDuringOutage).toEqual([200, 200, 200, 200, 200, 429])
      expect(figures.backAfterMs).toBeLessThan(10_000)
      // One line when Redis goes and one when it is back, per process: not one per request.
      expect(figures.outageLines).toEqual([1, 1])
      expect(figures.returnLines).toEqual([1, 1])
    },
  )
})
