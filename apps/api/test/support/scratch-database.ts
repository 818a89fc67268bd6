import { randomUUID } from 'node:crypto'
import pg from 'pg'

// Databases of a test's or a benchmark's own on a PostgreSQL server, for the harness of real
// processes (see api-process.ts). The API tests run on PostgreSQL when TEST_DATABASE_URL is set
// (scripts/test-all.mjs sets it from DATABASE_URL); the runner's own DATABASE_URL is never used,
// so a developer's shop database is never touched.

/** The server the API tests create their databases on, or undefined: they run on PGlite. */
export const TEST_DATABASE_SERVER: string | undefined = process.env.TEST_DATABASE_URL || undefined

/** The local server the benchmarks default to (trust authentication, user postgres). */
export const LOCAL_POSTGRES_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres'

/** The URL of database `name` on the server of `serverUrl` (same user, host and options). */
export function databaseUrlOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Runs `work` with one connection to the server (to its maintenance database), then closes it. */
export async function withServerClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Ends every connection to database `name` but the client's own (a restart or failover does the same); answers how many. */
export async function terminateConnections(client: pg.ClientBase, name: string): Promise<number> {
  const { rows } = await client.query<{ ended: boolean }>(
    'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [name],
  )
  return rows.filter((row) => row.ended).length
}

export type ScratchDatabase = {
  name: string
  url: string
  serverUrl: string
  /** Drops the database (its open connections are ended); a second call does nothing. */
  drop(): Promise<void>
}

/**
 * A new, empty database on the server (`shop_<label>_<random>`), for one test file or run.
 * Without `serverUrl`: TEST_DATABASE_URL's server, else the local one.
 */
export async function createScratchDatabase(
  label: string,
  serverUrl: string = TEST_DATABASE_SERVER ?? LOCAL_POSTGRES_SERVER,
  { template }: { template?: string } = {},
): Promise<ScratchDatabase> {
  const name = `shop_${label.replace(/\W/g, '_').toLowerCase()}_${randomUUID().replace(/-/g, '').slice(0, 12)}`
  await withServerClient(serverUrl, (client) =>
    client.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  )
  let isDropped = false
  return {
    name,
    url: databaseUrlOn(serverUrl, name),
    serverUrl,
    async drop() {
      if (isDropped) return
      isDropped = true
      await withServerClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`))
    },
  }
}

/** Drops and creates a database of a fixed name (a benchmark's, kept between runs); answers its URL. */
export async function recreateDatabase(serverUrl: string, name: string): Promise<string> {
  await withServerClient(serverUrl, async (client) => {
    await client.query(`drop database if exists ${name} with (force)`)
    await client.query(`create database ${name}`)
  })
  return databaseUrlOn(serverUrl, name)
}

/** Creates a database of a fixed name unless it exists; answers its URL. */
export async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  await withServerClient(serverUrl, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name])
    if (rowCount === 0) await client.query(`create database ${name}`)
  })
  return databaseUrlOn(serverUrl, name)
}

/** Whether a database of this name exists on the server. */
export async function hasDatabase(serverUrl: string, name: string): Promise<boolean> {
  return withServerClient(serverUrl, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name])
    return rowCount !== 0
  })
}
