import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import argon2 from 'argon2'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import type { Role } from '@shop/shared/rules/roles.ts'
import { buildApp } from '../src/app.ts'
import { MIGRATIONS_DIRECTORY } from '../src/files.ts'
import { loadConfig, type Config } from '../src/platform/config.ts'
import { openDatabase, type Database } from '../src/platform/db.ts'
import { migrate } from '../src/platform/migrate.ts'
import {
  createScratchDatabase,
  databaseUrlOn,
  TEST_DATABASE_SERVER,
  withServerClient,
} from './support/scratch-database.ts'

/** The installed PGlite's version (its package exports no package.json: found above its entry). */
const PGLITE_VERSION = (() => {
  let folder = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  while (!fs.existsSync(path.join(folder, 'package.json'))) folder = path.dirname(folder)
  return (JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }).version
})()

/**
 * The API tests run on PGlite by default and on a PostgreSQL server when TEST_DATABASE_URL
 * is set (a server URL whose user may create databases): each test file then gets a fresh
 * database of its own (support/scratch-database.ts), dropped afterwards.
 */
/** A fresh database (PGlite, or a scratch database on TEST_DATABASE_URL), migrated unless asked not to. */
export async function openTestDatabase({ migrated = true } = {}): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (!TEST_DATABASE_SERVER) {
    const db = await openDatabase(migrated ? { copyOf: await migratedCopy() } : {})
    // Nothing left to apply on a copy of this tree's migrations; checked all the same.
    if (migrated) await migrate(db)
    return { db, drop: () => db.close() }
  }
  const scratch = await createScratchDatabase('test', TEST_DATABASE_SERVER, {
    template: migrated ? await migratedTemplate(TEST_DATABASE_SERVER) : undefined,
  })
  const db = await openDatabase({ url: scratch.url, poolSize: 20 })
  if (migrated) await migrate(db)
  return {
    db,
    async drop() {
      await db.close()
      await scratch.drop()
    },
  }
}

/**
 * A PGlite database with every migration applied, saved once per set of migrations and PGlite version in the temp
 * directory: creating an empty PGlite database costs about 2.5 s of CPU and migrating it 1.5 s more, loading this
 * copy about 0.6 s, for each of the hundred test files (docs/decisions.md, 'Tests start from one migrated copy').
 */
async function migratedCopy(): Promise<string> {
  const file = path.join(os.tmpdir(), `shop-test-migrated-${migrationsHash(PGLITE_VERSION)}.tar`)
  if (fs.existsSync(file)) return file
  // Two test files may both make it; each writes its own and renames, and either copy is the same database.
  const db = await openDatabase({})
  try {
    await migrate(db)
    await db.saveCopy!(file)
  } finally {
    await db.close()
  }
  return file
}

/** What the migrations of this tree are, in 16 hex digits (with `salt`: the database's version). */
function migrationsHash(salt: string): string {
  const hash = createHash('sha256').update(salt)
  for (const name of fs.readdirSync(MIGRATIONS_DIRECTORY).sort()) {
    hash.update(name).update(fs.readFileSync(path.join(MIGRATIONS_DIRECTORY, name)))
  }
  return hash.digest('hex').slice(0, 16)
}

/**
 * The name of a database on the server with every migration of this tree applied, made once (under an advisory
 * lock, so that parallel test files wait for one maker) and kept: each test file's database is created from it
 * (`create database … template`, 0.1 s) instead of being migrated (about 1.9 s).
 */
async function migratedTemplate(serverUrl: string): Promise<string> {
  const name = `shop_template_${migrationsHash('postgres')}`
  const exists = (client: pg.Client) =>
    client.query('select 1 from pg_database where datname = $1', [name]).then((result) => result.rowCount === 1)
  await withServerClient(serverUrl, async (client) => {
    if (await exists(client)) return
    await client.query('select pg_advisory_lock(hashtext($1))', [name])
    try {
      if (await exists(client)) return
      const building = `${name}_building`
      await client.query(`drop database if exists ${building} with (force)`)
      await client.query(`create database ${building}`)
      const db = await openDatabase({ url: databaseUrlOn(serverUrl, building), poolSize: 1 })
      try {
        await migrate(db)
      } finally {
        await db.close()
      }
      // Renamed once migrated, so that no file copies half a template; the server may take a moment to end the
      // closed connection's session, which a rename must wait for.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await client.query(`alter database ${building} rename to ${name}`)
          break
        } catch (error) {
          if (attempt >= 50 || (error as { code?: string }).code !== '55006') throw error
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      }
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name])
    }
  })
  return name
}

