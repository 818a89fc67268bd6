import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_URL_PREFIX } from '@shop/shared/rules/image-variants.ts'
import { encodeImage } from '../../src/platform/images.ts'
import { canMount, fillDisk, prepareShop, reportFigures, startServer, type PreparedShop } from './support.ts'
import type { ApiProcess } from '../support/api-process.ts'
import { SERVICE_UNAVAILABLE_ANSWER } from '../support/error-answers.ts'

// docs/decisions.md, Faults: the uploads folder refuses writes. A staff image upload answers a clear 503
// in the specification's error shape, and nothing of the image stays behind: no main file, no
// variant, no half-written '.part' file, no audit entry, no product_images row.
//
// How the folder is made unwritable: `chmod 0500` does not stop root, and the tests may run as
// root (they do in this project's CI container). Then the server runs as the unprivileged user
// 'nobody' (uid 65534), as a shop's service user would, and the chmod holds. Where mounting is
// allowed, a second case puts a tiny tmpfs over the folder and fills it (ENOSPC) so that some
// files of the image set fit and others do not: the ones that fit must be removed again.
const serverUrl = process.env.TEST_DATABASE_URL || undefined
const NOBODY = 65534
const isRoot = process.getuid?.() === 0

/** 'nobody' must reach the checkout to run the server from it: every folder above it searchable by others. */
function isReachableByOthers(folder: string): boolean {
  for (let current = folder; ; current = path.dirname(current)) {
    if ((fs.statSync(current).mode & 0o001) === 0) return false
    if (path.dirname(current) === current) return true
  }
}
const checkout = path.resolve(import.meta.dirname, '../../../..')
/** A checkout in a private folder (mktemp -d is 0700): the server cannot run as 'nobody', so root is not stopped. */
const cannotDropRoot = isRoot && !isReachableByOthers(checkout)
if (!serverUrl && cannotDropRoot) {
  process.stdout.write(
    `uploads-unwritable: 'nobody' cannot reach ${checkout}; the unwritable folder cases are skipped\n`,
  )
}

const mountAllowed = isRoot && canMount()
if (!serverUrl && !mountAllowed) {
  process.stdout.write('uploads-unwritable: mounting a tmpfs is not permitted here; the full-disk case is skipped\n')
}

/** Every file under the folder (recursively), '.part' leftovers included. */
function filesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return []
  return (fs.readdirSync(folder, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(folder, entry)).isFile())
    .sort()
}

describe.skipIf(serverUrl || cannotDropRoot)(
  'an unwritable uploads folder (storage does not depend on the database: PGlite pass only)',
  () => {
    let shop: PreparedShop
    let server: ApiProcess
    let uploads: string
    let picture: Buffer
    let mounted: string | undefined
    const successes: string[] = []

    beforeAll(async () => {
      shop = await prepareShop({ kind: 'pglite', label: 'uploads', staff: true, productCount: 1 })
      uploads = path.join(shop.dataDir, 'uploads')
      fs.mkdirSync(path.join(uploads, 'products'), { recursive: true })
      if (isRoot) execFileSync('chown', ['-R', `${NOBODY}:${NOBODY}`, shop.dataDir])
      // Smooth noise, so that the WebP set has files of clearly different sizes.
      const noise = Buffer.from(Array.from({ length: 160 * 120 * 3 }, () => Math.floor(Math.random() * 256)))
      picture = await sharp(noise, { raw: { width: 160, height: 120, channels: 3 } })
        .resize(1400, 1050)
        .png()
        .toBuffer()
      server = await startServer({ dataDir: shop.dataDir, ...(isRoot ? { uid: NOBODY, gid: NOBODY } : {}) })
    }, 120_000)

    afterAll(async () => {
      if (mounted) execFileSync('umount', ['-l', mounted], { stdio: 'ignore' })
      await server?.kill()
      await shop?.dispose()
    })

    const upload = () => {
      const form = new FormData()
      form.append('image', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'slika.png')
      return fetch(`${server.base}/api/products/images`, { method: 'POST', headers: shop.staffHeaders, body: form })
    }

    it('answers 503 with the error shape and stores nothing while the folder is read-only (chmod 0500)', async () => {
      fs.chmodSync(path.join(uploads, 'products'), 0o500)
      const refused = await upload()
      expect(refused.status).toBe(503)
      expect(await refused.json()).toEqual(SERVICE_UNAVAILABLE_ANSWER)
      expect(filesUnder(uploads)).toEqual([])

      // Writable again: the same upload succeeds without a restart, and stores the whole set.
      fs.chmodSync(path.join(uploads, 'products'), 0o755)
      const stored = await upload()
      expect(stored.status).toBe(201)
      const { url } = (await stored.json()) as { url: string }
      successes.push(url)
      expect(filesUnder(uploads)).toHaveLength(4)
      expect((await fetch(`${server.base}${url}`)).status).toBe(200)
      reportFigures('uploads-unwritable chmod', {
        refused: 503,
        storedAfter: 201,
        leftovers: 0,
        asUser: isRoot ? 'nobody' : 'self',
      })
    }, 60_000)

    it.skipIf(!mountAllowed)(
      'answers 503 and removes the files that did fit when the disk fills in the middle of the image set',
      async () => {
        const encoded = await encodeImage(picture)
        const sizes = [encoded.main.length, ...encoded.variants.map((variant) => variant.body.length)].sort(
          (left, right) => left - right,
        )
        mounted = path.join(uploads, 'products')
        const before = filesUnder(uploads)
        execFileSync('mount', ['-t', 'tmpfs', '-o', `size=2m,uid=${NOBODY},gid=${NOBODY},mode=0755`, 'tmpfs', mounted])
        // Fill the tmpfs, then give back room for the smallest file of the set and a little more.
        const filler = fillDisk(mounted, (Math.ceil(sizes[0]! / 4096) + 1) * 4096)
        const free = fs.statfsSync(mounted).bavail * fs.statfsSync(mounted).bsize
        expect(free).toBeLessThan(sizes.at(-1)!)

        const refused = await upload()
        expect(refused.status).toBe(503)
        expect(await refused.json()).toEqual(SERVICE_UNAVAILABLE_ANSWER)
        expect(filesUnder(mounted)).toEqual(['filler.bin'])

        fs.rmSync(filler)
        const stored = await upload()
        expect(stored.status).toBe(201)
        successes.push(((await stored.json()) as { url: string }).url)
        expect(filesUnder(mounted)).toHaveLength(4)
        execFileSync('umount', [mounted])
        mounted = undefined
        expect(filesUnder(uploads)).toEqual(before)
        reportFigures('uploads-unwritable enospc', { freeBytes: free, setBytes: sizes, refused: 503, leftovers: 0 })
      },
      60_000,
    )

    it('recorded only the uploads that succeeded, and no product_images row', async () => {
      await server.stop()
      const db = await shop.open()
      try {
        const { rows: audited } = await db.query<{ entity_id: string }>(
          `select entity_id from audit_log where entity = 'image' and action = 'create'`,
        )
        expect(audited.map((row) => `${IMAGE_URL_PREFIX}${row.entity_id}`).sort()).toEqual([...successes].sort())
        const { rows: images } = await db.query<{ count: number }>('select count(*)::int as count from product_images')
        expect(images[0]!.count).toBe(0)
      } finally {
        await db.close()
      }
    }, 60_000)
  },
)
