import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import pg from 'pg'
import { PGLITE_WORKER } from '../files.ts'
import { lockDataDirectory } from './data-dir-lock.ts'

// numeric -> number with 2 decimals in JSON (ARCHITECTURE: money); bigint counts -> number.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value))
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))
// Dates of birth stay plain 'YYYY-MM-DD' strings, never shifted by a time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value)

export type Queryable = Pick<pg.PoolClient, 'query'>

export type Database = {
  readonly kind: 'pglite' | 'postgres'
  query: pg.Pool['query']
  /** Runs work in one transaction on one connection; rolls back when it throws. */
  transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T>
  close(): Promise<void>
  /** For /api/metrics (docs/decisions.md, 'Operations'): connections of the pool and queries waiting for one. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number }
  /**
   * PGlite only: writes the whole database to `file`, which `openDatabase({ copyOf })` starts from (the tests start
   * each file from one migrated copy instead of creating and migrating a database each).
   */
  saveCopy?(file: string): Promise<void>
}

export type DatabaseOptions = {
  /** A PostgreSQL server; when absent, PGlite in `directory` (in memory when that is absent too). */
  url?: string | undefined
  directory?: string | undefined
  /** PGlite in memory only: start from a copy written by `saveCopy` instead of an empty database. */
  copyOf?: string | undefined
  poolSize?: number
}

/**
 * Settings of every session the shop opens. The trigram operator `%` finds the names at least this similar through the
 * index: the recommendations and the search's typo widening both keep only pairs at least 0.5 similar, so with the
 * default 0.3 the index handed them ten times the rows to read and throw away (docs/decisions.md, 'The list planned
 * once'). Only speed depends on it: both statements compare the similarity themselves.
 */
export const SESSION_SETTINGS = { 'pg_trgm.similarity_threshold': '0.5' } as const

/**
 * A named statement (docs/decisions.md, 'The list planned once'): parsed once per connection, planned for its values on
 * the first five runs, then with one generic plan when PostgreSQL's estimate allows. For a statement whose text is
 * fixed and runs often (a page read, an order's steps, a timed poll), where parsing and planning cost as much as
 * running. The name follows from the text, so a text built from fixed pieces gets one name per shape.
 */
