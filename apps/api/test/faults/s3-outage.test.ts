import { describe, expect } from 'vitest'
import { TEST_DATABASE_SERVER } from '../support/scratch-database.ts'
import { s3Outage } from './scenarios.ts'
import { itSurvives, NO_POSTGRES_SERVER } from './fault-test.ts'
import { expectNoOrderLost } from './expect-orders-intact.ts'

// The S3 server stops for 30 s under an order load on two API processes, then comes back: orders and
// the catalogue go on, stored images answer 503 with Retry-After (those images only), an upload answers
// 503 and leaves nothing behind, and both processes serve the images again once S3 is back. Two
// processes need PostgreSQL, so this runs in the PostgreSQL pass.
const OUTAGE_MS = 30_000

describe('the S3 server away for 30 s under an order load on two processes', () => {
  itSurvives(
    'keeps taking orders and serving the catalogue, answers 503 for stored images and uploads, and serves them again',
    { figures: 's3-outage postgres', skipReason: NO_POSTGRES_SERVER, timeoutMs: OUTAGE_MS + 240_000 },
    () => s3Outage({ serverUrl: TEST_DATABASE_SERVER!, outageMs: OUTAGE_MS, clients: 20, pauseMs: 200 }),
    (figures, logs) => {
      expect(figures.status5xx, logs).toBe(0)
      expect(figures.hung, logs).toBe(0)
      expect(figures.duringOutage).toBeGreaterThanOrEqual(50)
      expect(figures.acknowledgedDuringOutage).toBe(figures.duringOutage)
      expectNoOrderLost(figures)
      expect(Object.keys(figures.catalogueReads)).toEqual(['200'])
      expect(Object.keys(figures.imageReadsDuringOutage)).toEqual(['503'])
      expect(figures.imageReadsWithoutRetryAfter).toBe(0)
      expect(figures.uploadDuringOutage).toBe(503)
      expect(figures.objectsAddedDuringOutage).toBe(0)
      expect(figures.backAfterMs).toBeLessThan(10_000)
    },
  )
})
