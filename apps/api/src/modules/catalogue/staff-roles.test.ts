import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '@shop/shared/rules/roles.ts'
import { createUser, json, signInAs } from '../../../test/helpers.ts'
import { catalogueVersion, insertBrand, insertCategory, multipart } from './test-fixtures.ts'
import { useTestApp } from '../../../test/support/use-test-app.ts'
import { versionOf } from '../../../test/support/record-version.ts'

// The role matrix of every staff endpoint of Staff area I (staff-and-content.md §2 Route access,
// §6): a visitor gets 401, user and wholesale 403, store_manager and admin the normal answer.

const test = useTestApp()
let categoryId: string
let png: Buffer
beforeAll(async () => {
  categoryId = await insertCategory(test.db, 'Matrica')
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 0, g: 90, b: 200 } } })
    .png()
    .toBuffer()
})

let counter = 0
async function insertProduct(): Promise<string> {
  const { rows } = await test.db.query<{ id: string }>(
    `insert into products (custom_id, name, price, category_id, stock) values ($1, 'Proizvod', 10, $2, 1) returning id`,
    [`ROLE-${++counter}`, categoryId],
  )
  return rows[0]!.id
}
async function insertSlide(): Promise<string> {
  const { rows } = await test.db.query<{ id: string }>(`insert into slides (image_url) values ('/s.webp') returning id`)
  return rows[0]!.id
}

type Call = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  url: string
  payload?: object | Buffer
  headers?: Record<string, string>
}
type Endpoint = { name: string; ok: number; call: () => Promise<Call> }

const imageUpload = (url: string) => async (): Promise<Call> => {
  const body = multipart([{ filename: 'a.png', contentType: 'image/png', content: png }])
  return { method: 'POST', url, payload: body.payload, headers: body.headers }
}
/** Create, edit and delete of categories or brands, each edit and delete on a record of its own. */
function taxonomyEndpoints(
  path: '/api/categories' | '/api/brands',
  insert: (name: string) => Promise<string>,
  names: { created: string; stored: string; renamed: string; deleted: string },
): Endpoint[] {
  return [
    {
      name: `POST ${path}`,
      ok: 201,
      call: async () => ({ method: 'POST', url: path, payload: { name: names.created } }),
    },
    {
      name: `PATCH ${path}/{id}`,
      ok: 200,
      call: async () => ({
        method: 'PATCH',
        url: `${path}/${await insert(names.stored)}`,
        payload: { version: 1, name: names.renamed },
      }),
    },
    {
      name: `DELETE ${path}/{id}`,
      ok: 200,
      call: async () => ({ method: 'DELETE', url: `${path}/${await insert(names.deleted)}` }),
    },
  ]
}
const slide = { title: 'Slajd', image_url: '/api/images/slides/a.webp', order: 0 }

const endpoints: Endpoint[] = [
  {
    name: 'GET /api/admin/products',
    ok: 200,
    call: async () => ({ method: 'GET', url: '/api/admin/products?search=role' }),
  },
  {
    name: 'POST /api/products',
    ok: 201,
    call: async () => ({
      method: 'POST',
      url: '/api/products',
      payload: { customId: `NEW-${++counter}`, name: 'Novi', price: 5, categoryId, stock: 1 },
    }),
  },
  {
    name: 'PATCH /api/products/{id}',
    ok: 200,
    call: async () => ({
      method: 'PATCH',
      url: `/api/products/${await insertProduct()}`,
      payload: { version: 1, name: 'Promijenjen' },
    }),
  },
  {
    name: 'DELETE /api/products/{id}',
    ok: 200,
    call: async () => ({ method: 'DELETE', url: `/api/products/${await insertProduct()}` }),
  },
  { name: 'POST /api/products/images', ok: 201, call: imageUpload('/api/products/images') },
  ...taxonomyEndpoints('/api/categories', (name) => insertCategory(test.db, name), {
    created: 'Nova',
    stored: 'Stara',
    renamed: 'Nova',
    deleted: 'Prazna',
  }),
  ...taxonomyEndpoints('/api/brands', (name) => insertBrand(test.db, name), {
    created: 'Brend',
    stored: 'Stari',
    renamed: 'Novi',
    deleted: 'Stari',
  }),
  { name: 'GET /api/slides/all', ok: 200, call: async () => ({ method: 'GET', url: '/api/slides/all' }) },
  { name: 'POST /api/slides', ok: 201, call: async () => ({ method: 'POST', url: '/api/slides', payload: slide }) },
  {
    name: 'PUT /api/slides/{id}',
    ok: 200,
    call: async () => ({
      method: 'PUT',
      url: `/api/slides/${await insertSlide()}`,
      payload: { ...slide, version: 1 },
    }),
  },
  {
    name: 'DELETE /api/slides/{id}',
    ok: 200,
    call: async () => ({ method: 'DELETE', url: `/api/slides/${await insertSlide()}` }),
  },
  { name: 'POST /api/slides/images', ok: 201, call: imageUpload('/api/slides/images') },
  {
    name: 'POST /api/work-hours',
    ok: 200,
    call: async () => ({
      method: 'POST',
      url: '/api/work-hours',
      payload: [{ section: 'store', hours: 'Pon-Pet 08-20', version: await versionOf(test.db, 'work_hours', 'store') }],
    }),
  },
]

const denied: [Role | 'anonymous', number, string][] = [
  ['anonymous', 401, 'UNAUTHORIZED'],
  ['user', 403, 'FORBIDDEN'],
  ['wholesale', 403, 'FORBIDDEN'],
]

async function send(call: Call, headers: Record<string, string>) {
  return test.app.inject({
    method: call.method,
    url: call.url,
    headers: { ...call.headers, ...headers },
    ...(call.payload ? { payload: call.payload } : {}),
  })
}

async function writesSoFar(): Promise<{ audit: number; version: number }> {
  const { rows } = await test.db.query<{ count: number }>('select count(*)::int as count from audit_log')
  return { audit: rows[0]!.count, version: await catalogueVersion(test.db) }
}

describe.each(endpoints)('$name', ({ ok, call }) => {
  it.each(denied)('refuses %s with %i %s and writes nothing', async (role, status, code) => {
    const headers = await signInAs(test, role)
    const request = await call()
    const before = await writesSoFar()
    const response = await send(request, headers)
    expect(response.statusCode).toBe(status)
    expect(json(response)).toMatchObject({ code })
    expect(await writesSoFar()).toEqual(before)
  })

  it.each(['store_manager', 'admin'] as const)('lets %s in', async (role) => {
    const response = await send(await call(), await signInAs(test, role))
    expect(response.statusCode).toBe(ok)
  })
})

describe('role names', () => {
  it('compares roles case-insensitively', async () => {
    const user = await createUser(test.db, { roles: ['user', 'Store_Manager' as Role] })
    const token = await test.app.tokens.sign({ userId: user.id, role: 'store_manager', tokenVersion: 0 })
    const response = await test.app.inject({ url: '/api/slides/all', headers: { authorization: `Bearer ${token}` } })
    expect(response.statusCode).toBe(200)
  })

  it('checks the role before the body: a visitor with an invalid body gets 401, not the validation message', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/products', payload: { name: '' } })
    expect(response.statusCode).toBe(401)
  })
})
