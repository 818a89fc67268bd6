import { describe, expect, it } from 'vitest'
import { s3Outage } from './scenarios.ts'
import { reportFigures } from './support.ts'
import { expectNoOrderLost } from './expect-orders-intact.ts'

// The S3 server stops for 30 s under an order load on two API processes, then comes back: orders and
// the catalogue go on, stored images answer 503 with Retry-After (those images only), an upload answers
// 503 and leaves nothing behind, and both processes serve the images again once S3 is back. Two
// processes need PostgreSQL, so this runs in the PostgreSQL pass.
const OUTAGE_MS = 30_000
const serverUrl = process.env.TEST_DATABASE_URL || undefined
if (!serverUrl) process.stdout.write('test/faults/s3-outage.test.ts skipped: TEST_DATABASE_URL is not set\n')

describe('the S3 server away for 30 s under an order load on two processes', () => {
  it.skipIf(!serverUrl)(
    'keeps taking orders and serving the catalogue, answers 503 for stored images and uploads, and serves them again',
    async () => {
      const figures = await s3Outage({ serverUrl: serverUrl!, outageMs: OUTAGE_MS, clients: 20, pauseMs: 200 })
      const { logs, ...printed } = figures
      reportFigures('s3-outage postgres', printed)
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
    OUTAGE_MS + 240_000,
  )
})
