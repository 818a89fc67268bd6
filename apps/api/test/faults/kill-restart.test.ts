import { describe, expect } from 'vitest'
import { TEST_DATABASE_SERVER } from '../support/scratch-database.ts'
import { killDuringOrderLoad } from './scenarios.ts'
import { itSurvives } from './fault-test.ts'
import { expectOrdersIntact } from './expect-orders-intact.ts'

// docs/decisions.md, Faults: kill -9 the server while 20 guests place orders, start it again on the same data
// (the PGlite data directory, or the same PostgreSQL database): the orders the buyers were told
// about are all there, once each, the stock matches them, and their mails go out after the restart.
const kind = TEST_DATABASE_SERVER ? 'postgres' : 'pglite'

describe(`kill -9 during an order load of 20 clients, then a restart (${kind})`, () => {
  itSurvives(
    'keeps every acknowledged order exactly once, the stock right, and mails them after the restart',
    { figures: `kill-restart ${kind}`, timeoutMs: 150_000 },
    () =>
      killDuringOrderLoad({
        kind,
        serverUrl: TEST_DATABASE_SERVER,
        clients: 20,
        killAfterOrders: 40,
        jitterMs: 500,
        // A mail being sent at the kill is leased for 20 s (PostgreSQL); PGlite frees it at start.
        mailWaitMs: 40_000,
      }),
    (figures, context) => {
      expect(figures.acknowledged, context).toBeGreaterThanOrEqual(20)
      expectOrdersIntact(figures)
      expect(figures.status500).toBe(0)
      // At most one order per client was in flight when the process died; it may have committed.
      expect(figures.unacknowledgedStored).toBeLessThanOrEqual(20)
      // Every stored order's two mails (customer, shop) arrived; one that was on the wire at the
      // kill may come twice (the outbox sends at least once), never more.
      expect(figures.mailsMissing, context).toBe(0)
      expect(figures.mailsDuplicated).toBeLessThanOrEqual(1)
      expect(figures.servesAfterRestart, context).toBe(true)
    },
  )
})
