import { beforeAll, describe, expect, it } from 'vitest'
import { messages } from '@shop/shared/messages/bs.ts'
import { json, postSignIn, signedInUser } from './helpers.ts'
import { useTestApp } from './support/use-test-app.ts'

// docs/decisions.md, Security: text PostgreSQL cannot store (NUL, lone surrogates) is refused in one place for every
// route, before any query, and a failed statement never breaks the next request of anyone.
const test = useTestApp()
let headers: Record<string, string>
let email: string

beforeAll(async () => {
  const user = await signedInUser(test, { email: 'kupac@test.ba' })
  email = user.email
  headers = user.headers
})

const refused = { message: messages.admin.invalidCharacters, code: 'VALIDATION_FAILED' }

describe('text PostgreSQL cannot store', () => {
  it('is refused in a path parameter, a query string and a JSON body with 400', async () => {
    const cases = [
      { method: 'GET' as const, url: '/api/profile/%00', headers },
      { method: 'GET' as const, url: '/api/profile/a%00b%40test.ba', headers },
      { method: 'GET' as const, url: '/api/products?search=a%00b' },
      { method: 'GET' as const, url: '/api/products/%00' },
      { method: 'POST' as const, url: '/api/auth/login', payload: { email: 'a\u0000@b.ba', password: 'x' } },
      { method: 'POST' as const, url: '/api/auth/forgot-password', payload: { email: '\ud800@b.ba' } },
      {
        method: 'POST' as const,
        url: '/api/contact',
        payload: { name: 'A', email: 'a@b.ba', productName: 'P', message: { deep: ['x\u0000'] } },
      },
      { method: 'PUT' as const, url: `/api/profile/${email}`, headers, payload: { full_name: 'Ana\ud800' } },
    ]
    for (const request of cases) {
      const response = await test.app.inject(request)
      expect(response.statusCode, request.url).toBe(400)
      expect(json(response), request.url).toMatchObject(refused)
    }
  })

  it('a URL whose percent-escapes are no UTF-8 (an encoded surrogate) is a 400 as well', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/profile/%ED%A0%80', headers })
    expect(response.statusCode).toBe(400)
  })

  it('is refused in a raw JSON body that spells NUL and lone surrogates as escapes', async () => {
    for (const raw of ['{"email":"a\\u0000@b.ba","password":"x"}', '{"email":"\\udc00@b.ba","password":"x"}']) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: raw,
      })
      expect(response.statusCode).toBe(400)
      expect(json(response)).toMatchObject(refused)
    }
  })

  it('leaves proper text alone: emoji (surrogate pairs) and diacritics pass', async () => {
    const search = await test.app.inject({
      method: 'GET',
      url: `/api/products?search=${encodeURIComponent('Šljive 😀')}`,
    })
    expect(search.statusCode, search.body).toBe(200)
    const login = await postSignIn(test, { email: 'nepoznat@test.ba', password: 'Šifra😀Đž' })
    expect(login.statusCode, login.body).toBe(401)
  })

  it('never fails the next request: 100 alternations of a NUL path with a normal request', async () => {
    const statuses: number[] = []
    for (let round = 0; round < 100; round += 1) {
      const bad = await test.app.inject({ method: 'GET', url: '/api/profile/%00', headers })
      const good = await test.app.inject({ method: 'GET', url: `/api/profile/${encodeURIComponent(email)}`, headers })
      statuses.push(bad.statusCode, good.statusCode)
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([])
    expect(new Set(statuses)).toEqual(new Set([400, 200]))
  })

  it('a statement the database refuses leaves the embedded connection usable', async () => {
    // Straight to the database, past the guard: a NUL in a text parameter fails inside PostgreSQL.
    for (let round = 0; round < 20; round += 1) {
      await expect(test.db.query('select $1::text as value', ['a\u0000b'])).rejects.toThrow()
      const { rows } = await test.db.query<{ value: number }>('select 1 as value')
      expect(rows[0]?.value).toBe(1)
      await expect(
        test.db.transaction(async (client) => {
          await client.query('select $1::text', ['\u0000'])
        }),
      ).rejects.toThrow()
      const again = await test.db.query<{ value: number }>('select 2 as value')
      expect(again.rows[0]?.value).toBe(2)
    }
  })
})
