import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '@shop/shared/messages/bs.ts'
import { NO_ADMIN_HINT } from '../src/ops/create-admin-account.ts'
import { callApi, runNodeScript, startApiProcess, type ApiProcess, type ScriptResult } from './support/api-process.ts'
import {
  createScratchDatabase,
  LOCAL_POSTGRES_SERVER,
  TEST_DATABASE_SERVER,
  withServerClient,
  type ScratchDatabase,
} from './support/scratch-database.ts'

// docs/production.md, The first admin: `npm run create-admin` run as an operator runs it (the same
// script, without npm's banner, stdin not a terminal), on the embedded database of a stopped shop and
// on a PostgreSQL server, and then the shop itself, signed into as that admin. PGlite's start-up is
// CPU-bound and takes minutes on a loaded machine: the timeouts are generous.

const CLI = fileURLToPath(new URL('../src/ops/create-admin.ts', import.meta.url))
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-create-admin-test-'))
const PASSWORD = 'Kamen-Sovici-2026'
const NEW_PASSWORD = 'Vinograd-Grude-2027'
const SLOW = 600_000

function createAdmin(env: Record<string, string>): Promise<ScriptResult> {
  return runNodeScript(CLI, [], { SEED: 'none', LOG_LEVEL: 'silent', ...env })
}

function signIn(api: ApiProcess, email: string, password: string) {
  return callApi<{ token: string; user: { roles: string[] } }>(api, '/api/auth/login', {
    method: 'POST',
    body: { email, password },
  })
}

type UserList = { users: { email: string; roles: string[]; isVerified: boolean; isDisabled: boolean }[]; total: number }

afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

describe('npm run create-admin on the embedded database', () => {
  const dataDir = path.join(root, 'shop')
  let shop: ApiProcess | undefined

  afterAll(async () => {
    await shop?.stop()
  })

  it('refuses a weak password, an invalid e-mail and missing variables without a terminal, and writes nothing', async () => {
    const empty = path.join(root, 'refused')
    const common = await createAdmin({ DATA_DIR: empty, ADMIN_EMAIL: 'owner@example.ba', ADMIN_PASSWORD: 'password' })
    expect(common.code).toBe(1)
    expect(common.stderr).toContain(messages.auth.passwordTooCommon)
    const short = await createAdmin({ DATA_DIR: empty, ADMIN_EMAIL: 'owner@example.ba', ADMIN_PASSWORD: 'Ab1!x' })
    expect(short.code).toBe(1)
    expect(short.stderr).toContain(messages.auth.passwordTooShort)
    const email = await createAdmin({ DATA_DIR: empty, ADMIN_EMAIL: 'owner.example.ba', ADMIN_PASSWORD: PASSWORD })
    expect(email.code).toBe(1)
    expect(email.stderr).toContain(messages.auth.registerEmailInvalid)
    const missing = await createAdmin({ DATA_DIR: empty, ADMIN_EMAIL: 'owner@example.ba' })
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('ADMIN_PASSWORD must be set when the command does not run on a terminal')
    for (const result of [common, short, email, missing]) expect(result.stdout).toBe('')
    // The rules are checked before the database is opened: not even an empty one was made.
    expect(fs.existsSync(path.join(empty, 'db'))).toBe(false)
  })

  it(
    'creates the first admin on a new database (migrating it first)',
    async () => {
      const result = await createAdmin({ DATA_DIR: dataDir, ADMIN_EMAIL: 'owner@example.ba', ADMIN_PASSWORD: PASSWORD })
      expect(result.stderr).toBe('')
      expect(result.code).toBe(0)
      expect(result.stdout).toMatch(/^Applied \d+ migrations to the database first\.\n/)
      expect(result.stdout).toContain('Created the admin account owner@example.ba (verified, roles user and admin)')
    },
    SLOW,
  )

  it(
    'on a second run for the same e-mail sets the password; a weak one changes nothing',
    async () => {
      const again = await createAdmin({
        DATA_DIR: dataDir,
        ADMIN_EMAIL: '  Owner@Example.BA ',
        ADMIN_PASSWORD: NEW_PASSWORD,
      })
      expect(again.stderr).toBe('')
      expect(again.code).toBe(0)
      expect(again.stdout.trim()).toBe(
        'The account owner@example.ba was an admin already; its password is now the one given, and its other sessions are signed out.',
      )
      const weak = await createAdmin({ DATA_DIR: dataDir, ADMIN_EMAIL: 'owner@example.ba', ADMIN_PASSWORD: '12345678' })
      expect(weak.code).toBe(1)
      expect(weak.stderr).toContain(messages.auth.passwordTooCommon)
    },
    SLOW,
  )

  it(
    'gives a shop that the admin signs into and administers: one account, audited by the system',
    async () => {
      shop = await startApiProcess({ dataDir, env: { SEED: 'none' } })
      expect((await signIn(shop, 'owner@example.ba', PASSWORD)).status).toBe(401)
      const session = await signIn(shop, 'owner@example.ba', NEW_PASSWORD)
      expect(session.status).toBe(200)
      expect(session.body.user.roles).toContain('admin')
      const users = await callApi<UserList>(shop, '/api/users', { token: session.body.token })
      expect(users.status).toBe(200)
      expect(users.body.total).toBe(1)
      expect(users.body.users).toEqual([
        expect.objectContaining({ email: 'owner@example.ba', roles: ['user', 'admin'], isVerified: true }),
      ])
      const logs = await callApi<{ data: { action: string; entity: string; actor_email: string | null }[] }>(
        shop,
        '/api/logs?entity=user',
        { token: session.body.token },
      )
      expect(logs.status).toBe(200)
      // The sign-in with the old password above is audited too (sign_in_failed); the rest is the command's.
      const lines = logs.body.data.filter((line) => line.entity === 'user' && !line.action.startsWith('sign_in'))
      expect(lines.map((line) => line.action).sort()).toEqual(['create', 'user.password_set'])
      expect(lines.every((line) => line.actor_email === null)).toBe(true)
      // The shop has an admin now: no hint at start-up.
      expect(shop.hasLogged(NO_ADMIN_HINT)).toBe(false)
    },
    SLOW,
  )

  it(
    'refuses to run while the shop runs on the same DATA_DIR',
    async () => {
      const result = await createAdmin({
        DATA_DIR: dataDir,
        ADMIN_EMAIL: 'second@example.ba',
        ADMIN_PASSWORD: PASSWORD,
      })
      expect(result.code).toBe(1)
      expect(result.stderr).toContain('The shop is running on the embedded database')
      expect(result.stderr).toContain('stop the shop first')
      expect(result.stdout).toBe('')
    },
    SLOW,
  )
})

