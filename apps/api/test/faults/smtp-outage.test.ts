import { describe, expect } from 'vitest'
import { TEST_DATABASE_SERVER } from '../support/scratch-database.ts'
import { smtpOutage } from './scenarios.ts'
import { itSurvives } from './fault-test.ts'

// docs/decisions.md, Faults: the mail server is down for a minute while orders arrive, then it is back: every
// mail arrives, exactly once, within seconds of its return (the worker keeps trying the server
// without using up the mails' attempts). The outbox does not depend on the database, so this runs
// in the PGlite pass only.
const OUTAGE_MS = 60_000

describe('the SMTP server down while orders arrive', () => {
  itSurvives(
    `delivers every mail exactly once after an outage of ${OUTAGE_MS / 1000} s (runs in the PGlite pass only)`,
    {
      figures: 'smtp-outage pglite',
      skipReason: TEST_DATABASE_SERVER ? 'it runs in the PGlite pass only' : undefined,
      timeoutMs: OUTAGE_MS + 180_000,
    },
    () => smtpOutage({ kind: 'pglite', outageMs: OUTAGE_MS, clients: 3, pauseMs: 1000, mailWaitMs: 60_000 }),
    (figures, context) => {
      expect(figures.acknowledged).toBeGreaterThanOrEqual(30)
      expect(figures.status5xx).toBe(0)
      expect(figures.lost).toBe(0)
      expect(figures.mailsExpected).toBe(figures.acknowledged * 2)
      expect(figures.mailsMissing, context).toBe(0)
      expect(figures.mailsDuplicated).toBe(0)
      expect(figures.mailsSentOnce).toBe(figures.mailsExpected)
      expect(figures.givenUp).toBe(0)
      expect(figures.unsent).toBe(0)
      // Seconds after the server is back (it is tried every 5 s), not after the mails' next back-off
      // (their second and third attempts would come 30 s and 90 s after their first).
      expect(figures.deliveredAfterMs).toBeLessThan(30_000)
      // One warning when the server goes, one note when it is back; not one per mail.
      expect(figures.log.match(/mail server unreachable/g)?.length).toBe(1)
    },
  )
})
