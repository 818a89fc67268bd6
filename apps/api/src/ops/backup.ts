import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { PGlite } from '@electric-sql/pglite'
import { citext } from '@electric-sql/pglite/contrib/citext'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import pg from 'pg'
import type { Config } from '../platform/config.ts'
import { lockDataDirectory } from '../platform/data-dir-lock.ts'
import { createStorage, type Storage } from '../platform/storage.ts'
import { MANIFEST_ENTRY, bufferOf, readArchive, writeArchive, type ArchiveEntry } from './backup-archive.ts'
import { legacySecretFile } from '../platform/signing-key.ts'

/**
 * `npm run backup` / `npm run restore` (docs/decisions.md, 'Backups'). One backup is one tar file:
 *   database/pglite-datadir.tar.gz  the embedded database's data directory (PGlite's dumpDataDir), or
 *   database/postgres.dump          pg_dump's custom format of the PostgreSQL database,
 *   files/<key>                     every stored file (images, their variants, catalogues), from disk or S3,
 *   secrets/auth-secret             DATA_DIR/auth-secret, the signing key a shop from before the
 *                                   database-kept key (platform/signing-key.ts) generated, when there is one,
 *   manifest.json                   what the backup holds, with a SHA-256 of every entry (last).
 */
export const BACKUP_FORMAT = 1

export type BackupManifest = {
  format: number
  createdAt: string
  database: { kind: 'pglite' | 'postgres'; serverVersion: string; entry: string; tables: Record<string, number> }
  files: { key: string; size: number; sha256: string; contentType: string }[]
  entries: Record<string, { size: number; sha256: string }>
}

/** A failure with a message for the operator; the command prints it and exits 1. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BackupError'
  }
}

type Log = (line: string) => void

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`

/** The files' progress for an operator watching a long copy: a line every `every` files and one at the end. */
export function fileProgress(log: Log, total: number, verb: string, every = 250) {
  let count = 0
  let bytes = 0
  return (size: number) => {
    count += 1
    bytes += size
    if (count % every === 0 || count === total) {
      log(`${verb} ${count} of ${total} files (${megabytes(bytes)})`)
    }
  }
}

/** The PostgreSQL client programs (the command takes them from PG_DUMP / PG_RESTORE). */
export type PostgresTools = { pgDump?: string | undefined; pgRestore?: string | undefined }

export type ShopTarget = Pick<Config, 'dataDir' | 'databaseUrl' | 's3'>

/** What both a backup and a restore are given: the shop they work on, where progress goes, the client programs. */
type ShopOperation = { config: ShopTarget; log?: Log; tools?: PostgresTools }

const PGLITE_ENTRY = 'database/pglite-datadir.tar.gz'
const POSTGRES_ENTRY = 'database/postgres.dump'
const SECRET_ENTRY = 'secrets/auth-secret'
const FILE_PREFIX = 'files/'
const EXTENSIONS = { pg_trgm, unaccent, citext }

const pgliteDataOf = (config: ShopTarget) => path.join(config.dataDir, 'db', 'pgdata')
const lockDirectoryOf = (config: ShopTarget) => path.join(config.dataDir, 'db')
const secretFileOf = (config: ShopTarget) => legacySecretFile(config.dataDir)

/** shop-backup-20261124T193648Z.tar: sorts by time, no colons (safe on every file system). */
export function backupFileName(now: Date): string {
  return `shop-backup-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar`
}

// ---------------------------------------------------------------- backup

