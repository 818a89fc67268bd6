import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import {
  DELIVERY_ADDRESS,
  SHIPPING_SETTINGS,
  createProduct,
  setShippingSettings,
} from '../src/modules/orders/test-fixtures.ts'
import { writeArchive } from '../src/ops/backup-archive.ts'
import { createBackup, restoreBackup } from '../src/ops/backup.ts'
import { loadConfig, type Config } from '../src/platform/config.ts'
import { openDatabase, type Database } from '../src/platform/db.ts'
import { storeImage } from '../src/platform/images.ts'
import { migrate } from '../src/platform/migrate.ts'
import { createStorage, type Storage } from '../src/platform/storage.ts'
import { createUser } from './helpers.ts'
import { runNodeScript, type ScriptResult } from './support/api-process.ts'
import { startS3Server } from './support/s3-server.ts'
import { createScratchDatabase, TEST_DATABASE_SERVER, type ScratchDatabase } from './support/scratch-database.ts'

// docs/decisions.md, Backups: `npm run backup` / `npm run restore` on the database these API tests
// run on (PGlite in a data directory, or a PostgreSQL server with TEST_DATABASE_URL), through the
// real command, pg_dump and pg_restore; every table and every stored file is compared after a restore.
// About 20 s per database on 2 cores (measured at a load average of ~13). The timeouts are generous:
// PGlite's start-up is CPU-bound and stretched to 90-150 s at a load average of ~24.

const serverUrl = TEST_DATABASE_SERVER
const kind = serverUrl ? 'PostgreSQL' : 'PGlite'
const CLI = fileURLToPath(new URL('../src/ops/backup-cli.ts', import.meta.url))
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-test-'))

const createdDatabases: ScratchDatabase[] = []

/** A fresh, empty database on the server (PostgreSQL runs only), named for this test. */
async function createDatabase(): Promise<string> {
  const database = await createScratchDatabase('backup', serverUrl)
  createdDatabases.push(database)
  return database.url
}

type Shop = { env: Record<string, string>; config: Config }

/** The environment of one shop: its data directory, its database (PostgreSQL runs) and its storage. */
async function newShop(name: string, extra: Record<string, string> = {}): Promise<Shop> {
  const env = {
    DATA_DIR: path.join(root, name),
    DATABASE_URL: serverUrl ? await createDatabase() : '',
    SEED: 'none',
    LOG_LEVEL: 'silent',
    MAIL_WORKER: 'off',
    ...extra,
  }
  // Without AUTH_SECRET, as a shop would run: its signing key is generated into its database (fillShop signs a token).
  return { env, config: loadConfig(env) }
}

function openShopDatabase(shop: Shop): Promise<Database> {
  return openDatabase({ url: shop.config.databaseUrl, directory: path.join(shop.config.dataDir, 'db') })
}

/** Runs `npm run backup|restore -- ...` as an operator would (the same script, without npm's banner). */
function runCommand(shop: Shop, args: string[], env: Record<string, string> = {}): Promise<ScriptResult> {
  return runNodeScript(CLI, args, { ...shop.env, ...env })
}

