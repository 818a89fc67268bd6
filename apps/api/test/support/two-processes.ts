import pg from 'pg'
import { expect } from 'vitest'
import { callApi, startApiProcesses, type ApiProcess } from './api-process.ts'
import { isRedisReachable, TEST_REDIS_URL } from './free-port.ts'
import { createScratchDatabase, TEST_DATABASE_SERVER, type ScratchDatabase } from './scratch-database.ts'

// The shop of the cluster tests (test/cluster/): two real API processes, A and B, on one scratch
// PostgreSQL database, with a pool of the test's own on it.

/**
 * Why a cluster test cannot run here (no PostgreSQL server, or no Redis when it needs one), written
 * once to the output with the test's file name; undefined when it can run.
 */
export async function clusterSkipReason(file: string, { needsRedis }: { needsRedis: boolean }) {
  const reason = !TEST_DATABASE_SERVER
    ? needsRedis
      ? 'TEST_DATABASE_URL is not set (two API processes need a PostgreSQL server)'
      : 'TEST_DATABASE_URL is not set (two API processes need PostgreSQL)'
    : needsRedis && !(await isRedisReachable(TEST_REDIS_URL))
      ? `no Redis answers at ${TEST_REDIS_URL} (set REDIS_URL)`
      : undefined
  if (reason) process.stdout.write(`${file} skipped: ${reason}\n`)
  return reason
}

export type TwoProcessShop = {
  database: ScratchDatabase
  db: pg.Pool
  a: ApiProcess
  b: ApiProcess
  /** Stops both processes, closes the pool and drops the database. */
  stop(): Promise<void>
}

/** A scratch database named for the test and processes A and B on it, both with `env`. */
export async function startTwoProcessShop(name: string, env: Record<string, string>): Promise<TwoProcessShop> {
  const database = await createScratchDatabase(name)
  const db = new pg.Pool({ connectionString: database.url, max: 4 })
  // An idle connection the server ends (a dropped database, a loaded machine's late teardown) must not end the test
  // run as an uncaught error; a query on a broken connection still fails in the test that sent it.
  db.on('error', () => undefined)
  const closeDatabase = async () => {
    await db.end()
    await database.drop()
  }
  let processes: ApiProcess[]
  try {
    processes = await startApiProcesses([
      { name: 'A', env: { DATABASE_URL: database.url, ...env } },
      { name: 'B', env: { DATABASE_URL: database.url, ...env } },
    ])
  } catch (error) {
    await closeDatabase()
    throw error
  }
  const [a, b] = processes as [ApiProcess, ApiProcess]
  return {
    database,
    db,
    a,
    b,
    async stop() {
      await Promise.all([a, b].map((api) => api.stop(10_000)))
      await closeDatabase()
    },
  }
}

/** Signs in through one process and answers the token; the sign-in must succeed. */
export async function signInThrough(api: ApiProcess, email: string, password: string, ip?: string): Promise<string> {
  const answer = await callApi<{ token: string }>(api, '/api/auth/login', {
    method: 'POST',
    body: { email, password },
    ip,
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.token
}
