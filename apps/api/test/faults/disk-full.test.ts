import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  canMount,
  fillDisk,
  prepareShop,
  readStoredOrders,
  reportFigures,
  sendOrder,
  startServer,
  waitUntil,
  type OrderAttempt,
  type PreparedShop,
} from './support.ts'
import type { ApiProcess } from '../support/api-process.ts'
import { SERVICE_UNAVAILABLE_ANSWER } from '../support/error-answers.ts'

// docs/decisions.md, Faults: the disk of the embedded database fills up. Writes answer a clear 503 (and the log
// says 'No space left on device'), reads go on, the same process writes again once there is room,
// a start on a full disk either works or stops with a clear message, and the database is never
// corrupted: after space is freed the server starts and every order acknowledged before is there.
// The full disk is a small tmpfs mounted as DATA_DIR; where mounting is not permitted (a container
// without CAP_SYS_ADMIN, a user that is not root) the test is skipped with a printed reason.
// PGlite only: a PostgreSQL server's disk is the database server's, not the shop's.
const serverUrl = process.env.TEST_DATABASE_URL || undefined
const mountAllowed = !serverUrl && process.getuid?.() === 0 && canMount()
if (!serverUrl && !mountAllowed) {
  process.stdout.write('disk-full: mounting a tmpfs is not permitted here (needs root with CAP_SYS_ADMIN); skipped\n')
}

describe('a full data disk under the embedded database (PGlite pass only, needs mount)', () => {
  let mountPoint: string | undefined
  let shop: PreparedShop | undefined
  let server: ApiProcess | undefined

  afterAll(async () => {
    await server?.kill()
    await shop?.dispose().catch(() => undefined)
    if (mountPoint) {
      execFileSync('umount', ['-l', mountPoint], { stdio: 'ignore' })
      fs.rmSync(mountPoint, { recursive: true, force: true })
    }
  })

  it.skipIf(!mountAllowed)(
    'answers 503 while full, writes again once freed, and keeps every acknowledged order',
    async () => {
      mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-faults-disk-'))
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', mountPoint])
      shop = await prepareShop({ kind: 'pglite', label: 'disk', dataDir: mountPoint, productCount: 2 })
      const [product] = shop.products
      const order = (email: string) => sendOrder(server!.base, email, [{ productId: product!.id, quantity: 1 }], 10_000)
      const attempts: OrderAttempt[] = []
      server = await startServer({ dataDir: mountPoint })

      for (let index = 0; index < 10; index += 1) attempts.push(await order(`before-${index}@faults.test`))
      expect(attempts.map((attempt) => attempt.status)).toEqual(Array(10).fill(201))

      // Full: orders answer 503 in the error shape (a few may still fit in pages already there).
      const filler = fillDisk(mountPoint)
      const whileFull: OrderAttempt[] = []
      for (let index = 0; index < 40 && !whileFull.some((attempt) => attempt.status === 503); index += 1) {
        whileFull.push(await order(`full-${index}@faults.test`))
      }
      attempts.push(...whileFull)
      expect(whileFull.filter((attempt) => attempt.status !== 201 && attempt.status !== 503)).toEqual([])
      const refused = whileFull.find((attempt) => attempt.status === 503)
      expect(refused?.body).toEqual(SERVICE_UNAVAILABLE_ANSWER)
      const running = server
      await waitUntil(() => /No space left on device/.test(running.output.join('')), 5000)
      expect(server.output.join('')).toMatch(/No space left on device/)
      // Reads go on, and the process is alive.
      expect((await fetch(`${server.base}/api/products/${product!.id}`)).status).toBe(200)
      expect(server.child.exitCode).toBeNull()

      // Room again: the same process takes orders, without a restart.
      fs.rmSync(filler)
      const freed = await order('freed@faults.test')
      attempts.push(freed)
      expect(freed.status).toBe(201)
      await server.stop()

      // A start on a full disk: it starts, or it stops with a message that names the disk.
      const secondFiller = fillDisk(mountPoint)
      let startedOnFullDisk: boolean
      let startError = ''
      try {
        server = await startServer({ dataDir: mountPoint })
        startedOnFullDisk = true
        await server.stop()
      } catch (error) {
        startedOnFullDisk = false
        startError = /.*(No space left on device|ENOSPC).*/i.exec(String(error))?.[0]?.slice(0, 300) ?? String(error)
        // In a sentence that names DATA_DIR and what to do (platform/start-failure.ts), not a bare stack.
        expect(String(error)).toMatch(/The shop cannot start: no space is left on the disk of DATA_DIR \(/)
      }
      fs.rmSync(secondFiller)

      // After space is freed: it starts, and every acknowledged order is there, intact, once.
      server = await startServer({ dataDir: mountPoint })
      const after = await order('after@faults.test')
      attempts.push(after)
      expect(after.status).toBe(201)
      await server.stop()
      server = undefined
      const db = await shop.open()
      try {
        const stored = await readStoredOrders(db, shop.products)
        const acknowledged = attempts.filter((attempt) => attempt.status === 201)
        const lost = acknowledged.filter((attempt) => stored.byEmail.get(attempt.email)?.id !== attempt.orderId)
        expect(lost).toEqual([])
        expect([...stored.byEmail.values()].filter((entry) => entry.count > 1)).toEqual([])
        expect(stored.incomplete).toBe(0)
        expect(stored.stockMismatches).toEqual([])
        const { rows } = await db.query<{ ok: boolean }>(`select count(*) = count(distinct id) as ok from orders`)
        expect(rows[0]!.ok).toBe(true)
        reportFigures('disk-full pglite', {
          requests: attempts.length,
          acknowledged: acknowledged.length,
          refused503: attempts.filter((attempt) => attempt.status === 503).length,
          status500: attempts.filter((attempt) => attempt.status === 500).length,
          acceptedWhileFull: whileFull.filter((attempt) => attempt.status === 201).length,
          lost: lost.length,
          startedOnFullDisk,
          startError,
        })
      } finally {
        await db.close()
      }
    },
    150_000,
  )
})
