import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import pg from 'pg'
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
}

export type DatabaseOptions = {
  /** A PostgreSQL server; when absent, PGlite in `directory` (in memory when that is absent too). */
  url?: string | undefined
  directory?: string | undefined
  poolSize?: number
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 })
    // An idle connection that the server drops (restart, failover, pg_terminate_backend) leaves
    // the pool, and the next query opens a new one; without a listener the process would crash.
    pool.on('error', () => undefined)
    return wrapPool('postgres', pool, () => pool.end())
  }
  return openEmbedded(options.directory)
}

async function openEmbedded(directory: string | undefined): Promise<Database> {
  const unlock = directory ? lockDataDirectory(directory) : () => undefined
  // A Unix socket path must stay short (about 100 bytes), so it lives in the temp directory.
  const socketDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pg-'))
  const worker = new Worker(new URL('./pglite-worker.js', import.meta.url), {
    workerData: {
      directory: directory ? path.join(directory, 'pgdata') : undefined,
      socketPath: path.join(socketDirectory, '.s.PGSQL.5432'),
    },
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
  return wrapPool('pglite', pool, async () => {
    await pool.end()
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 5000)
      worker.once('message', () => {
        clearTimeout(timer)
        resolve()
      })
      worker.postMessage({ type: 'close' })
    })
    await worker.terminate()
    fs.rmSync(socketDirectory, { recursive: true, force: true })
    unlock()
  })
}

function wrapPool(kind: Database['kind'], pool: pg.Pool, close: () => Promise<void>): Database {
  return {
    kind,
    query: pool.query.bind(pool),
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const result = await work(client)
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    close,
  }
}
