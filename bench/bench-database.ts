import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { buildApp } from '../apps/api/src/app.ts'
import { loadConfig } from '../apps/api/src/platform/config.ts'
import type { Database } from '../apps/api/src/platform/db.ts'
import { databaseUrlOn, hasDatabase } from '../apps/api/test/support/scratch-database.ts'

// What the PostgreSQL benchmarks share beyond the harness of real processes (databases of their
// own come from apps/api/test/support/scratch-database.ts: recreateDatabase, databaseUrlOn).

/** Whether the benchmark's database exists and its table holds at least `minimum` rows (for --keep). */
export async function hasBenchRows(serverUrl: string, name: string, table: string, minimum: number): Promise<boolean> {
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

/**
 * The API in this process on the benchmark's database (called through app.inject: the staff
 * benchmarks measure the route and its SQL, not a port). `close` closes it and removes its DATA_DIR.
 */
export async function startBenchApp(
  db: Database,
  url: string,
  name: string,
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-bench-${name}-`))
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url,
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