/** Row count and a hash of every row per table, and every sequence's position. */
async function snapshot(db: Database): Promise<{ tables: Record<string, string>; sequences: Record<string, string> }> {
  const { rows } = await db.query<{ table_name: string }>(
    `select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  const tables: Record<string, string> = {}
  for (const { table_name: name } of rows) {
    const { rows: hashed } = await db.query<{ count: number; hash: string }>(
      `select count(*)::int as count, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as hash from "${name}" t`,
    )
    tables[name] = `${hashed[0]!.count} rows, ${hashed[0]!.hash}`
  }
  const { rows: sequenceRows } = await db.query<{ name: string; last_value: string | null; is_called: boolean }>(
    `select schemaname || '.' || sequencename as name, last_value::text as last_value from pg_sequences order by 1`,
  )
  const sequences = Object.fromEntries(sequenceRows.map((row) => [row.name, String(row.last_value)]))
  return { tables, sequences }
}

async function storedFiles(storage: Storage): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>()
  for await (const key of storage.list()) {
    const stored = await storage.get(key)
    const chunks: Buffer[] = []
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer)
    files.set(key, Buffer.concat(chunks))
  }
  return new Map([...files.entries()].sort(([a], [b]) => a.localeCompare(b)))
}

/** A shop with users, products with images, orders (one cancelled) and a catalogue PDF; answers its state. */
async function fillShop(shop: Shop): Promise<ShopState> {
  const db = await openShopDatabase(shop)
  try {
    await migrate(db)
    const config = loadConfig(shop.env)
    const app = await buildApp({ config, db })
    await app.ready()
    try {
      const storage = createStorage(config)
      await setShippingSettings(db, SHIPPING_SETTINGS)
      const customer = await createUser(db, { email: 'kupac@backup.ba' })
      await createUser(db, { email: 'menadzer@backup.ba', roles: ['user', 'store_manager'] })
      const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a6f97' } })
        .jpeg()
        .toBuffer()
      const image = await storeImage(storage, picture, 'products')
      const products = [
        await createProduct(db, { name: 'Čekić', stock: 20, image: image.url }),
        await createProduct(db, { name: 'Šarafciger', stock: 5 }),
      ]
      await storage.put(
        'catalogs/veleprodaja-alati.pdf',
        Buffer.from('%PDF-1.4\n% katalog\n%%EOF\n'),
        'application/pdf',
      )
      const token = await app.tokens.sign({ userId: customer.id, role: 'user', tokenVersion: 0 })
      const headers = { authorization: `Bearer ${token}` }
      const orderIds: string[] = []
      for (const [index, product] of [...products, products[0]!].entries()) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: index === 2 ? headers : {},
          payload: {
            email: index === 2 ? customer.email : `gost${index}@backup.ba`,
            products: [{ product_id: product.id, quantity: 2 }],
            shippingAddress: DELIVERY_ADDRESS,
            shippingMethod: { id: 'courier' },
          },
        })
        expect(response.statusCode).toBe(201)
        orderIds.push((JSON.parse(response.body) as { id: string }).id)
      }
      const cancelled = await app.inject({ method: 'PATCH', url: `/api/orders/${orderIds[2]}/cancel`, headers })
      expect(cancelled.statusCode).toBe(200)
    } finally {
      await app.close()
    }
    const { tables, sequences } = await snapshot(db)
    return { tables, sequences, files: await storedFiles(createStorage(shop.config)) }
  } finally {
    await db.close()
  }
}

type ShopState = { tables: Record<string, string>; sequences: Record<string, string>; files: Map<string, Buffer> }

async function stateOf(shop: Shop): Promise<ShopState> {
  const db = await openShopDatabase(shop)
  const { tables, sequences } = await snapshot(db).finally(() => db.close())
  return { tables, sequences, files: await storedFiles(createStorage(shop.config)) }
}

async function expectSameShop(target: Shop): Promise<void> {
  const after = await stateOf(target)
  expect(after.tables).toEqual(before.tables)
  expect(after.sequences).toEqual(before.sequences)
  expect([...after.files.keys()]).toEqual([...before.files.keys()])
  for (const [key, bytes] of before.files) expect(after.files.get(key)!.equals(bytes), key).toBe(true)
}

let source: Shop
let before: ShopState
let backupFile: string
const backups = path.join(root, 'backups')

afterAll(async () => {
  for (const database of createdDatabases) await database.drop()
  fs.rmSync(root, { recursive: true, force: true })
})

describe(`backup and restore on ${kind}`, () => {
  beforeAll(async () => {
    fs.mkdirSync(backups)
    source = await newShop('source')
    before = await fillShop(source)
    // What the comparison rests on: a shop with orders, images, a PDF and sequences in use.
    expect(Object.keys(before.tables).length).toBeGreaterThan(10)
    expect(before.tables['orders']).toMatch(/^3 rows/)
    expect(Object.keys(before.sequences).length).toBeGreaterThan(0)
    expect([...before.files.keys()].some((key) => key.endsWith('.pdf'))).toBe(true)
    expect(before.files.size).toBeGreaterThan(2)
  }, 180_000)

  it('writes one timestamped tar with the database, every stored file and a manifest', async () => {
    const result = await runCommand(source, ['backup', backups])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const written = fs.readdirSync(backups)
    expect(written).toHaveLength(1)
    expect(written[0]).toMatch(/^shop-backup-\d{8}T\d{6}Z\.tar$/)
    backupFile = path.join(backups, written[0]!)
    expect(result.stdout).toContain(`Backup written: ${backupFile}`)
    // What the operator watches: the database, then the files counted with their bytes.
    expect(result.stdout).toMatch(/^ {2}database dumped \(\d+\.\d MB\)$/m)
    expect(result.stdout).toMatch(new RegExp(`^  ${before.files.size} stored files to copy$`, 'm'))
    expect(result.stdout).toMatch(
      new RegExp(`^  copied ${before.files.size} of ${before.files.size} files \\(\\d+\\.\\d MB\\)$`, 'm'),
    )
    // Password hashes, addresses and the signing key: readable by the owner only.
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600)
  }, 90_000)

  it('restores into an empty data directory and database: every table, sequence and file is equal', async () => {
    const target = await newShop('restored')
    const result = await runCommand(target, ['restore', backupFile])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/Restored the backup of .*: \d+ tables, \d+ files/)
    expect(result.stdout).toMatch(/^ {2}database read from the backup \(\d+\.\d MB\)$/m)
    expect(result.stdout).toMatch(
      new RegExp(`^  restored ${before.files.size} of ${before.files.size} files \\(\\d+\\.\\d MB\\)$`, 'm'),
    )
    await expectSameShop(target)
    // The signing key the shop generated (no AUTH_SECRET) came back with the database: tokens stay valid.
    expect(before.tables.shop_secrets).toMatch(/^1 rows, /)

    const refused = await runCommand(target, ['restore', backupFile])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(
      serverUrl
        ? /^The target is not empty: the database has \d+ tables; the file storage holds \d+ files\. .*add --force to replace what is there\./
        : /^The target is not empty: the embedded database .* is not empty; the file storage holds \d+ files\. .*add --force/,
    )

    // --force replaces what is there, including a file that the backup does not hold.
    await createStorage(target.config).put('products/stray.webp', Buffer.from('stray'), 'image/webp')
    await restoreBackup({ config: target.config, file: backupFile, force: true })
    await expectSameShop(target)

    // Not while the shop runs on the target.
    const running = await openShopDatabase(target)
    await running.query('select 1')
    try {
      await expect(restoreBackup({ config: target.config, file: backupFile, force: true })).rejects.toThrow(
        serverUrl
          ? /^1 other connections are open to the database \(is the shop still running\?\)\. Stop every API process before a restore\./
          : /^Cannot restore into the embedded database while the shop runs\. The embedded database in .* is already in use by process \d+/,
      )
    } finally {
      await running.close()
    }
  }, 180_000)

  it('refuses a damaged, cut or foreign file with a clear message and changes nothing', async () => {
    const target = await newShop('untouched')
    const bytes = fs.readFileSync(backupFile)
    const damaged = path.join(root, 'damaged.tar')
    const flipped = Buffer.from(bytes)
    flipped[1024] = flipped[1024]! ^ 0xff // inside the first entry's data (the database)
    fs.writeFileSync(damaged, flipped)
    const cut = path.join(root, 'cut.tar')
    fs.writeFileSync(cut, bytes.subarray(0, bytes.length - 2048 - 1024))
    const foreign = path.join(root, 'foreign.tar')
    await writeArchive(foreign, (async function* () {})(), () => ({
      format: 1,
      createdAt: new Date().toISOString(),
      database: { kind: serverUrl ? 'pglite' : 'postgres', serverVersion: 'x', entry: 'database/x', tables: {} },
      files: [],
      entries: {},
    }))

    const usage = runCommand(target, ['backup', backups, '--force'])
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => 'no error',
        (error: Error) => `${error.name}: ${error.message}\n`,
      )
    const restore = (file: string) => failure(restoreBackup({ config: target.config, file }))
    const damagedResult = await restore(damaged)
    const cutResult = await restore(cut)
    const foreignResult = await restore(foreign)
    const missingResult = await restore(path.join(root, 'missing.tar'))
    const noDirectory = await failure(
      createBackup({ config: target.config, directory: path.join(root, 'no-such-directory') }),
    )
    const usageResult = await usage
    expect(usageResult.code).toBe(2)
    expect(usageResult.stderr).toMatch(/^--force belongs to restore\.\nUsage:\n {2}npm run backup -- <directory>/)
    expect(damagedResult).toMatch(
      /^BackupError: database\/\S+ in .*damaged\.tar does not match its checksum: the backup is damaged\./,
    )
    expect(cutResult).toMatch(
      /cut\.tar (has no manifest\.json: it is not a shop backup, or it was cut short|is not a readable shop backup)/,
    )
    expect(foreignResult).toBe(
      serverUrl
        ? 'BackupError: This backup holds the embedded database (PGlite); restore it with DATABASE_URL unset, into DATA_DIR.\n'
        : 'BackupError: This backup holds a PostgreSQL database; restore it with DATABASE_URL set to an empty database.\n',
    )
    expect(missingResult).toMatch(/^BackupError: There is no backup file .*missing\.tar\./)
    expect(noDirectory).toMatch(
      /^BackupError: The backup directory .*no-such-directory does not exist \(create it first\)\./,
    )
    // Nothing to back up: an embedded data directory without a database, a server that does not answer.
    if (serverUrl) {
      const unreachable = { ...target.config, databaseUrl: 'postgres://postgres@127.0.0.1:1/none' }
      expect(await failure(createBackup({ config: unreachable, directory: backups }))).toMatch(
        /^BackupError: Cannot connect to the database of DATABASE_URL: /,
      )
    } else {
      expect(await failure(createBackup({ config: target.config, directory: backups }))).toMatch(
        /^BackupError: There is no embedded database in .*untouched\/db\/pgdata to back up \(is DATA_DIR right\?\)\./,
      )
    }
    if (serverUrl) {
      const db = await openShopDatabase(target)
      const { rows } = await db
        .query<{ count: number }>(`select count(*)::int as count from pg_tables where schemaname = 'public'`)
        .finally(() => db.close())
      expect(rows[0]!.count).toBe(0)
    } else {
      expect(fs.existsSync(path.join(target.config.dataDir, 'db', 'pgdata'))).toBe(false)
    }
  }, 180_000)

  it.runIf(serverUrl)(
    'names the fix when pg_dump is missing or older than the server',
    async () => {
      // The machine has one pg_dump, of the server's version; the refusal of an older pg_dump is
      // its exact text, printed by a stand-in on PG_DUMP.
      const older = path.join(root, 'pg_dump_old')
      fs.writeFileSync(
        older,
        '#!/bin/sh\necho "pg_dump: error: aborting because of server version mismatch" >&2\n' +
          'echo "pg_dump: detail: server version: 16.4; pg_dump version: 15.20" >&2\nexit 1\n',
        { mode: 0o755 },
      )
      const emptyDirectory = path.join(root, 'empty-backups')
      fs.mkdirSync(emptyDirectory)
      const backup = (pgDump: string) =>
        createBackup({ config: source.config, directory: emptyDirectory, tools: { pgDump } }).then(
          () => 'no error',
          (error: Error) => error.message,
        )
      const mismatch = await backup(older)
      const missing = await backup(path.join(root, 'no-pg-dump'))
      expect(mismatch).toMatch(
        /is older than the database server \(PostgreSQL [\d.]+.*\) and refuses to dump it: .*server version mismatch.*Install pg_dump of the server's major version \(or newer\) and point PG_DUMP at it/s,
      )
      expect(missing).toMatch(/no-pg-dump was not found\. Install the PostgreSQL client of the server's version/)
      expect(fs.readdirSync(emptyDirectory)).toEqual([])

      // pg_restore the same way: missing, or older than the pg_dump that wrote the backup (its text).
      const olderRestore = path.join(root, 'pg_restore_old')
      fs.writeFileSync(
        olderRestore,
        '#!/bin/sh\necho "pg_restore: error: unsupported version (1.16) in file header" >&2\nexit 1\n',
        { mode: 0o755 },
      )
      const target = await newShop('restore-tools')
      const restore = (pgRestore: string) =>
        restoreBackup({ config: target.config, file: backupFile, tools: { pgRestore } }).then(
          () => 'no error',
          (error: Error) => error.message,
        )
      expect(await restore(path.join(root, 'no-pg-restore'))).toMatch(
        /no-pg-restore was not found\. Install the PostgreSQL client .* or set PG_RESTORE to its path\./,
      )
      expect(await restore(olderRestore)).toMatch(
        /pg_restore_old is older than the pg_dump that wrote this backup: .*unsupported version.*Use pg_restore of the same or a newer major version/s,
      )
      const failing = path.join(root, 'pg_restore_failing')
      fs.writeFileSync(failing, '#!/bin/sh\necho "pg_restore: error: could not execute query" >&2\nexit 1\n', {
        mode: 0o755,
      })
      expect(await restore(failing)).toMatch(
        /^pg_restore failed \(exit 1\), nothing was restored: pg_restore: error: could not execute query$/,
      )
    },
    90_000,
  )

  it.runIf(!serverUrl)(
    'refuses to back up the embedded database while the shop runs on it',
    async () => {
      const running = await openShopDatabase(source)
      try {
        await expect(createBackup({ config: source.config, directory: backups })).rejects.toThrow(
          /^Cannot back up the embedded database while the shop runs\. The embedded database in .* is already in use by process \d+/,
        )
      } finally {
        await running.close()
      }
    },
    90_000,
  )

  it('moves the files into an S3 bucket and back: restore into an empty bucket, back up from it', async () => {
    const [firstBucket, secondBucket] = await Promise.all([startS3Server(), startS3Server()])
    try {
      // The disk shop's backup restored into a shop whose files live in a bucket...
      const inBucket = await newShop('s3-restored', firstBucket.env)
      await restoreBackup({ config: inBucket.config, file: backupFile })
      const inBucketFiles = await storedFiles(createStorage(inBucket.config))
      expect([...inBucketFiles.keys()]).toEqual([...before.files.keys()])
      expect(fs.existsSync(path.join(inBucket.config.dataDir, 'uploads'))).toBe(false)

      // ...a non-empty bucket is refused like a non-empty directory...
      const nextShop = await newShop('s3-next', secondBucket.env)
      await createStorage(nextShop.config).put('products/stray.webp', Buffer.from('stray'), 'image/webp')
      await expect(restoreBackup({ config: nextShop.config, file: backupFile })).rejects.toThrow(
        /^The target is not empty: the file storage holds 1 files\. Restore into an empty data directory, database and bucket, or add --force/,
      )
      await createStorage(nextShop.config).delete('products/stray.webp')

      // ...and a backup taken from the bucket restores into another empty one, equal again.
      const directory = path.join(root, 's3-backups')
      fs.mkdirSync(directory)
      const { file, manifest } = await createBackup({ config: inBucket.config, directory })
      expect(manifest.files.map((stored) => stored.key)).toEqual([...before.files.keys()])
      await restoreBackup({ config: nextShop.config, file })
      await expectSameShop(nextShop)
    } finally {
      await Promise.all([firstBucket.stop(), secondBucket.stop()])
    }
  }, 180_000)

  it("backs up and restores a bucket of 1,500 files (past S3's 1,000 keys a listing page), saying how far it is", async () => {
    const [fullBucket, emptyBucket] = await Promise.all([startS3Server(), startS3Server()])
    try {
      const full = await newShop('s3-full', fullBucket.env)
      await restoreBackup({ config: full.config, file: backupFile })
      const storage = createStorage(full.config)
      const extra = Array.from({ length: 1_500 - before.files.size }, (_, index) => `products/bulk-${index}.webp`)
      for (let start = 0; start < extra.length; start += 50) {
        await Promise.all(extra.slice(start, start + 50).map((key) => storage.put(key, Buffer.from(key), 'image/webp')))
      }
      const directory = path.join(root, 's3-full-backups')
      fs.mkdirSync(directory)
      const lines: string[] = []
      const { file, manifest } = await createBackup({ config: full.config, directory, log: (line) => lines.push(line) })
      expect(manifest.files).toHaveLength(1_500)
      expect(lines).toContain('1500 stored files to copy')
      expect(lines.filter((line) => line.startsWith('copied '))).toEqual([
        expect.stringMatching(/^copied 250 of 1500 files \(\d+\.\d MB\)$/),
        expect.stringMatching(/^copied 500 of 1500 files/),
        expect.stringMatching(/^copied 750 of 1500 files/),
        expect.stringMatching(/^copied 1000 of 1500 files/),
        expect.stringMatching(/^copied 1250 of 1500 files/),
        expect.stringMatching(/^copied 1500 of 1500 files/),
      ])

      const restored = await newShop('s3-full-restored', emptyBucket.env)
      lines.length = 0
      await restoreBackup({ config: restored.config, file, log: (line) => lines.push(line) })
      expect(lines).toContain('1500 stored files to restore')
      expect(lines.at(-1)).toMatch(/^restored 1500 of 1500 files/)
      const restoredFiles = await storedFiles(createStorage(restored.config))
      expect(restoredFiles.size).toBe(1_500)
      expect(restoredFiles.get('products/bulk-1234.webp')?.toString()).toBe('products/bulk-1234.webp')
    } finally {
      await Promise.all([fullBucket.stop(), emptyBucket.stop()])
    }
  }, 300_000)
})