export async function createBackup({
  config,
  directory,
  now = new Date(),
  log = () => undefined,
  tools = {},
}: ShopOperation & { directory: string; now?: Date }): Promise<{ file: string; manifest: BackupManifest }> {
  const target = path.resolve(directory)
  if (!fs.existsSync(target) || !fs.statSync(target).isDirectory()) {
    throw new BackupError(`The backup directory ${target} does not exist (create it first).`)
  }
  const file = path.join(target, backupFileName(now))
  if (fs.existsSync(file)) throw new BackupError(`${file} exists already; a backup never overwrites one.`)
  const storage = createStorage(config)
  const temporary = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-'))
  let manifest: BackupManifest | undefined
  try {
    // The database first, then the files: a stored file never changes under its key and an image
    // is written before the row that names it, so every file the dump refers to is then present.
    const database = config.databaseUrl
      ? await dumpPostgres(config.databaseUrl, temporary, log, tools.pgDump || 'pg_dump')
      : await dumpPglite(config, temporary, log)
    log(`database dumped (${megabytes(fs.statSync(database.file).size)})`)
    const keys = await storedKeys(storage)
    log(`${keys.length} stored files to copy`)
    const files: BackupManifest['files'] = []
    const copied = fileProgress(log, keys.length, 'copied')
    const secretFile = secretFileOf(config)
    const hasSecret = fs.existsSync(secretFile)

    async function* entries(): AsyncIterable<ArchiveEntry> {
      yield { name: database.entry, size: fs.statSync(database.file).size, body: fs.createReadStream(database.file) }
      if (hasSecret) yield { name: SECRET_ENTRY, size: fs.statSync(secretFile).size, body: fs.readFileSync(secretFile) }
      for (const key of keys) {
        const stored = await storage.get(key)
        if (!stored) continue // deleted by staff since it was listed: nothing left to copy
        files.push({ key, size: stored.size, sha256: '', contentType: stored.contentType })
        yield { name: FILE_PREFIX + key, size: stored.size, body: stored.body }
        copied(stored.size)
      }
    }

    await writeArchive(file, entries(), (written) => {
      const byName = Object.fromEntries(
        written.map((entry) => [entry.name, { size: entry.size, sha256: entry.sha256 }]),
      )
      for (const stored of files) stored.sha256 = byName[FILE_PREFIX + stored.key]!.sha256
      manifest = {
        format: BACKUP_FORMAT,
        createdAt: now.toISOString(),
        database: {
          kind: database.kind,
          serverVersion: database.serverVersion,
          entry: database.entry,
          tables: database.tables,
        },
        files,
        entries: byName,
      }
      return manifest
    })
  } catch (error) {
    if (error instanceof BackupError) throw error
    throw new BackupError(`The backup failed: ${(error as Error).message}`)
  } finally {
    fs.rmSync(temporary, { recursive: true, force: true })
  }
  return { file, manifest: manifest! }
}

type DatabaseDump = {
  kind: 'pglite' | 'postgres'
  entry: string
  file: string
  serverVersion: string
  tables: Record<string, number>
}

