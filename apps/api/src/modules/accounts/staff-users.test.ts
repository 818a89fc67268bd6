import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '@shop/shared/rules/roles.ts'
import { createUser, json, postSignIn, signInAs, TEST_PASSWORD } from '../../../test/helpers.ts'
import { auditRows } from '../catalogue/test-fixtures.ts'
import { expectErrorAnswer } from '../../../test/support/expect-answer.ts'
import { useTestApp } from '../../../test/support/use-test-app.ts'

type UserRow = {
  id: string
  email: string
  full_name: string
  roles: string[]
  isVerified: boolean
  isDisabled: boolean
  created_at: string
}
type UserList = {
  users: UserRow[]
  total: number
  isTotalExact: boolean
  page: number
  pages: number
  pageSize: number
}
type Headers = Record<string, string>

const test = useTestApp()
let admin: Headers
let adminId: string
beforeAll(async () => {
  const created = await createUser(test.db, {
    email: `glavni-${randomUUID().slice(0, 6)}@sovici.ba`,
    roles: ['user', 'admin'],
  })
  adminId = created.id
  admin = await tokenFor(created.id)
})

async function tokenFor(userId: string): Promise<Headers> {
  const { rows } = await test.db.query<{ token_version: number }>('select token_version from users where id = $1', [
    userId,
  ])
  const token = await test.app.tokens.sign({ userId, role: 'user', tokenVersion: rows[0]!.token_version })
  return { authorization: `Bearer ${token}` }
}

async function newUser(roles: Role[] = ['user'], email?: string) {
  const user = await createUser(test.db, { roles, email: email ?? `${randomUUID().slice(0, 8)}@kupci.ba` })
  return { ...user, headers: await tokenFor(user.id) }
}

const get = (url: string, headers: Headers = admin) => test.app.inject({ method: 'GET', url, headers })
const changeRole = (id: string, role: string, action: string, headers: Headers = admin) =>
  test.app.inject({ method: 'POST', url: `/api/users/${id}/roles/${role}/${action}`, headers })
const setPassword = (email: string, payload: unknown, headers: Headers = admin) =>
  test.app.inject({
    method: 'PUT',
    url: `/api/users/${encodeURIComponent(email)}/password`,
    payload: payload as object,
    headers,
  })
const disable = (id: string, headers: Headers = admin) =>
  test.app.inject({ method: 'POST', url: `/api/users/${id}/disable`, headers })
const enable = (id: string, headers: Headers = admin) =>
  test.app.inject({ method: 'POST', url: `/api/users/${id}/enable`, headers })
const signIn = (email: string, password = TEST_PASSWORD) =>
  postSignIn(
    test,
    { email, password },
    { remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  )
const me = (headers: Headers) => get('/api/auth/me', headers)

/** The audit rows this module writes for one account (sign-in failures are audited too, elsewhere). */
async function userAudit(id: string) {
  return (await auditRows(test.db, 'user', id)).filter((row) => row.action.startsWith('user.'))
}

async function activeAdminIds(): Promise<string[]> {
  const { rows } = await test.db.query<{ id: string }>(
    `select id from users where 'admin' = any (roles) and not is_disabled order by id`,
  )
  return rows.map((row) => row.id)
}

describe('route access', () => {
  it('lets only admins call every users route', async () => {
    const target = await newUser()
    const callers: Record<string, Headers> = {
      anonymous: {},
      user: await signInAs(test, 'user'),
      wholesale: await signInAs(test, 'wholesale'),
      store_manager: await signInAs(test, 'store_manager'),
    }
    const calls = (headers: Headers) => [
      () => get('/api/users', headers),
      () => get('/api/users/search?query=kupci', headers),
      () => changeRole(target.id, 'wholesale', 'add', headers),
      () => setPassword(target.email, { password: 'NovaLozinka1' }, headers),
      () => disable(target.id, headers),
      () => enable(target.id, headers),
    ]
    for (const [caller, headers] of Object.entries(callers)) {
      for (const call of calls(headers)) {
        const response = await call()
        const expected = caller === 'anonymous' ? 401 : 403
        expect({ caller, status: response.statusCode }).toEqual({ caller, status: expected })
        if (caller === 'anonymous') {
          expect(json(response)).toMatchObject({
            code: 'UNAUTHORIZED',
            message: 'Authentication required. Please log in again.',
          })
        }
      }
    }
    const statuses = []
    for (const call of calls(admin)) statuses.push((await call()).statusCode)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200])
    // Nothing the refused callers sent reached the account.
    expect(await userAudit(target.id)).toHaveLength(4)
  })
})

