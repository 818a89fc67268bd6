import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '@shop/shared/messages/bs.ts'
import { openDatabase } from '../src/platform/db.ts'
import { migrate } from '../src/platform/migrate.ts'
import { createTokenService } from '../src/platform/tokens.ts'
import { createUser } from './helpers.ts'

// Issue 13 §3 (0) and (i): a PostgreSQL server that drops the API's connections (pg_terminate_backend;
// a restart, failover or network blip does the same) must not end the process. Requests meanwhile
// answer 503 SERVICE_UNAVAILABLE, and the process recovers by itself. A real server process, since
// what is tested is that the process survives.
const serverUrl = process.env.TEST_DATABASE_URL
const SECRET = 'outage-secret-outage-secret-outage-secret-0123'
const apiRoot = fileURLToPath(new URL('..', import.meta.url))

let databaseName: string
let databaseUrl: string
let child: ChildProcess
let base: string
let dataDir: string
let owner: { id: string; email: string }
let headers: Record<string, string>
const output: string[] = []

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

async function waitForHealth(): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`)
    try {
      if ((await fetch(`${base}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`server did not start: ${output.join('')}`)
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Ends every connection of the API process to its database (not the test's own). */
function terminateApiConnections(): Promise<number> {
  return withAdmin(async (client) => {
    const { rowCount } = await client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [databaseName],
    )
    return rowCount ?? 0
  })
}

/** Repeats a request (a few times, 100 ms apart) until it answers `wanted`; answers the last status. */
async function firstStatusOf(send: () => Promise<Response>, wanted: number): Promise<number> {
  let status = 0
  for (let attempt = 0; attempt < 10 && status !== wanted; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100))
    const response = await send()
    status = response.status
    await response.arrayBuffer()
  }
  return status
}

const profile = {
  full_name: 'Marko Marić',
  phone_number: '+387 63 111 222',
  street_address: 'Glavna 1',
  city: 'Mostar',
  state: 'Hercegovačko-neretvanski kanton',
  zip_code: '88000',
  gender: 'male',
  date_of_birth: '1985-03-20',
  newsletter_subscription: true,
}

const putProfile = () =>
  fetch(`${base}/api/profile/${encodeURIComponent(owner.email)}`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(profile),
  })
const getProfile = () => fetch(`${base}/api/profile/${encodeURIComponent(owner.email)}`, { headers })

describe.skipIf(!serverUrl)('a PostgreSQL server that drops the connections of a running API', () => {
  beforeAll(async () => {
    databaseName = `shop_outage_${randomUUID().replace(/-/g, '').slice(0, 12)}`
    await withAdmin((client) => client.query(`create database ${databaseName}`))
    const url = new URL(serverUrl!)
    url.pathname = `/${databaseName}`
    databaseUrl = url.toString()
    const db = await openDatabase({ url: databaseUrl })
    await migrate(db)
    owner = await createUser(db, { email: 'outage@test.ba' })
    await db.close()
    const token = await createTokenService(SECRET).sign({ userId: owner.id, role: 'user', tokenVersion: 0 })
    headers = { authorization: `Bearer ${token}` }

    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-outage-'))
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: apiRoot,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED: 'none',
        MAIL_WORKER: 'off',
        LOG_LEVEL: process.env.OUTAGE_LOG ?? 'fatal',
        AUTH_SECRET: SECRET,
        WEB_DIST: path.join(dataDir, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    await waitForHealth()
  }, 60_000)

  afterAll(async () => {
    // OUTAGE_LOG=error shows the server's log when this test needs a closer look.
    if (process.env.OUTAGE_LOG) process.stdout.write(output.join('').slice(-4000))
    if (child && child.exitCode === null) {
      child.kill('SIGKILL')
      await new Promise((resolve) => child.once('exit', resolve))
    }
    if (databaseName) await withAdmin((client) => client.query(`drop database if exists ${databaseName} with (force)`))
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('a connection dropped in the middle of a transaction answers 503 and the process lives on', async () => {
    // Hold the user's row, so that the API's transaction (which locks it) waits inside 'begin'.
    const locker = new pg.Client({ connectionString: databaseUrl })
    await locker.connect()
    await locker.query('begin')
    await locker.query('select 1 from users where id = $1 for update', [owner.id])
    const pending = putProfile()
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const { rows } = await locker.query(
        `select count(*)::int as waiting from pg_stat_activity
          where datname = $1 and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        [databaseName],
      )
      if (rows[0].waiting > 0) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const { rows } = await locker.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [databaseName],
    )
    expect(rows.length).toBeGreaterThan(0)
    await locker.query('rollback')
    await locker.end()

    const response = await pending
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({
      message: messages.common.serviceUnavailable,
      error: 'Service Unavailable',
      code: 'SERVICE_UNAVAILABLE',
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(child.exitCode, output.join('')).toBeNull()
    // Recovered by itself: the next requests get new connections.
    expect((await getProfile()).status).toBe(200)
    expect((await putProfile()).status).toBe(200)
  })

  it('keeps answering (200 or 503, nothing else) while its connections are cut again and again', async () => {
    const statuses: number[] = []
    for (let round = 0; round < 8; round += 1) {
      const requests = Array.from({ length: 12 }, (_, index) => (index % 2 ? putProfile() : getProfile()))
      await new Promise((resolve) => setTimeout(resolve, round * 3))
      await terminateApiConnections()
      for (const response of await Promise.all(requests)) {
        statuses.push(response.status)
        await response.arrayBuffer()
      }
    }
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([])
    expect(child.exitCode, output.join('')).toBeNull()
    // Recovers without a restart: an idle connection cut a moment ago may still fail one more request
    // (503) before the pool notices, then every request gets a new connection.
    expect(await firstStatusOf(getProfile, 200)).toBe(200)
    expect((await getProfile()).status).toBe(200)
    expect((await fetch(`${base}/api/health`)).status).toBe(200)
  }, 60_000)
})