async function dumpPglite(config: ShopTarget, temporary: string, log: Log): Promise<DatabaseDump> {
  const dataDirectory = pgliteDataOf(config)
  if (!fs.existsSync(path.join(dataDirectory, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${dataDirectory} to back up (is DATA_DIR right?).`)
  }
  // PGlite cannot be read from a second process while the shop has it open, so the embedded
  // database is backed up while the shop is stopped (a PostgreSQL server is backed up live).
  const unlock = lockEmbedded(config, 'back up')
  try {
    const database = await PGlite.create(dataDirectory, { extensions: EXTENSIONS })
    try {
      const serverVersion = await serverVersionOf((sql) => database.query(sql))
      const tables = await tableCounts((sql) => database.query(sql))
      log(`embedded database: ${serverVersion}, ${Object.keys(tables).length} tables`)
      const tarball = await database.dumpDataDir('gzip')
      const file = path.join(temporary, 'pglite-datadir.tar.gz')
      fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()))
      return { kind: 'pglite', entry: PGLITE_ENTRY, file, serverVersion, tables }
    } finally {
      await database.close()
    }
  } finally {
    unlock()
  }
}

async function dumpPostgres(url: string, temporary: string, log: Log, pgDump: string): Promise<DatabaseDump> {
  const file = path.join(temporary, 'postgres.dump')
  const connection = withoutPassword(url)
  // The shop keeps running: the row counts of the manifest and pg_dump read one exported snapshot,
  // held open by this transaction until pg_dump has finished.
  const { serverVersion, tables, result } = await withClient(url, async (client) => {
    await client.query('begin isolation level repeatable read read only')
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')
    const serverVersion = await serverVersionOf((sql) => client.query(sql))
    const tables = await tableCounts((sql) => client.query(sql))
    log(`PostgreSQL: ${serverVersion}, ${Object.keys(tables).length} tables`)
    const result = await run(
      pgDump,
      [
        '--format=custom',
        '--compress=6',
        `--snapshot=${rows[0]!.snapshot}`,
        `--file=${file}`,
        `--dbname=${connection.url}`,
      ],
      connection.env,
    )
    await client.query('commit')
    return { serverVersion, tables, result }
  })
  if (result.missing) {
    throw new BackupError(
      `${pgDump} was not found. Install the PostgreSQL client of the server's version ` +
        `(${serverVersion}; Debian: apt-get install postgresql-client) or set PG_DUMP to its path.`,
    )
  }
  if (result.code !== 0) {
    if (/server version mismatch/i.test(result.stderr)) {
      throw new BackupError(
        `${pgDump} is older than the database server (${serverVersion}) and refuses to dump it: ` +
          `${result.stderr.trim()}. Install pg_dump of the server's major version (or newer) and ` +
          'point PG_DUMP at it, e.g. PG_DUMP=/usr/lib/postgresql/16/bin/pg_dump.',
      )
    }
    throw new BackupError(`pg_dump failed (exit ${result.code}): ${result.stderr.trim()}`)
  }
  return { kind: 'postgres', entry: POSTGRES_ENTRY, file, serverVersion, tables }
}

// ---------------------------------------------------------------- restore

export async function restoreBackup({
  config,
  file,
  force = false,
  log = () => undefined,
  tools = {},
}: ShopOperation & { file: string; force?: boolean }): Promise<BackupManifest> {
  const source = path.resolve(file)
  if (!fs.existsSync(source) || !fs.statSync(source).isFile())
    throw new BackupError(`There is no backup file ${source}.`)
  const manifest = await verifyBackup(source)
  log(
    `backup checked: ${Object.keys(manifest.entries).length} entries match their checksums (${megabytes(fs.statSync(source).size)})`,
  )
  const targetKind = config.databaseUrl ? 'postgres' : 'pglite'
  if (manifest.database.kind !== targetKind) {
    throw new BackupError(
      manifest.database.kind === 'pglite'
        ? 'This backup holds the embedded database (PGlite); restore it with DATABASE_URL unset, into DATA_DIR.'
        : 'This backup holds a PostgreSQL database; restore it with DATABASE_URL set to an empty database.',
    )
  }
  const storage = createStorage(config)
  const unlock = targetKind === 'pglite' ? lockEmbedded(config, 'restore into') : () => undefined
  const temporary = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-restore-'))
  try {
    // Every refusal comes before the first change.
    const existingKeys = await storedKeys(storage)
    const databaseProblem =
      targetKind === 'pglite' ? embeddedContents(config) : await postgresContents(config.databaseUrl!)
    const problems = [
      ...(databaseProblem ? [databaseProblem] : []),
      ...(existingKeys.length > 0 ? [`the file storage holds ${existingKeys.length} files`] : []),
    ]
    if (problems.length > 0 && !force) {
      throw new BackupError(
        `The target is not empty: ${problems.join('; ')}. Restore into an empty data directory, database ` +
          'and bucket, or add --force to replace what is there.',
      )
    }

    const databaseFile = path.join(temporary, 'database')
    await readArchive(source, async (entry) => {
      if (entry.name === manifest.database.entry) await pipeline(entry.body, fs.createWriteStream(databaseFile))
    })
    log(`database read from the backup (${megabytes(fs.statSync(databaseFile).size)})`)
    const tables =
      targetKind === 'pglite'
        ? await loadPglite(config, databaseFile, force, log)
        : await loadPostgres(config.databaseUrl!, databaseFile, force, log, tools.pgRestore || 'pg_restore')
    const differing = Object.keys({ ...tables, ...manifest.database.tables }).filter(
      (name) => tables[name] !== manifest.database.tables[name],
    )
    if (differing.length > 0) {
      throw new BackupError(`The restored database differs from the backup in the tables ${differing.join(', ')}.`)
    }

    const keep = new Set(manifest.files.map((stored) => stored.key))
    for (const key of existingKeys) if (!keep.has(key)) await storage.delete(key)
    const contentTypes = new Map(manifest.files.map((stored) => [stored.key, stored.contentType]))
    log(`${manifest.files.length} stored files to restore`)
    const restored = fileProgress(log, manifest.files.length, 'restored')
    await readArchive(source, async (entry) => {
      if (entry.name.startsWith(FILE_PREFIX)) {
        const key = entry.name.slice(FILE_PREFIX.length)
        const body = await bufferOf(entry.body)
        await storage.put(key, body, contentTypes.get(key) ?? 'application/octet-stream')
        restored(body.length)
      } else if (entry.name === SECRET_ENTRY) {
        fs.writeFileSync(secretFileOf(config), await bufferOf(entry.body), { mode: 0o600 })
      }
    })
    return manifest
  } catch (error) {
    if (error instanceof BackupError) throw error
    throw new BackupError(`The restore failed: ${(error as Error).message}`)
  } finally {
    unlock()
    fs.rmSync(temporary, { recursive: true, force: true })
  }
}

/** Reads the whole backup once: the manifest must be there and every entry must match its hash. */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  const hashes = new Map<string, { size: number; sha256: string }>()
  let manifest: BackupManifest | undefined
  try {
    await readArchive(file, async (entry) => {
      if (entry.name === MANIFEST_ENTRY) {
        manifest = JSON.parse((await bufferOf(entry.body)).toString('utf8')) as BackupManifest
        return
      }
      const hash = createHash('sha256')
      let size = 0
      for await (const chunk of entry.body) {
        hash.update(chunk as Buffer)
        size += (chunk as Buffer).length
      }
      hashes.set(entry.name, { size, sha256: hash.digest('hex') })
    })
  } catch (error) {
    throw new BackupError(`${file} is not a readable shop backup: ${(error as Error).message}`)
  }
  if (!manifest) throw new BackupError(`${file} has no manifest.json: it is not a shop backup, or it was cut short.`)
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupError(
      `${file} is a backup of format ${manifest.format}; this version reads format ${BACKUP_FORMAT}.`,
    )
  }
  for (const [name, expected] of Object.entries(manifest.entries)) {
    const actual = hashes.get(name)
    if (!actual) throw new BackupError(`${file} lacks ${name}: the backup is incomplete.`)
    if (actual.sha256 !== expected.sha256 || actual.size !== expected.size) {
      throw new BackupError(`${name} in ${file} does not match its checksum: the backup is damaged.`)
    }
  }
  return manifest
}

