import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase, type Database } from '../../src/platform/db.ts'
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts'

// The database of a test's own for an API process of the harness (api-process.ts): PGlite's files in the
// process's data directory, or a scratch database on a PostgreSQL server.

export type ProcessDatabase = {
  /** DATA_DIR of the server process (PGlite's files under db/ when there is no scratch database). */
  dataDir: string
  /** The database on the PostgreSQL server, or undefined: PGlite. */
  scratch: ScratchDatabase | undefined
  url: string | undefined
  /** The process's environment for it: DATABASE_URL on a server, nothing for PGlite. */
  env: Record<string, string>
  /** Opens the database from the test (PGlite: only while no process runs on it). */
  open(): Promise<Database>
  /** Drops the scratch database and removes the data directory. */
  drop(): Promise<void>
}

/**
 * A fresh database named for `label`: a scratch database on `serverUrl` when given, else PGlite in the data
 * directory (`dataDir`, or a new one).
 */
export async function createProcessDatabase(
  label: string,
  serverUrl: string | undefined,
  dataDir: string = fs.mkdtempSync(path.join(os.tmpdir(), `shop-${label}-`)),
): Promise<ProcessDatabase> {
  const scratch = serverUrl ? await createScratchDatabase(label, serverUrl) : undefined
  return {
    dataDir,
    scratch,
    url: scratch?.url,
    env: scratch ? { DATABASE_URL: scratch.url } : {},
    open: () => openDatabase(scratch ? { url: scratch.url } : { directory: path.join(dataDir, 'db') }),
    async drop() {
      await scratch?.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
