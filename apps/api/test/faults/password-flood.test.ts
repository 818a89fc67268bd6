import { describe, expect } from 'vitest'
import { MAX_CONCURRENT_HASHES } from '../../src/modules/accounts/passwords.ts'
import { TEST_DATABASE_SERVER } from '../support/scratch-database.ts'
import { passwordFlood } from './scenarios.ts'
import { itSurvives, NO_POSTGRES_SERVER } from './fault-test.ts'
import { expectMailsOnce } from './expect-orders-intact.ts'

// docs/decisions.md, 'Password hashing that cannot be flooded': 100 failed sign-ins from 100 addresses
// and 40 wrong current passwords with one stolen token arrive at two API processes under an order load,
// while a customer who has signed in from home before signs in and orders. Her sign-in goes ahead of
// the hashes already waiting on her process (read from its metrics, so the check holds on a slow
// machine as on a fast one), nothing hangs or answers 500, the stolen token costs five hashes, and every acknowledged
// order is stored and mailed once. Two processes need PostgreSQL, so this runs in the PostgreSQL pass.

describe('a flood of wrong passwords on two processes', () => {
  itSurvives(
    'serves the customer ahead of the waiting flood, refuses the flood at once or checks it, and keeps taking orders',
    { figures: 'password-flood postgres', skipReason: NO_POSTGRES_SERVER, timeoutMs: 300_000 },
    () =>
      passwordFlood({
        serverUrl: TEST_DATABASE_SERVER!,
        failedSignIns: 100,
        targets: 10,
        wrongCurrentPasswords: 40,
        clients: 20,
      }),
    (figures, logs) => {
      expect(figures.customerSignIn.status, logs).toBe(200)
      // The flood had queued on her process when she arrived, or this proves nothing.
      expect(figures.customerSignIn.waitingAhead, logs).toBeGreaterThanOrEqual(15)
      // In arrival order she would start only once every hash waiting ahead of her had started, so at
      // least waitingAhead - (slots - 1) of them would have left the queue before her answer.
      expect(figures.customerSignIn.leftBeforeHer).toBeLessThanOrEqual(
        figures.customerSignIn.waitingAhead - MAX_CONCURRENT_HASHES,
      )
      expect(figures.customerOrder).toBe(201)
      expect(figures.flood500, logs).toBe(0)
      expect(figures.floodHung, logs).toBe(0)
      // Every failed sign-in is a 401 (checked), a 429 (a limit) or a 503 (the queue's deadline).
      expect(Object.keys(figures.signIns).every((status) => ['401', '429', '503'].includes(status))).toBe(true)
      // The stolen token: at most five guesses per process reach the check (400, or 503 when the queue's
      // deadline passes first); the rest are refused before hashing.
      const checked = (figures.passwordChanges['400'] ?? 0) + (figures.passwordChanges['503'] ?? 0)
      expect(checked).toBeLessThanOrEqual(10)
      expect(figures.passwordChanges['429']).toBe(40 - checked)
      expect(figures.normalAfterMs).toBeGreaterThanOrEqual(0)
      expect(figures.normalAfterMs).toBeLessThan(10_000)
      expect(figures.status5xx, logs).toBe(0)
      expect(figures.lost).toBe(0)
      expect(figures.duplicated).toBe(0)
      expectMailsOnce(figures)
    },
  )
})