function embeddedContents(config: ShopTarget): string | undefined {
  const dataDirectory = pgliteDataOf(config)
  const entries = fs.existsSync(dataDirectory) ? fs.readdirSync(dataDirectory) : []
  return entries.length > 0 ? `the embedded database ${dataDirectory} is not empty` : undefined
}

async function postgresContents(url: string): Promise<string | undefined> {
  return withClient(url, async (client) => {
    // A running shop holds connections: restoring under it would mix two states of the shop.
    // A process that has just stopped may take a moment to leave pg_stat_activity.
    let others = 0
    for (let attempt = 0; attempt < 10; attempt++) {
      const { rows } = await client.query<{ count: number }>(
        `select count(*)::int as count from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      )
      others = rows[0]!.count
      if (others === 0) break
      await new Promise((resolve) => setTimeout(resolve, 300))
    }
    if (others > 0) {
      throw new BackupError(
        `${others} other connections are open to the database (is the shop still running?). ` +
          'Stop every API process before a restore.',
      )
    }
    const { rows } = await client.query<{ count: number }>(
      `select count(*)::int as count from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    )
    return rows[0]!.count > 0 ? `the database has ${rows[0]!.count} tables` : undefined
  })
}

async function loadPglite(
  config: ShopTarget,
  tarball: string,
  force: boolean,
  log: Log,
): Promise<Record<string, number>> {
  const dataDirectory = pgliteDataOf(config)
  // The replaced database is kept aside until the new one has opened, and put back on failure.
  const aside = `${dataDirectory}.replaced-${Date.now()}`
  const hasOld = force && fs.existsSync(dataDirectory)
  if (hasOld) fs.renameSync(dataDirectory, aside)
  let tables: Record<string, number>
  try {
    fs.mkdirSync(dataDirectory, { recursive: true })
    const loadDataDir = new Blob([fs.readFileSync(tarball)])
    const database = await PGlite.create(dataDirectory, { extensions: EXTENSIONS, loadDataDir })
    try {
      log(`embedded database loaded: ${await serverVersionOf((sql) => database.query(sql))}`)
      tables = await tableCounts((sql) => database.query(sql))
    } finally {
      await database.close()
    }
  } catch (error) {
    fs.rmSync(dataDirectory, { recursive: true, force: true })
    if (hasOld) fs.renameSync(aside, dataDirectory)
    throw error
  }
  if (hasOld) fs.rmSync(aside, { recursive: true, force: true })
  return tables
}

async function loadPostgres(
  url: string,
  dump: string,
  force: boolean,
  log: Log,
  pgRestore: string,
): Promise<Record<string, number>> {
  if (force) {
    await withClient(url, (client) => client.query('drop schema if exists public cascade; create schema public'))
  }
  const connection = withoutPassword(url)
  const result = await run(
    pgRestore,
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${connection.url}`, dump],
    connection.env,
  )
  if (result.missing) {
    throw new BackupError(
      `${pgRestore} was not found. Install the PostgreSQL client (Debian: apt-get install postgresql-client) or set PG_RESTORE to its path.`,
    )
  }
  if (result.code !== 0) {
    if (/unsupported version/i.test(result.stderr)) {
      throw new BackupError(
        `${pgRestore} is older than the pg_dump that wrote this backup: ${result.stderr.trim()}. ` +
          'Use pg_restore of the same or a newer major version (PG_RESTORE=/usr/lib/postgresql/<version>/bin/pg_restore).',
      )
    }
    throw new BackupError(`pg_restore failed (exit ${result.code}), nothing was restored: ${result.stderr.trim()}`)
  }
  log('PostgreSQL database restored')
  return withClient(url, async (client) => {
    await client.query('analyze')
    return tableCounts((sql) => client.query(sql))
  })
}

// ---------------------------------------------------------------- shared pieces

function lockEmbedded(config: ShopTarget, verb: string): () => void {
  try {
    return lockDataDirectory(lockDirectoryOf(config))
  } catch (error) {
    throw new BackupError(`Cannot ${verb} the embedded database while the shop runs. ${(error as Error).message}`)
  }
}

/** Every key in storage, sorted (for disk and S3 alike, through the Storage type). */
async function storedKeys(storage: Storage): Promise<string[]> {
  const keys: string[] = []
  for await (const key of storage.list()) keys.push(key)
  return keys.sort()
}

type Query = (sql: string) => Promise<{ rows: unknown[] }>

async function serverVersionOf(query: Query): Promise<string> {
  const { rows } = await query('select version() as version')
  return String((rows[0] as { version: string }).version).split(' on ')[0]!
}

/** Row counts of every table of the shop, recorded in the manifest and checked after a restore. */
export async function tableCounts(query: Query): Promise<Record<string, number>> {
  const { rows } = await query(
    `select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  const counts: Record<string, number> = {}
  for (const { table_name: name } of rows as { table_name: string }[]) {
    const { rows: counted } = await query(`select count(*)::int as count from "${name.replace(/"/g, '""')}"`)
    counts[name] = Number((counted[0] as { count: number }).count)
  }
  return counts
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  try {
    await client.connect()
  } catch (error) {
    throw new BackupError(`Cannot connect to the database of DATABASE_URL: ${(error as Error).message}`)
  }
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

type RunResult = { code: number | null; stderr: string; missing: boolean }

/** The URL without its password, which goes to the tool in PGPASSWORD (not visible in `ps`). */
function withoutPassword(url: string): { url: string; env: Record<string, string> } {
  const parsed = new URL(url)
  if (!parsed.password) return { url, env: {} }
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  return { url: parsed.toString(), env: { PGPASSWORD: password } }
}

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } })
    let stderr = ''
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => (stderr += chunk))
    child.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ code: null, stderr: error.message, missing: error.code === 'ENOENT' }),
    )
    child.on('close', (code) => resolve({ code, stderr, missing: false }))
  })
}