const serverUrl = TEST_DATABASE_SERVER ?? LOCAL_POSTGRES_SERVER
const serverProblem = await withServerClient(serverUrl, (client) => client.query('select 1')).then(
  () => undefined,
  (error: Error) => `no PostgreSQL server answers at ${serverUrl} (${error.message || error.name})`,
)
if (serverProblem) process.stdout.write(`create-admin on PostgreSQL skipped: ${serverProblem}\n`)

describe.skipIf(serverProblem !== undefined)('npm run create-admin on PostgreSQL (DATABASE_URL)', () => {
  let database: ScratchDatabase
  let sql: pg.Client
  let shop: ApiProcess

  beforeAll(async () => {
    database = await createScratchDatabase('create_admin', serverUrl)
    shop = await startApiProcess({ env: { DATABASE_URL: database.url, SEED: 'none' } })
    sql = new pg.Client({ connectionString: database.url })
    await sql.connect()
  }, SLOW)

  afterAll(async () => {
    await sql?.end()
    await shop?.stop()
    await database?.drop()
  })

  const run = (email: string, password: string) =>
    createAdmin({
      DATABASE_URL: database.url,
      DATA_DIR: path.join(root, 'postgres'),
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: password,
    })

  it('a shop with no admin says at start-up how to create one', () => {
    expect(shop.hasLogged(NO_ADMIN_HINT)).toBe(true)
  })

  it(
    'promotes a disabled, unverified customer while the shop runs, and a second run ends the old sessions',
    async () => {
      await sql.query(
        `insert into users (email, password_hash, roles, is_verified, is_disabled) values ('kupac@example.ba', 'x', '{user}', false, true)`,
      )
      const first = await run('Kupac@Example.ba', PASSWORD)
      expect(first.stderr).toBe('')
      expect(first.code).toBe(0)
      expect(first.stdout.trim()).toBe(
        'The account kupac@example.ba existed and is now an admin, verified and enabled again; its password is now the one given, and its other sessions are signed out.',
      )
      const session = await signIn(shop, 'kupac@example.ba', PASSWORD)
      expect(session.status).toBe(200)
      expect((await callApi(shop, '/api/users', { token: session.body.token })).status).toBe(200)

      const second = await run('kupac@example.ba', NEW_PASSWORD)
      expect(second.code).toBe(0)
      expect(second.stdout).toContain('was an admin already')
      // token_version moved on: the session made with the old password has ended.
      expect((await callApi(shop, '/api/users', { token: session.body.token })).status).toBe(401)
      expect((await signIn(shop, 'kupac@example.ba', NEW_PASSWORD)).status).toBe(200)

      const { rows: users } = await sql.query<{ roles: string[]; is_verified: boolean; is_disabled: boolean }>(
        `select roles, is_verified, is_disabled from users where email = 'kupac@example.ba'`,
      )
      expect(users).toEqual([{ roles: ['user', 'admin'], is_verified: true, is_disabled: false }])
      const { rows: audit } = await sql.query<{ action: string; actor_id: string | null }>(
        `select action, actor_id from audit_log where entity = 'user' order by id`,
      )
      expect(audit).toEqual(
        ['user.role_added', 'user.enabled', 'user.password_set', 'user.password_set'].map((action) => ({
          action,
          actor_id: null,
        })),
      )
    },
    SLOW,
  )

  it(
    'creates a new admin next to it',
    async () => {
      const result = await run('druga@example.ba', PASSWORD)
      expect(result.code).toBe(0)
      expect(result.stdout.trim()).toBe(
        'Created the admin account druga@example.ba (verified, roles user and admin): sign in at /login.',
      )
      const session = await signIn(shop, 'druga@example.ba', PASSWORD)
      expect(session.status).toBe(200)
      const users = await callApi<UserList>(shop, '/api/users', { token: session.body.token })
      expect(users.body.users.map((user) => user.email).sort()).toEqual(['druga@example.ba', 'kupac@example.ba'])
    },
    SLOW,
  )
})
