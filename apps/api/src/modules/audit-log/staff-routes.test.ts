import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { messages } from '@shop/shared/messages/bs.ts'
import type { AuditLogEntry, AuditLogFilters, AuditLogList } from '@shop/shared/schemas/admin-logs.ts'
import { createUser, json, postSignIn, signInAs, TEST_PASSWORD, signedInUser } from '../../../test/helpers.ts'
import { useTestApp } from '../../../test/support/use-test-app.ts'

const text = messages.adminLogs

const test = useTestApp()
let admin: Record<string, string>
let adminEmail: string

beforeAll(async () => {
  adminEmail = `admin-${randomUUID().slice(0, 8)}@test.ba`
  admin = (await signedInUser(test, { email: adminEmail, roles: ['user', 'admin'] })).headers
})

const get = (url: string, headers = admin) => test.app.inject({ method: 'GET', url, headers })

async function list(query: Record<string, string | number | undefined>): Promise<AuditLogList> {
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  )
  const response = await get(`/api/logs?${search.toString()}`)
  expect(response.statusCode, response.body).toBe(200)
  return json<AuditLogList>(response)
}

type Seed = {
  action?: string
  entity?: string
  entityId?: string | null
  actorEmail?: string | null
  before?: unknown
  after?: unknown
  at?: string
}

/** Writes audit rows as recordAudit does, with a chosen time; returns their ids (as the API gives them). */
async function seed(rows: Seed[]): Promise<string[]> {
  const ids: string[] = []
  for (const row of rows) {
    const { rows: inserted } = await test.db.query<{ id: string }>(
      `insert into audit_log (actor_email, action, entity, entity_id, before, after, ip, created_at)
       values ($1, $2, $3, $4, $5, $6, '127.0.0.1', coalesce($7::timestamptz, now())) returning id::text as id`,
      [
        row.actorEmail === undefined ? adminEmail : row.actorEmail,
        row.action ?? 'update',
        row.entity ?? 'product',
        row.entityId ?? null,
        row.before === undefined ? null : JSON.stringify(row.before),
        row.after === undefined ? null : JSON.stringify(row.after),
        row.at ?? null,
      ],
    )
    ids.push(inserted[0]!.id)
  }
  return ids
}

/** An entity name of its own, so that a test sees only its rows. */
const uniqueEntity = () => `test_${randomUUID().slice(0, 8)}`

describe('who may read the logs', () => {
  it('lets only admins in, on every route', async () => {
    const [id] = await seed([{ entity: uniqueEntity() }])
    const routes = ['/api/logs', '/api/logs/filters', `/api/logs/${id}`]
    for (const url of routes) {
      expect((await get(url, {})).statusCode).toBe(401)
      for (const role of ['user', 'wholesale', 'store_manager'] as const) {
        const refused = await get(url, await signInAs(test, role))
        expect({ url, role, status: refused.statusCode }).toEqual({ url, role, status: 403 })
      }
      expect((await get(url, await signInAs(test, 'admin'))).statusCode).toBe(200)
    }
  })
})

