import { describe, expect } from 'vitest'
import { TEST_DATABASE_SERVER } from '../support/scratch-database.ts'
import { connectionCutsUnderLoad } from './scenarios.ts'
import { itSurvives, NO_POSTGRES_SERVER } from './fault-test.ts'
import { expectOrdersIntact } from './expect-orders-intact.ts'

// docs/decisions.md, Faults: PostgreSQL ends the API's connections (pg_terminate_backend) again and again while
// guests order and visitors read the catalogue. Every answer is a success or a clear 503 in the
// specification's error shape, none hangs, no order is half-written, and the same process serves
// again after the last cut. (security-database-outage.test.ts covers one cut in the middle of a
// transaction; this is the same under load.) PostgreSQL only: PGlite runs in the API's process.

describe('PostgreSQL cutting the connections under load', () => {
  itSurvives(
    'answers 2xx or 503 {message, error, code}, never hangs, never half-writes, recovers without a restart (PostgreSQL only)',
    { figures: 'database-cuts postgres', skipReason: NO_POSTGRES_SERVER, timeoutMs: 90_000 },
    () =>
      connectionCutsUnderLoad({
        serverUrl: TEST_DATABASE_SERVER!,
        orderClients: 10,
        readClients: 6,
        cuts: 10,
        cutEveryMs: 500,
      }),
    (figures, context) => {
      expect(figures.cuts).toBe(10)
      expect(figures.recoveredBetweenCuts).toBe(figures.cuts)
      expect(figures.connectionsEnded).toBeGreaterThan(0)
      expect(figures.acknowledged).toBeGreaterThan(0)
      expect(figures.status5xx + figures.reads503, 'some requests met a cut').toBeGreaterThan(0)
      expect(figures.unexpected, context).toEqual([])
      // No hang: every request answered, within the pool's 5 s wait for a connection plus its work.
      expect(figures.hung).toBe(0)
      expect(figures.processAlive, context).toBe(true)
      expect(figures.recoveredAfterMs).toBeGreaterThanOrEqual(0)
      expectOrdersIntact(figures)
    },
  )
})