describe('GET /api/users and /api/users/search', () => {
  const marker = `trazi${randomUUID().slice(0, 6)}`
  const emails = [
    `ana.${marker}@mail.ba`,
    `bojan.${marker}@mail.ba`,
    `cvijeta_${marker}@posta.ba`,
    `dino%${marker}@x.ba`,
  ]

  beforeAll(async () => {
    for (const [index, email] of emails.entries()) {
      const user = await createUser(test.db, { email, fullName: `Korisnik ${index}` })
      // Distinct creation times, oldest first, so that the order is known.
      await test.db.query(`update users set created_at = now() - ($2 || ' minutes')::interval where id = $1`, [
        user.id,
        String(10 - index),
      ])
    }
    await test.db.query(`update users set is_disabled = true where email = $1`, [emails[1]])
  })

  it('answers a page of accounts with every column, newest first', async () => {
    const response = await get(`/api/users?query=${marker}`)
    expect(response.statusCode).toBe(200)
    const body = json<UserList>(response)
    expect(body).toMatchObject({ total: 4, page: 1, pages: 1, pageSize: 20 })
    expect(body.users.map((user) => user.email)).toEqual([...emails].reverse())
    const bojan = body.users.find((user) => user.email.startsWith('bojan'))!
    expect(bojan).toEqual({
      id: expect.any(String),
      email: emails[1],
      full_name: 'Korisnik 1',
      roles: ['user'],
      isVerified: true,
      isDisabled: true,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })
  })

  it('pages on the server', async () => {
    const first = json<UserList>(await get(`/api/users?query=${marker}&pageSize=3&page=1`))
    const second = json<UserList>(await get(`/api/users?query=${marker}&pageSize=3&page=2`))
    expect(first).toMatchObject({ total: 4, pages: 2, page: 1, pageSize: 3 })
    expect(first.users).toHaveLength(3)
    expect(second.users.map((user) => user.email)).toEqual([emails[0]])
    const beyond = json<UserList>(await get(`/api/users?query=${marker}&pageSize=3&page=9`))
    expect(beyond).toMatchObject({ users: [], total: 4, page: 9, pages: 2 })
    const all = json<UserList>(await get('/api/users?pageSize=100'))
    expect(all.total).toBeGreaterThanOrEqual(5)
  })

  it('matches any part of the e-mail, in any case, with % and _ taken literally', async () => {
    const search = async (query: string) =>
      json<UserList>(await get(`/api/users/search?query=${encodeURIComponent(query)}`)).users.map((user) => user.email)
    expect(await search(`BOJAN.${marker.toUpperCase()}`)).toEqual([emails[1]])
    expect(await search(`${marker}@mail`)).toEqual([emails[1], emails[0]])
    expect(await search(`_${marker}`)).toEqual([emails[2]])
    expect(await search(`%${marker}`)).toEqual([emails[3]])
    expect(await search(`nema-takvog-${marker}`)).toEqual([])
  })

  it('gives the same order page by page from both ends of the list', async () => {
    const whole = json<UserList>(await get('/api/users?pageSize=100'))
    expect(whole.isTotalExact).toBe(true)
    expect(whole.total).toBe(whole.users.length)
    const paged: string[] = []
    const pages = Math.ceil(whole.total / 7)
    for (let page = 1; page <= pages; page += 1) {
      const body = json<UserList>(await get(`/api/users?pageSize=7&page=${page}`))
      expect(body).toMatchObject({ page, pages, total: whole.total })
      paged.push(...body.users.map((user) => user.id))
    }
    expect(paged).toEqual(whole.users.map((user) => user.id))
    expect(json<UserList>(await get(`/api/users?pageSize=7&page=${pages + 1}`)).users).toEqual([])
  })

  it('counts a common search only up to a window past the page', async () => {
    const common = `mnogo${randomUUID().slice(0, 6)}`
    await test.db.query(
      `insert into users (email, password_hash) select $1 || g || '@mail.ba', 'x' from generate_series(1, 1030) g`,
      [common],
    )
    const first = json<UserList>(await get(`/api/users/search?query=${common}`))
    expect(first).toMatchObject({ total: 1000, isTotalExact: false, pages: 50, page: 1 })
    expect(first.users).toHaveLength(20)
    const far = json<UserList>(await get(`/api/users/search?query=${common}&page=50`))
    expect(far).toMatchObject({ total: 1030, isTotalExact: true, pages: 52 })
    const all = json<UserList>(await get('/api/users'))
    expect(all.total).toBe(Number((await test.db.query('select count(*)::int as n from users')).rows[0].n))
    await test.db.query(`delete from users where email like $1`, [`${common}%`])
    expect(json<UserList>(await get('/api/users')).total).toBe(all.total - 1030)
  })

  it('refuses a page size over 100 and a page below 1', async () => {
    expect((await get('/api/users?pageSize=101')).statusCode).toBe(400)
    expect(json(await get('/api/users/search?page=0'))).toMatchObject({ code: 'VALIDATION_FAILED' })
  })
})

