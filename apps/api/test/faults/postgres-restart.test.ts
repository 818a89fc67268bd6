import { describe, expect } from 'vitest'
import { postgresServerMissing } from '../support/postgres-server.ts'
import { TEST_DATABASE_SERVER } from '../support/scratch-database.ts'
import { postgresRestart } from './scenarios.ts'
import { itSurvives } from './fault-test.ts'
import { expectMailsOnce, expectNoOrderLost } from './expect-orders-intact.ts'

// The PostgreSQL server stops, stays away for 15 s and starts again under an order load on two API
// processes (a server the test starts itself, in its own data directory and on its own port: never the
// machine's shared one). While it is away every answer is the specification's 503 with Retry-After, no
// request hangs and no process exits; within seconds of its return both serve again, and every
// acknowledged order is stored and mailed once.
const DOWN_MS = 15_000
// One run is enough: it makes its own server, so it runs in the PGlite pass only.
const skipReason = TEST_DATABASE_SERVER ? 'it runs in the PGlite pass only' : postgresServerMissing()

describe('a PostgreSQL restart under an order load on two processes', () => {
  itSurvives(
    'answers 503 while the server is away, never 500 or a hang, and serves again within seconds of its return',
    { figures: 'postgres-restart', skipReason, timeoutMs: DOWN_MS + 240_000 },
    () => postgresRestart({ downMs: DOWN_MS, clients: 20, pauseMs: 200, mailWaitMs: 60_000 }),
    (figures, logs) => {
      expect(figures.status500, logs).toBe(0)
      expect(figures.unexpected, logs).toEqual([])
      expect(figures.hung, logs).toBe(0)
      expect(figures.processesAlive, logs).toBe(true)
      expect(Object.keys(figures.readsWhileDown).sort()).toContain('503')
      expect(figures.unavailableWithoutRetryAfter).toBe(0)
      expect(figures.recoveredAfterMs, logs).toBeGreaterThanOrEqual(0)
      expect(figures.recoveredAfterMs).toBeLessThan(10_000)
      expect(figures.acknowledged).toBeGreaterThanOrEqual(50)
      expectNoOrderLost(figures)
      expectMailsOnce(figures, logs)
    },
  )
})
