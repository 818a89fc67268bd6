import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { buildApp } from '../apps/api/src/app.ts'
import { loadConfig } from '../apps/api/src/platform/config.ts'
import { openDatabase, type Database } from '../apps/api/src/platform/db.ts'
import { migrate } from '../apps/api/src/platform/migrate.ts'
import {
  databaseUrlOn,
  hasDatabase,
  LOCAL_POSTGRES_SERVER,
  recreateDatabase,
} from '../apps/api/test/support/scratch-database.ts'
import { benchOptions, type OptionDefault } from './bench-options.ts'

// What the PostgreSQL benchmarks share beyond the harness of real processes (databases of their
// own come from apps/api/test/support/scratch-database.ts: recreateDatabase, databaseUrlOn).

/** Whether the benchmark's database exists and its table holds at least `minimum` rows (for --keep). */
async function hasBenchRows(serverUrl: string, name: string, table: string, minimum: number): Promise<boolean> {
  if (!(await hasDatabase(serverUrl, name))) return false
  const client = new pg.Client({ connectionString: databaseUrlOn(serverUrl, name) })
  await client.connect()
  try {
    const { rows: counted } = await client.query<{ count: string }>(`select count(*) from ${table}`)
    return Number(counted[0]!.count) >= minimum
  } catch {
    return false
  } finally {
    await client.end()
  }
}

/** The value below which `share` of the sorted samples lie (nearest rank); NaN without samples. */
export function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!
}

/** Untimed calls before the timed ones of each scenario. */
export const WARM_UP_CALLS = 5

/**
 * Times GET `url` on the app: WARM_UP_CALLS untimed calls, then `runs` timed ones, answered sorted
 * in milliseconds. An answer other than 200 stops the benchmark; `read` sees every answer's body.
 */
async function timeCalls(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  runs: number,
  read?: (body: string) => void,
): Promise<number[]> {
  const timings: number[] = []
  for (let run = 0; run < WARM_UP_CALLS + runs; run += 1) {
    const started = performance.now()
    const response = await app.inject({ method: 'GET', url, headers })
    const elapsed = performance.now() - started
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`)
    read?.(response.body)
    if (run >= WARM_UP_CALLS) timings.push(elapsed)
  }
  return timings.sort((a, b) => a - b)
}

type StaffRole = 'admin' | 'store_manager'

type BenchApp = {
  app: FastifyInstance
  /** The authorization header of the benchmark's staff account. */
  headers: { authorization: string }
  /** GET `url` timed `runs` times after WARM_UP_CALLS (see timeCalls). */
  timeCalls: (
    url: string,
    headers: Record<string, string>,
    runs: number,
    read?: (body: string) => void,
  ) => Promise<number[]>
  close: () => Promise<void>
}

/**
 * The API in this process on `db` (PGlite, or PostgreSQL at `url`), with a DATA_DIR of its own, no seed,
 * no mail worker and no web app. `close` closes it and removes its DATA_DIR.
 */
export async function buildBenchApp(
  db: Database,
  name: string,
  url?: string,
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-bench-${name}-`))
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...(url ? { DATABASE_URL: url } : {}),
    SEED: 'none',
    LOG_LEVEL: 'silent',
    MAIL_WORKER: 'off',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    WEB_DIST: path.join(dataDir, 'no-web'),
  })
  const app = await buildApp({ config, db, now: () => Date.now() })
  await app.ready()
  return {
    app,
    async close() {
      await app.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The API in this process on the benchmark's database (called through app.inject: the staff
 * benchmarks measure the route and its SQL, not a port), and the header of its `staff` account.
 * `close` closes it and removes its DATA_DIR.
 */
export async function startBenchApp(db: Database, url: string, name: string, staff: StaffRole): Promise<BenchApp> {
  const { app, close } = await buildBenchApp(db, name, url)
  return {
    app,
    headers: await staffHeaders(app, db, staff),
    timeCalls: (callUrl, headers, runs, read) => timeCalls(app, callUrl, headers, runs, read),
    close,
  }
}

/**
 * The authorization header of the benchmark's staff account with `role` (admin@bench.ba or
 * manager@bench.ba; made, or given the role again in a database kept with --keep).
 */
async function staffHeaders(app: FastifyInstance, db: Database, role: StaffRole): Promise<{ authorization: string }> {
  const { rows } = await db.query<{ id: string; token_version: number }>(
    `insert into users (email, password_hash, roles, is_verified)
     values ($1, 'x', array['user', $2], true)
     on conflict (email) do update set roles = excluded.roles returning id, token_version`,
    [role === 'admin' ? 'admin@bench.ba' : 'manager@bench.ba', role],
  )
  const token = await app.tokens.sign({ userId: rows[0]!.id, role, tokenVersion: rows[0]!.token_version })
  return { authorization: `Bearer ${token}` }
}

/**
 * Runs `work`, sampling the process's memory every `everyMs` meanwhile; answers its result, its wall and
 * CPU time (user + system: the figure that holds when other work shares the cores) and the peaks in MB.
 */
export async function measurePeaks<T>(work: () => Promise<T>, everyMs: number) {
  let rss = process.memoryUsage().rss
  let heap = process.memoryUsage().heapUsed
  const sample = () => {
    const usage = process.memoryUsage()
    rss = Math.max(rss, usage.rss)
    heap = Math.max(heap, usage.heapUsed)
  }
  const timer = setInterval(sample, everyMs)
  const started = performance.now()
  const cpu = process.cpuUsage()
  const result = await work()
  const ms = performance.now() - started
  const used = process.cpuUsage(cpu)
  clearInterval(timer)
  sample()
  return { result, ms, cpuMs: (used.user + used.system) / 1000, rssMb: rss / 2 ** 20, heapMb: heap / 2 ** 20 }
}

/**
 * The command line of a staff benchmark: its own options (defaults as benchOptions takes them), and the ones
 * every staff benchmark takes, --runs (timed calls per scenario; `runs` unless given) and --server-url.
 */
export function staffBenchOptions<const Own extends Record<string, OptionDefault>>(own: Own, runs = 60) {
  return benchOptions({ ...own, runs, 'server-url': LOCAL_POSTGRES_SERVER })
}

/**
 * The benchmark's database, migrated, on a pool of 10 connections as in production, and filled by
 * `fill` on a client of its own, which prints `generated <what fill answers> in <seconds> s`. With
 * `kept` (--keep) a database whose `table` already holds `minimum` rows is used as it is.
 */
export async function openBenchDatabase(
  serverUrl: string,
  name: string,
  fill: (client: pg.Client) => Promise<string>,
  kept?: { table: string; minimum: number },
): Promise<{ url: string; db: Database }> {
  const url = databaseUrlOn(serverUrl, name)
  const isKept = kept !== undefined && (await hasBenchRows(serverUrl, name, kept.table, kept.minimum))
  if (!isKept) await recreateDatabase(serverUrl, name)
  const db = await openDatabase({ url, poolSize: 10 })
  await migrate(db)
  if (!isKept) await fillBenchDatabase(url, fill)
  return { url, db }
}

async function fillBenchDatabase(url: string, fill: (client: pg.Client) => Promise<string>): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const started = performance.now()
  try {
    const generated = await fill(client)
    console.log(`generated ${generated} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  } finally {
    await client.end()
  }
}