describe('the list', () => {
  it('is newest first and gives each row its fields and a short summary, not the whole documents', async () => {
    const entity = uniqueEntity()
    await seed([
      {
        entity,
        action: 'create',
        entityId: 'p1',
        before: null,
        after: { name: 'Čekić', price: 10 },
        at: '2026-01-01T10:00:00Z',
      },
      {
        entity,
        entityId: 'p1',
        before: { name: 'Čekić', price: 10 },
        after: { name: 'Čekić', price: 12 },
        at: '2026-01-02T10:00:00Z',
      },
    ])
    const page = await list({ entity })
    expect(page.nextCursor).toBeNull()
    expect(page.data).toEqual([
      {
        id: expect.any(String),
        created_at: '2026-01-02T10:00:00.000Z',
        actor_email: adminEmail,
        action: 'update',
        entity,
        entity_id: 'p1',
        ip: '127.0.0.1',
        summary: 'Čekić · izmijenjeno: price: 10 → 12',
        sentence: `${adminEmail} je izmijenio ${entity} „Čekić”: price: 10 → 12.`,
      },
      expect.objectContaining({ action: 'create', created_at: '2026-01-01T10:00:00.000Z', summary: 'Čekić' }),
    ])
    expect(page.data[0]).not.toHaveProperty('before')
    expect(page.data[0]).not.toHaveProperty('after')
  })

  it('lists a staff write made through the API with who made it', async () => {
    const saved = await test.app.inject({
      method: 'POST',
      url: '/api/work-hours',
      headers: admin,
      payload: [
        {
          section: 'store',
          hours: `Pon-Pet 08-16 ${randomUUID().slice(0, 4)}`,
          version:
            (await test.db.query<{ version: number }>("select version from work_hours where section = 'store'")).rows[0]
              ?.version ?? 0,
        },
      ],
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const page = await list({ entity: 'work_hours', limit: 1 })
    expect(page.data[0]).toMatchObject({ actor_email: adminEmail, entity: 'work_hours', entity_id: 'store' })
    expect(page.data[0]!.summary).toContain('store')
  })
})

describe('filters', () => {
  it('filters by user: the start of the e-mail of who acted, in any case, or the e-mail a refused sign-in tried', async () => {
    const actor = `Ana.${randomUUID().slice(0, 6)}@Test.ba`
    const entity = uniqueEntity()
    await seed([
      { entity, actorEmail: actor.toLowerCase() },
      { entity, actorEmail: 'someone-else@test.ba' },
      { entity, actorEmail: actor.toLowerCase(), action: 'delete' },
    ])
    const page = await list({ user: `  ${actor.toUpperCase()} ` })
    expect(page.data.map((row) => row.action)).toEqual(['delete', 'update'])
    // The start of an address finds it; a part from its middle does not, and `%` or `_` are literal.
    expect((await list({ user: actor.slice(0, 6) })).data.map((row) => row.action)).toEqual(['delete', 'update'])
    expect((await list({ user: actor.slice(2, 8) })).data).toEqual([])
    expect((await list({ user: 'ana_' })).data.filter((row) => row.entity === entity)).toEqual([])
    expect((await list({ user: '%' })).data).toEqual([])

    // A refused sign-in has no actor; the e-mail it tried is who it is about.
    const user = await createUser(test.db, { email: `mirza.${randomUUID().slice(0, 6)}@test.ba` })
    const refused = await postSignIn(test, { email: user.email, password: `${TEST_PASSWORD}-wrong` })
    expect(refused.statusCode).toBe(401)
    const failures = await list({ user: user.email })
    expect(failures.data).toEqual([
      expect.objectContaining({
        action: 'sign_in_failed',
        entity: 'user',
        entity_id: user.id,
        actor_email: null,
        summary: `${user.email} · pogrešna lozinka`,
        sentence: `Neuspjela prijava za ${user.email}: pogrešna lozinka.`,
      }),
    ])
  })

  it('lists sign-in failures and the lock-out they cause', async () => {
    const email = `nepoznat.${randomUUID().slice(0, 6)}@test.ba`
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await postSignIn(
        test,
        { email, password: 'Pogresna123!' },
        { remoteAddress: `10.9.${attempt}.1` },
      )
      expect(response.statusCode).toBe(401)
    }
    const rows = (await list({ user: email })).data
    expect(rows.map((row) => row.action)).toEqual(['sign_in_locked', ...Array(5).fill('sign_in_failed')])
    expect((await list({ user: email, action: 'sign_in_locked' })).data).toHaveLength(1)
    expect(rows[1]!.summary).toBe(`${email} · nepoznata e-mail adresa`)
  })

  it('filters by action, by entity and by both', async () => {
    const entity = uniqueEntity()
    const other = uniqueEntity()
    await seed([
      { entity, action: 'create' },
      { entity, action: 'update' },
      { entity: other, action: 'update' },
      { entity, action: 'update' },
    ])
    expect((await list({ entity })).data.map((row) => row.action)).toEqual(['update', 'update', 'create'])
    expect((await list({ entity, action: 'update' })).data).toHaveLength(2)
    expect((await list({ entity: other, action: 'create' })).data).toEqual([])
    const creates = (await list({ action: 'create', limit: 100 })).data
    expect(creates.every((row) => row.action === 'create')).toBe(true)
    expect(creates.some((row) => row.entity === entity)).toBe(true)
  })

  it('takes a date range as whole UTC days, one second either side of each boundary', async () => {
    const entity = uniqueEntity()
    await seed(
      [
        '2026-03-09T23:59:59Z',
        '2026-03-10T00:00:00Z',
        '2026-03-10T00:00:01Z',
        '2026-03-11T23:59:59Z',
        '2026-03-11T23:59:59.999Z',
        '2026-03-12T00:00:00Z',
        '2026-03-12T00:00:01Z',
      ].map((at) => ({ entity, at, after: { at } })),
    )
    const times = async (query: Record<string, string>) =>
      (await list({ entity, ...query })).data.map((row) => row.created_at)
    expect(await times({ from: '2026-03-10', to: '2026-03-11' })).toEqual([
      '2026-03-11T23:59:59.999Z',
      '2026-03-11T23:59:59.000Z',
      '2026-03-10T00:00:01.000Z',
      '2026-03-10T00:00:00.000Z',
    ])
    expect(await times({ from: '2026-03-12' })).toEqual(['2026-03-12T00:00:01.000Z', '2026-03-12T00:00:00.000Z'])
    expect(await times({ to: '2026-03-09' })).toEqual(['2026-03-09T23:59:59.000Z'])
    expect(await times({ from: '2026-03-11', to: '2026-03-11' })).toEqual([
      '2026-03-11T23:59:59.999Z',
      '2026-03-11T23:59:59.000Z',
    ])
    // Combined with the other filters.
    expect(await times({ from: '2026-03-10', to: '2026-03-10', action: 'update', user: adminEmail })).toEqual([
      '2026-03-10T00:00:01.000Z',
      '2026-03-10T00:00:00.000Z',
    ])
    expect(await times({ from: '2026-03-10', to: '2026-03-10', action: 'delete' })).toEqual([])
  })

  it('offers the actions and entities that occur, for the filter lists', async () => {
    const entity = uniqueEntity()
    await seed([{ entity, action: 'sale.started' }])
    const response = await get('/api/logs/filters')
    expect(response.statusCode).toBe(200)
    const filters = json<AuditLogFilters>(response)
    expect(filters.entities).toContain(entity)
    expect(filters.entities).toContain('work_hours')
    expect(filters.actions).toEqual(expect.arrayContaining(['sale.started', 'update', 'create', 'sign_in_failed']))
    expect(filters.actions).toEqual([...filters.actions].sort())
    expect(new Set(filters.actions).size).toBe(filters.actions.length)
  })
})

describe('paging', () => {
  it('walks every row once across pages, also while new rows arrive and when times tie', async () => {
    const entity = uniqueEntity()
    const spread = Array.from({ length: 18 }, (_, index) => ({
      entity,
      at: new Date(Date.UTC(2026, 3, 1 + index, 8, 0, 0)).toISOString(),
    }))
    // Five rows share one instant (the newest), so the id decides their order.
    const tiedAt = '2026-05-05T12:00:00.123456Z'
    const tied = Array.from({ length: 5 }, () => ({ entity, at: tiedAt }))
    const original = await seed([...spread, ...tied])
    const seen: string[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const page = await list({ entity, limit: 4, cursor })
      seen.push(...page.data.map((row) => row.id))
      cursor = page.nextCursor ?? undefined
      pages += 1
      // Rows written between two page loads (now, and one more at the tied instant, whose higher id
      // puts it before the cursor) belong to pages already read: they never shift the pages that follow.
      await seed([{ entity }, { entity, at: tiedAt }])
    } while (cursor && pages < 20)
    expect(pages).toBe(6)
    expect(seen).toEqual([...original.slice(18).reverse(), ...original.slice(0, 18).reverse()])
    // A fresh first page starts with what arrived meanwhile.
    const fresh = await list({ entity, limit: 100 })
    expect(fresh.data).toHaveLength(23 + 12)
    expect(new Set(fresh.data.map((row) => row.id)).size).toBe(35)
  })
})

describe('one entry', () => {
  it('answers the entry with before, after and the readable diff', async () => {
    const entity = uniqueEntity()
    const [id] = await seed([
      {
        entity,
        entityId: 'x1',
        before: { name: 'Stol', price: 100, size_stock: [{ size: 'M', stock: 1 }], shipping: { free: false } },
        after: { name: 'Stol', price: 90, size_stock: [{ size: 'M', stock: 2 }], shipping: { free: true } },
      },
    ])
    const response = await get(`/api/logs/${id}`)
    expect(response.statusCode).toBe(200)
    const entry = json<AuditLogEntry>(response)
    expect(entry).toMatchObject({
      id,
      entity,
      entity_id: 'x1',
      action: 'update',
      actor_email: adminEmail,
      before: { name: 'Stol', price: 100 },
      after: { name: 'Stol', price: 90 },
    })
    expect(entry.changes).toEqual([
      { path: 'price', kind: 'changed', before: 100, after: 90, secret: false },
      // jsonb keeps keys shorter first, so the diff follows that order.
      { path: 'shipping.free', kind: 'changed', before: false, after: true, secret: false },
      {
        path: 'size_stock',
        kind: 'changed',
        before: [{ size: 'M', stock: 1 }],
        after: [{ size: 'M', stock: 2 }],
        secret: false,
      },
    ])
  })

  it('never shows a password hash, in the documents or in the diff', async () => {
    const [id] = await seed([
      {
        entity: 'user',
        action: 'user.password_set',
        before: { email: 'a@test.ba', password_hash: '$argon2id$v=19$old' },
        after: { email: 'a@test.ba', password_hash: '$argon2id$v=19$new' },
      },
    ])
    const response = await get(`/api/logs/${id}`)
    expect(response.body).not.toContain('argon2id')
    const entry = json<AuditLogEntry>(response)
    expect(entry.changes).toEqual([{ path: 'password_hash', kind: 'changed', before: null, after: null, secret: true }])
    expect(entry.after).toEqual({ email: 'a@test.ba', password_hash: '[skriveno]' })
    const row = (await list({ action: 'user.password_set', limit: 1 })).data[0]!
    expect(row.summary).not.toContain('argon2id')
  })

  it('answers 404 for an entry that does not exist and 400 for an id that is no number', async () => {
    const missing = await get('/api/logs/987654321012')
    expect(missing.statusCode).toBe(404)
    expect(json(missing)).toMatchObject({ message: text.notFound, code: 'LOG_ENTRY_NOT_FOUND' })
    for (const id of ['abc', randomUUID(), '1'.repeat(19), '-1']) {
      const refused = await get(`/api/logs/${id}`)
      expect({ id, status: refused.statusCode }).toEqual({ id, status: 400 })
      expect(json(refused)).toMatchObject({ message: text.invalidId })
    }
  })
})

describe('bad filters', () => {
  it.each([
    ['from=2026-02-30', text.invalidDate],
    ['from=yesterday', text.invalidDate],
    ['to=2026-1-5', text.invalidDate],
    ['to=2026-13-01', text.invalidDate],
    ['from=2026-03-11&to=2026-03-10', text.rangeReversed],
    [`user=${'a'.repeat(255)}`, 'Filter je predug (najviše 254 znakova).'],
    [`action=${'a'.repeat(255)}`, 'Filter je predug (najviše 254 znakova).'],
    [`entity=${'a'.repeat(255)}`, 'Filter je predug (najviše 254 znakova).'],
    ['cursor=nonsense', text.invalidCursor],
    [`cursor=${Buffer.from('1.2.3').toString('base64url')}`, text.invalidCursor],
    [`cursor=${Buffer.from('99999999999999999.1').toString('base64url')}`, undefined],
    [`cursor=${Buffer.from('1700000000000000.1234567890123456789').toString('base64url')}`, text.invalidCursor],
    [`cursor=${'a'.repeat(65)}`, text.invalidCursor],
    ['limit=0', undefined],
    ['limit=101', undefined],
    ['limit=x', undefined],
  ])('%s answers 400 with a clear message', async (query, message) => {
    const response = await get(`/api/logs?${query}`)
    if (message === undefined && query.startsWith('cursor')) {
      // A well-formed cursor far in the future is simply a page with everything on it.
      expect(response.statusCode).toBe(200)
      return
    }
    expect(response.statusCode).toBe(400)
    const body = json(response)
    expect(body).toMatchObject({ code: expect.any(String) })
    if (message) expect(body.message).toBe(message)
  })

  it('treats empty filters as no filter', async () => {
    const page = await list({ user: '', action: '', entity: '', from: '', to: '', limit: 3 })
    expect(page.data).toHaveLength(3)
  })
})