export type TestApp = {
  app: FastifyInstance
  db: Database
  config: Config
  /** Moves the server's clock (tokens, lock-out windows, expiries). */
  clock: { now: number }
  close: () => Promise<void>
}

export async function buildTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const { db, drop } = await openTestDatabase()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'))
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED: 'none',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PUBLIC_URL: 'http://shop.test',
    MAIL_WORKER: 'off',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // Most tests place many orders from 127.0.0.1; the per-address limit has its own tests (pass '' to unset).
    ORDERS_PER_ADDRESS_PER_HOUR: '100000',
    // The OpenAPI document is read by the tests of routes, errors and access.
    API_DOCS: 'on',
    ...overrides,
  })
  const clock = { now: Date.now() }
  const app = await buildApp({ config, db, now: () => clock.now })
  await app.ready()
  return {
    app,
    db,
    config,
    clock,
    async close() {
      await app.close()
      await drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

let passwordHashCache: string | undefined
export const TEST_PASSWORD = 'Demo1234!'

/** Creates a verified user with the given roles directly in the database. */
export async function createUser(
  db: Database,
  { email = `${randomUUID().slice(0, 8)}@test.ba`, roles = ['user'] as Role[], fullName = 'Test Korisnik' } = {},
): Promise<{ id: string; email: string }> {
  passwordHashCache ??= await argon2.hash(TEST_PASSWORD, { type: argon2.argon2id })
  const { rows } = await db.query<{ id: string }>(
    `insert into users (email, password_hash, roles, is_verified) values ($1, $2, $3, true) returning id`,
    [email, passwordHashCache, roles],
  )
  const id = rows[0]!.id
  await db.query('insert into profiles (user_id, full_name) values ($1, $2)', [id, fullName])
  return { id, email }
}

/** A fresh user (see createUser) signed in with the last of their roles, as the app signs them, and their headers. */
export async function signedInUser(
  test: TestApp,
  fixture: Parameters<typeof createUser>[1] = {},
): Promise<{ id: string; email: string; headers: Record<string, string> }> {
  const user = await createUser(test.db, fixture)
  const role = fixture.roles?.at(-1) ?? 'user'
  const token = await test.app.tokens.sign({ userId: user.id, role, tokenVersion: 0 })
  return { ...user, headers: { authorization: `Bearer ${token}` } }
}

/**
 * A bearer token for a fresh user with the role, signed as the app signs them; `email` names the user where a
 * test reads it back (an audit or ledger row's actor).
 */
export async function signInAs(
  test: TestApp,
  role: Role | 'anonymous',
  email?: string,
): Promise<Record<string, string>> {
  if (role === 'anonymous') return {}
  return (await signedInUser(test, { email, roles: role === 'user' ? ['user'] : ['user', role] })).headers
}

/** POST /api/auth/login with the e-mail and password, from `remoteAddress` (the sign-in limits count per address). */
export function postSignIn(
  test: TestApp,
  credentials: { email: string; password: string },
  request: { remoteAddress?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return test.app.inject({ method: 'POST', url: '/api/auth/login', payload: credentials, ...request })
}

/** The status each caller gets from a route for the shop's staff (store managers and admins), rows for it.each. */
export const STAFF_ROUTE_ACCESS = [
  ['anonymous', 401],
  ['user', 403],
  ['wholesale', 403],
  ['store_manager', 200],
  ['admin', 200],
] as const

/** The statuses of `count` requests sent one after another (a limit's tests); `send` makes the one of that index. */
export async function statusesOf(
  count: number,
  send: (index: number) => Promise<LightMyRequestResponse>,
): Promise<number[]> {
  const statuses: number[] = []
  for (let index = 0; index < count; index += 1) statuses.push((await send(index)).statusCode)
  return statuses
}

/** Sends `count` requests at once (the index makes each its own); answers them in the order sent. */
export function sendAtOnce(
  count: number,
  send: (index: number) => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => send(index)))
}

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return JSON.parse(response.body) as T
}