export function namedStatement(
  prefix: string,
  text: string,
  values: readonly unknown[],
): { name: string; text: string; values: unknown[] } {
  return { name: `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text, values: [...values] }
}

/**
 * SESSION_SETTINGS as one statement (constants of this file, quoted as they are: no value holds a quote), run as the
 * first query of every new connection (a query, not a startup option, which a connection pooler such as PgBouncer may
 * refuse). One query, so that the connection's first own query finds nothing else queued. A failure costs speed only.
 */
const SESSION_SETTINGS_SQL = `select ${Object.entries(SESSION_SETTINGS)
  .map(([name, value]) => `set_config('${name}', '${value}', false)`)
  .join(', ')}`

function applySessionSettings(client: pg.PoolClient): void {
  client.query(SESSION_SETTINGS_SQL).catch(() => undefined)
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // While the server is down, a request waits at most this long for a connection and then
      // answers 503, instead of hanging until the server is back.
      connectionTimeoutMillis: 5000,
    })
    // An idle connection that the server drops (restart, failover, pg_terminate_backend) leaves
    // the pool, and the next query opens a new one; without a listener the process would crash.
    pool.on('error', () => undefined)
    pool.on('connect', applySessionSettings)
    return wrapPool('postgres', pool, () => pool.end())
  }
  return openEmbedded(options.directory, options.copyOf)
}

async function openEmbedded(directory: string | undefined, copyOf: string | undefined): Promise<Database> {
  if (directory && copyOf) throw new Error('a copy is loaded into an in-memory database only')
  const unlock = directory ? lockDataDirectory(directory) : () => undefined
  // A Unix socket path must stay short (about 100 bytes), so it lives in the temp directory.
  const socketDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pg-'))
  const worker = new Worker(PGLITE_WORKER, {
    workerData: {
      directory: directory ? path.join(directory, 'pgdata') : undefined,
      socketPath: path.join(socketDirectory, '.s.PGSQL.5432'),
      copyOf,
    },
  })
  /** Posts a message to the worker and waits for its answer of type `answer` (at most `timeoutMs`). */
  const ask = (message: Record<string, unknown>, answer: string, timeoutMs: number) =>
    new Promise<{ error?: string } | undefined>((resolve) => {
      const timer = setTimeout(() => {
        worker.off('message', onMessage)
        resolve(undefined)
      }, timeoutMs)
      const onMessage = (reply: { type: string; error?: string }) => {
        if (reply.type !== answer) return
        clearTimeout(timer)
        worker.off('message', onMessage)
        resolve(reply)
      }
      worker.on('message', onMessage)
      worker.postMessage(message)
    })
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve())
      worker.once('error', reject)
      worker.once('exit', (code) => reject(new Error(`The embedded database stopped while opening (exit ${code})`)))
    })
  } catch (error) {
    unlock()
    throw error
  }
  // PGlite is a single session: one connection, so transactions never interleave.
  const pool = new pg.Pool({ host: socketDirectory, port: 5432, user: 'postgres', database: 'postgres', max: 1 })
  pool.on('error', () => undefined)
  // Every client of the one session starts without prepared statements, as a new PostgreSQL connection does: a client
  // that replaces a dropped one would otherwise prepare a name its predecessor left (named statements, catalogue repo).
  // Its first query, queued before any other, with the session settings (one query: see SESSION_SETTINGS_SQL).
  pool.on('connect', (client) => {
    client.query(`deallocate all; ${SESSION_SETTINGS_SQL}`).catch(() => undefined)
  })
  const database = wrapPool('pglite', pool, async () => {
    await pool.end()
    await ask({ type: 'close' }, 'closed', 5000)
    await worker.terminate()
    fs.rmSync(socketDirectory, { recursive: true, force: true })
    unlock()
  })
  return {
    ...database,
    async saveCopy(file) {
      const reply = await ask({ type: 'save', file }, 'saved', 120_000)
      if (!reply || reply.error) throw new Error(`the embedded database was not saved: ${reply?.error ?? 'no answer'}`)
    },
  }
}

// Socket-level failures of a connection to the database server.
const CONNECTION_ERROR_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])
// node-postgres' own texts for a connection that ended, broke or could not be had in time.
const CONNECTION_MESSAGES =
  /Connection terminated|is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end/i

/**
 * True when an error says that the connection itself is gone or unusable (server restart,
 * failover, pg_terminate_backend, a network cut, no connection within the timeout), as opposed
 * to a statement the database refused on a healthy connection.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') {
    // SQLSTATE 08: connection exception; 57P: terminated, shutting down, cannot connect now.
    if (/^(08|57P)/.test(code) || code === '53300' || CONNECTION_ERROR_CODES.has(code)) return true
  }
  return error instanceof Error && !(error instanceof pg.DatabaseError) && CONNECTION_MESSAGES.test(error.message)
}

/** The callbacks of each connection inside db.transaction, run in order once it commits. */
const commitCallbacks = new WeakMap<object, Array<() => Promise<void>>>()

/**
 * Runs callback once the transaction of `client` has committed, before db.transaction returns
 * (never when it rolls back; its failure is the callback's own to report). Outside a transaction
 * (a plain db or client): at once. The caches of every API process hear of a stock change
 * only when the new stock is visible to them.
 */
export async function afterCommit(client: Queryable, callback: () => Promise<void>): Promise<void> {
  const callbacks = commitCallbacks.get(client)
  if (callbacks) callbacks.push(callback)
  else await callback()
}

function wrapPool(kind: Database['kind'], pool: pg.Pool, close: () => Promise<void>): Database {
  // Every connection keeps one listener for its whole life. pg-pool listens only while a
  // connection is idle; a server that drops a connection at any other moment (being handed out,
  // checked out, already discarded) would otherwise emit an unhandled 'error' and end the process.
  // The failure still reaches whoever is using the connection, through their query.
  pool.on('connect', (client) => {
    client.on('error', () => undefined)
  })
  /**
   * Runs work on one checked-out connection. While it is checked out, pg-pool listens for its
   * errors no longer: without a listener of our own, a connection the server drops mid-request
   * (pg_terminate_backend, restart) would emit an unhandled 'error' and end the process.
   * A statement the database refuses keeps the connection (pool.query would discard it, and on
   * PGlite's single-connection socket that discard broke the next request of someone else).
   */
  async function withClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect()
    let broken: Error | undefined
    const onError = (error: Error) => {
      broken = error
    }
    client.on('error', onError)
    try {
      return await work(client)
    } catch (error) {
      if (isConnectionFailure(error)) broken ??= error as Error
      throw error
    } finally {
      client.removeListener('error', onError)
      client.release(broken)
    }
  }

  const query = ((...args: Parameters<pg.PoolClient['query']>) =>
    withClient((client) => (client.query as (...values: unknown[]) => Promise<unknown>)(...args))) as pg.Pool['query']

  return {
    kind,
    query,
    transaction(work) {
      return withClient(async (client) => {
        await client.query('begin')
        commitCallbacks.set(client, [])
        try {
          const result = await work(client)
          await client.query('commit')
          for (const callback of commitCallbacks.get(client) ?? []) await callback().catch(() => undefined)
          return result
        } catch (error) {
          await client.query('rollback').catch(() => undefined)
          throw error
        } finally {
          commitCallbacks.delete(client)
        }
      })
    },
    close,
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }),
  }
}