describe('POST /api/users/{id}/roles/{role}/{add|remove}', () => {
  it('grants and revokes one role per call, signs the user out, and the next sign-in carries it', async () => {
    const buyer = await newUser()
    expect((await me(buyer.headers)).statusCode).toBe(200)

    const added = await changeRole(buyer.id, 'wholesale', 'add')
    expect(added.statusCode).toBe(200)
    expect(json<UserRow>(added)).toMatchObject({ id: buyer.id, email: buyer.email, roles: ['user', 'wholesale'] })

    // The old token is refused with its own code and words, so the user learns why she is signed out.
    expectErrorAnswer(await me(buyer.headers), 401, {
      message: 'Vaše ovlasti su promijenjene, prijavite se ponovno.',
      error: 'Roles changed',
      code: 'ROLES_CHANGED',
    })

    const session = await signIn(buyer.email)
    expect(session.statusCode).toBe(200)
    const { token, user } = json<{ token: string; user: { role: string; roles: string[] } }>(session)
    expect(user).toMatchObject({ role: 'wholesale', roles: expect.arrayContaining(['wholesale']) })

    const removed = await changeRole(buyer.id, 'wholesale', 'remove')
    expect(json<UserRow>(removed).roles).toEqual(['user'])
    const afterRemoval = await me({ authorization: `Bearer ${token}` })
    expect(afterRemoval.statusCode).toBe(401)
    expect(json(afterRemoval)).toMatchObject({ code: 'ROLES_CHANGED' })

    expect(await userAudit(buyer.id)).toEqual([
      expect.objectContaining({
        action: 'user.role_added',
        entity: 'user',
        before: { email: buyer.email, roles: ['user'] },
        after: { email: buyer.email, roles: ['user', 'wholesale'], role: 'wholesale' },
      }),
      expect.objectContaining({
        action: 'user.role_removed',
        before: { email: buyer.email, roles: ['user', 'wholesale'] },
        after: { email: buyer.email, roles: ['user'], role: 'wholesale' },
      }),
    ])
    // A password set after the role change ends the newer sessions as an expiry, not as a role change.
    const third = json<{ token: string }>(await signIn(buyer.email)).token
    const reset = await setPassword(buyer.email, { password: 'Nova-Lozinka-77', confirmPassword: 'Nova-Lozinka-77' })
    expect(reset.statusCode).toBe(200)
    expect(json(await me({ authorization: `Bearer ${third}` }))).toMatchObject({ code: 'TOKEN_EXPIRED' })
  })

  it('lets store_manager and admin be granted too, and changes nothing when the role is already there', async () => {
    const worker = await newUser()
    expect(json<UserRow>(await changeRole(worker.id, 'store_manager', 'add')).roles).toEqual(['user', 'store_manager'])
    const headers = await tokenFor(worker.id)
    const again = await changeRole(worker.id, 'store_manager', 'add')
    expect(json<UserRow>(again).roles).toEqual(['user', 'store_manager'])
    expect((await me(headers)).statusCode).toBe(200)
    expect(json<UserRow>(await changeRole(worker.id, 'wholesale', 'remove')).roles).toEqual(['user', 'store_manager'])
    expect(json<UserRow>(await changeRole(worker.id, 'admin', 'add')).roles).toEqual(['user', 'store_manager', 'admin'])
    expect((await userAudit(worker.id)).map((row) => row.action)).toEqual(['user.role_added', 'user.role_added'])
  })

  it('accepts an empty body sent as JSON', async () => {
    const buyer = await newUser()
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/users/${buyer.id}/roles/wholesale/add`,
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '',
    })
    expect(response.statusCode).toBe(200)
  })

  it('answers the messages of unknown roles, actions and accounts', async () => {
    const buyer = await newUser()
    const role = await changeRole(buyer.id, 'user', 'add')
    expect(role.statusCode).toBe(400)
    expect(json(role)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Nepoznata uloga. Dopuštene su admin, store_manager i wholesale.',
    })
    const action = await changeRole(buyer.id, 'wholesale', 'toggle')
    expect(json(action)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Nepoznata radnja. Dopuštene su add i remove.',
    })
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const missing = await changeRole(id, 'wholesale', 'add')
      expect(missing.statusCode).toBe(404)
      expect(json(missing)).toMatchObject({ code: 'USER_NOT_FOUND', message: 'Korisnik nije pronađen' })
    }
  })

  it('keeps an admin from removing their own admin role', async () => {
    const response = await changeRole(adminId, 'admin', 'remove')
    expect(response.statusCode).toBe(409)
    expect(json(response)).toMatchObject({
      code: 'SELF_PROTECTED',
      message: 'Ne možete sami sebi ukloniti ulogu administratora. Neka to učini drugi administrator.',
    })
    expect(await activeAdminIds()).toContain(adminId)
  })

  it("renews the admin's own token when they change their own roles", async () => {
    const self = await newUser(['user', 'admin'])
    test.clock.now += 2 * 3600_000
    const response = await changeRole(self.id, 'wholesale', 'add', self.headers)
    expect(response.statusCode).toBe(200)
    const renewed = response.headers['x-auth-token']
    expect(typeof renewed).toBe('string')
    // The renewal keeps the session's sign-in time (the absolute session lifetime).
    const before = await test.app.tokens.verify(self.headers.authorization!.slice('Bearer '.length))
    const after = await test.app.tokens.verify(String(renewed))
    expect(before.ok && after.ok && after.claims.signedInAt === before.claims.signedInAt).toBe(true)
    expect((await me(self.headers)).statusCode).toBe(401)
    expect((await me({ authorization: `Bearer ${String(renewed)}` })).statusCode).toBe(200)
    // Changing someone else sends no token.
    const other = await newUser()
    expect((await changeRole(other.id, 'wholesale', 'add')).headers['x-auth-token']).toBeUndefined()
  })
})

describe('PUT /api/users/{email}/password', () => {
  it.each([
    [{}, 'Password is required'],
    [{ password: '' }, 'Password is required'],
    [{ password: 'kratka7' }, 'Password must be at least 8 characters long'],
  ])('answers 400 to %j with its message', async (payload, message) => {
    const buyer = await newUser()
    const response = await setPassword(buyer.email, payload)
    expect(response.statusCode).toBe(400)
    expect(json(response)).toMatchObject({ code: 'VALIDATION_FAILED', message })
  })

  it('answers Password is required to an empty body', async () => {
    const buyer = await newUser()
    const response = await test.app.inject({
      method: 'PUT',
      url: `/api/users/${buyer.email}/password`,
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '',
    })
    expect(response.statusCode).toBe(400)
    expect(json(response)).toMatchObject({ message: 'Password is required' })
  })

  it('sets the password: the new one signs in, the old one and the old token do not', async () => {
    const buyer = await newUser(['user'], `lozinka.${randomUUID().slice(0, 6)}@kupci.ba`)
    const response = await setPassword(buyer.email.toUpperCase(), { password: 'NovaLozinka2026' })
    expect(response.statusCode).toBe(200)
    expect(json(response)).toMatchObject({
      message: 'Lozinka je postavljena. Korisnik je odjavljen sa svih uređaja.',
      user: { id: buyer.id, email: buyer.email },
    })
    const old = await me(buyer.headers)
    expect(json(old)).toMatchObject({ code: 'TOKEN_EXPIRED' })
    expect((await signIn(buyer.email)).statusCode).toBe(401)
    expect((await signIn(buyer.email, 'NovaLozinka2026')).statusCode).toBe(200)

    const audit = await userAudit(buyer.id)
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'user.password_set',
        before: { email: buyer.email },
        after: { email: buyer.email, passwordChanged: true, sessionsSignedOut: true },
      }),
    ])
    const { rows } = await test.db.query<{ hash: string }>('select password_hash as hash from users where id = $1', [
      buyer.id,
    ])
    expect(JSON.stringify(audit)).not.toContain('NovaLozinka2026')
    expect(JSON.stringify(audit)).not.toContain(rows[0]!.hash)
  })

  it('finds the account by id too, and answers 404 for an unknown one', async () => {
    const buyer = await newUser()
    expect((await setPassword(buyer.id, { password: 'NovaLozinka2026' })).statusCode).toBe(200)
    const missing = await setPassword('nitko@nigdje.ba', { password: 'NovaLozinka2026' })
    expect(missing.statusCode).toBe(404)
    expect(json(missing)).toMatchObject({ code: 'USER_NOT_FOUND', message: 'Korisnik nije pronađen' })
  })
})

describe('POST /api/users/{id}/disable and /enable', () => {
  it('refuses sign-in and stops live tokens at once, and enabling lets the account sign in again', async () => {
    const buyer = await newUser()
    expect((await me(buyer.headers)).statusCode).toBe(200)
    const disabled = await disable(buyer.id)
    expect(disabled.statusCode).toBe(200)
    expect(json<UserRow>(disabled)).toMatchObject({ id: buyer.id, isDisabled: true })

    expect((await me(buyer.headers)).statusCode).toBe(401)
    expectErrorAnswer(await signIn(buyer.email), 403, {
      message: 'Vaš račun je deaktiviran. Molimo kontaktirajte podršku.',
      error: 'Account disabled',
      code: 'ACCOUNT_DISABLED',
    })

    const enabled = await enable(buyer.id)
    expect(json<UserRow>(enabled)).toMatchObject({ isDisabled: false })
    // The tokens of before the disable stay dead; a new sign-in works.
    expect((await me(buyer.headers)).statusCode).toBe(401)
    expect((await signIn(buyer.email)).statusCode).toBe(200)

    expect(await userAudit(buyer.id)).toEqual([
      expect.objectContaining({
        action: 'user.disabled',
        before: { email: buyer.email, isDisabled: false },
        after: { email: buyer.email, isDisabled: true },
      }),
      expect.objectContaining({
        action: 'user.enabled',
        before: { email: buyer.email, isDisabled: true },
        after: { email: buyer.email, isDisabled: false },
      }),
    ])
    // Disabling twice changes nothing more.
    await disable(buyer.id)
    await disable(buyer.id)
    expect(await userAudit(buyer.id)).toHaveLength(3)
  })

  it('keeps an admin from disabling themselves', async () => {
    const response = await disable(adminId)
    expect(response.statusCode).toBe(409)
    expect(json(response)).toMatchObject({ code: 'SELF_PROTECTED', message: 'Ne možete deaktivirati vlastiti račun.' })
  })

  it('answers 404 for an unknown account', async () => {
    expect(json(await disable(randomUUID()))).toMatchObject({ code: 'USER_NOT_FOUND' })
    expect((await enable('nope')).statusCode).toBe(404)
  })
})

describe('the last admin', () => {
  /** Leaves exactly two active admins, A and B, and answers their tokens. */
  async function twoAdminsOnly() {
    const a = await newUser(['user', 'admin'])
    const b = await newUser(['user', 'admin'])
    await test.db.query(`update users set roles = array_remove(roles, 'admin') where id <> all ($1::uuid[])`, [
      [a.id, b.id],
    ])
    return { a, b }
  }

  afterAll(async () => {
    await test.db.query(`update users set roles = array_append(roles, 'admin'), is_disabled = false where id = $1`, [
      adminId,
    ])
    admin = await tokenFor(adminId)
  })

  it('lets one of two admins remove the other, but never both at once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { a, b } = await twoAdminsOnly()
      const answers = await Promise.all([
        changeRole(b.id, 'admin', 'remove', a.headers),
        changeRole(a.id, 'admin', 'remove', b.headers),
      ])
      const statuses = answers.map((answer) => answer.statusCode)
      expect(statuses.filter((status) => status === 200)).toHaveLength(1)
      const loser = answers.find((answer) => answer.statusCode !== 200)!
      expect([401, 409]).toContain(loser.statusCode)
      if (loser.statusCode === 409) {
        expect(json(loser)).toMatchObject({
          code: 'LAST_ADMIN',
          message: 'Trgovina mora imati barem jednog aktivnog administratora. Ova promjena bi uklonila posljednjeg.',
        })
      }
      expect(await activeAdminIds()).toHaveLength(1)
    }
  })

  it('never lets two admins disable each other', async () => {
    const { a, b } = await twoAdminsOnly()
    const answers = await Promise.all([disable(b.id, a.headers), disable(a.id, b.headers)])
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1)
    expect(await activeAdminIds()).toHaveLength(1)
  })

  // PGlite is one session: a second connection that holds a lock cannot exist there.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'answers 409 LAST_ADMIN to the second of two removals that waited on each other (PostgreSQL)',
    async () => {
      const { a, b } = await twoAdminsOnly()
      const holder = new pg.Client({ connectionString: await databaseUrl() })
      await holder.connect()
      try {
        await holder.query('begin')
        await holder.query('select id from users where id = any ($1::uuid[]) for update', [[a.id, b.id]])
        const first = changeRole(b.id, 'admin', 'remove', a.headers)
        const second = changeRole(a.id, 'admin', 'remove', b.headers)
        await waitForLockWaiters(holder, 2)
        await holder.query('commit')
        const answers = await Promise.all([first, second])
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
        expect(json(answers.find((answer) => answer.statusCode === 409)!)).toMatchObject({ code: 'LAST_ADMIN' })
        expect(await activeAdminIds()).toHaveLength(1)
      } finally {
        await holder.end()
      }
    },
  )
})

/** The URL of this file's own test database on the PostgreSQL server. */
async function databaseUrl(): Promise<string> {
  const { rows } = await test.db.query<{ name: string }>('select current_database() as name')
  const url = new URL(process.env.TEST_DATABASE_URL!)
  url.pathname = `/${rows[0]!.name}`
  return url.toString()
}

async function waitForLockWaiters(client: pg.Client, count: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const { rows } = await client.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    )
    if ((rows[0]?.waiting ?? 0) >= count) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('the two requests never waited on the lock')
}

describe('PUT /api/profile/{email} with {data} (the users page profile dialog)', () => {
  const put = async (email: string, data: Record<string, unknown>) => {
    const { rows } = await test.db.query<{ version: number }>('select version from users where email = $1', [email])
    return test.app.inject({
      method: 'PUT',
      url: `/api/profile/${email}`,
      payload: { data, version: rows[0]?.version ?? 1 },
      headers: admin,
    })
  }

  it.each([
    [{ phone_number: '12ab' }, 'Molimo unesite ispravan telefonski broj'],
    [{ zip_code: '881' }, 'Molimo unesite ispravan poštanski broj od 5 znamenki'],
    [{ date_of_birth: `${new Date().getFullYear() - 17}-01-01` }, 'Korisnik mora imati najmanje 18 godina'],
  ])('answers 400 to %j with the admin form message', async (data, message) => {
    const buyer = await newUser()
    const response = await put(buyer.email, data)
    expect(response.statusCode).toBe(400)
    expect(json(response)).toMatchObject({ message })
  })

  it("saves the admin's edit, shows it in the list and audits it", async () => {
    const buyer = await newUser()
    const response = await put(buyer.email, {
      full_name: 'Nova Osoba',
      phone_number: '+387 63 123-456',
      zip_code: '88340',
      date_of_birth: '1985-03-09',
    })
    expect(response.statusCode).toBe(200)
    const listed = json<UserList>(await get(`/api/users/search?query=${buyer.email}`))
    expect(listed.users[0]).toMatchObject({ email: buyer.email, full_name: 'Nova Osoba' })
    expect((await auditRows(test.db, 'user', buyer.id)).map((row) => row.action)).toContain('profile_updated')
  })
})
