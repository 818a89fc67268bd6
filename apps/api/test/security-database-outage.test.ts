import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate } from '../src/platform/migrate.ts'
import { createTokenService } from '../src/platform/tokens.ts'
import { createUser } from './helpers.ts'
import { startApiProcess, type ApiProcess } from './support/api-process.ts'
import { createProcessDatabase, type ProcessDatabase } from './support/process-database.ts'
import { TEST_DATABASE_SERVER, terminateConnections, withServerClient } from './support/scratch-database.ts'
import { SERVICE_UNAVAILABLE_ANSWER } from './support/error-answers.ts'

// docs/decisions.md, Security: a PostgreSQL server that drops the API's connections
// (pg_terminate_backend; a restart, failover or network blip does the same) must not end the
// process. Requests meanwhile answer 503 SERVICE_UNAVAILABLE, and the process recovers by itself.
// A real server process, since what is tested is that the process survives.
const serverUrl = TEST_DATABASE_SERVER
const SECRET = 'outage-secret-outage-secret-outage-secret-0123'

let database: ProcessDatabase | undefined
let databaseName: string
let databaseUrl: string
let api: ApiProcess | undefined
let base: string
let owner: { id: string; email: string }
let headers: Record<string, string>

/** Ends every connection of the API process to its database (not the test's own). */
function terminateApiConnections(): Promise<number> {
  return withServerClient(serverUrl!, (client) => terminateConnections(client, databaseName))
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
    database = await createProcessDatabase('outage', serverUrl)
    databaseName = database.scratch!.name
    databaseUrl = database.url!
    const db = await database.open()
    await migrate(db)
    owner = await createUser(db, { email: 'outage@test.ba' })
    await db.close()
    const token = await createTokenService(SECRET).sign({ userId: owner.id, role: 'user', tokenVersion: 0 })
    headers = { authorization: `Bearer ${token}` }

    api = await startApiProcess({
      dataDir: database.dataDir,
      readyTimeoutMs: 60_000,
      env: { ...database.env, LOG_LEVEL: process.env.OUTAGE_LOG ?? 'fatal', AUTH_SECRET: SECRET },
    })
    base = api.base
  }, 60_000)

  afterAll(async () => {
    // OUTAGE_LOG=error shows the server's log when this test needs a closer look.
    if (process.env.OUTAGE_LOG && api) process.stdout.write(api.tail())
    await api?.kill()
    await database?.drop()
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
    expect(await terminateConnections(locker, databaseName)).toBeGreaterThan(0)
    await locker.query('rollback')
    await locker.end()

    const response = await pending
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual(SERVICE_UNAVAILABLE_ANSWER)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(api!.isRunning, api!.tail()).toBe(true)
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
    expect(api!.isRunning, api!.tail()).toBe(true)
    // Recovers without a restart: an idle connection cut a moment ago may still fail one more request
    // (503) before the pool notices, then every request gets a new connection.
    expect(await firstStatusOf(getProfile, 200)).toBe(200)
    expect((await getProfile()).status).toBe(200)
    expect((await fetch(`${base}/api/health`)).status).toBe(200)
  }, 60_000)
})
