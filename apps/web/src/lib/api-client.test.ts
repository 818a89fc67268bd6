import { describe, expect, it, vi } from 'vitest'
import {
  ApiError,
  buildUrl,
  createApiClient,
  errorFromResponse,
  isSignOutError,
  networkError,
  serverMessageOr,
  toList,
  unwrapData,
} from './api-client.ts'

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })
}

function clientWith(
  respond: (url: string, init: RequestInit) => Response | Promise<Response>,
  token: string | null = 'old-token',
) {
  const tokens = { current: token }
  const signOut = vi.fn((_code: string | undefined) => {
    tokens.current = null
  })
  const calls: Array<{ url: string; init: RequestInit }> = []
  const client = createApiClient({
    fetch: async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      calls.push({ url, init: init ?? {} })
      return respond(url, init ?? {})
    },
    tokens: {
      getToken: () => tokens.current,
      replaceToken: (next) => {
        tokens.current = next
      },
      signOut,
    },
  })
  return { client, tokens, signOut, calls }
}

describe('errorFromResponse (customer-side.md §8 General)', () => {
  it.each([
    [
      'the message field',
      401,
      { message: 'Pogrešan email ili lozinka', error: 'Invalid credentials', code: 'INVALID_CREDENTIALS' },
      'Pogrešan email ili lozinka',
      'INVALID_CREDENTIALS',
    ],
    [
      'the error field without a message',
      403,
      { error: 'Email not verified', code: 'EMAIL_NOT_VERIFIED' },
      'Email not verified',
      'EMAIL_NOT_VERIFIED',
    ],
    ['HTTP error {status} without either', 502, { something: 1 }, 'HTTP error 502', undefined],
    ['HTTP error {status} for a text body', 500, '<html>bad gateway</html>', 'HTTP error 500', undefined],
    [
      'HTTP error {status} for an empty message',
      404,
      { message: '  ', code: 'ROUTE_NOT_FOUND' },
      'HTTP error 404',
      'ROUTE_NOT_FOUND',
    ],
  ])('takes %s', (_case, status, body, message, code) => {
    const error = errorFromResponse(status, body)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status, message, code })
  })

  it('keeps the English label of the error field', () => {
    expect(errorFromResponse(403, { message: 'x', error: 'Email not verified' }).errorLabel).toBe('Email not verified')
  })
})

describe('networkError', () => {
  it("wraps a failure as 'API request failed: {reason}'", () => {
    expect(networkError(new TypeError('Failed to fetch'))).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'API request failed: Failed to fetch',
    })
    expect(networkError('offline').message).toBe('API request failed: offline')
  })
})

describe('unwrapData', () => {
  it.each([
    [{ data: [1, 2] }, [1, 2]],
    [{ data: null }, null],
    [{ token: 't' }, { token: 't' }],
    [[{ data: 1 }], [{ data: 1 }]],
    ['text', 'text'],
  ])('unwraps %j to %j', (body, expected) => {
    expect(unwrapData(body)).toEqual(expected)
  })
})

describe('toList (customer-side.md §7)', () => {
  it.each([
    ['a plain array', [{ id: 1 }], undefined, [{ id: 1 }]],
    ['a list under the given key', { products: [{ id: 1 }], total: 1 }, 'products', [{ id: 1 }]],
    ['the only list field without a key', { categories: [{ id: 2 }] }, undefined, [{ id: 2 }]],
    ['an object with numeric keys, in key order', { '1': 'b', '0': 'a', '10': 'c' }, undefined, ['a', 'b', 'c']],
    ['nothing from null', null, undefined, []],
    ['nothing from a number', 5, undefined, []],
    ['nothing from an empty object', {}, undefined, []],
    ['nothing when two list fields compete', { a: [1], b: [2] }, undefined, []],
    ['nothing when the key is missing and several fields are lists', { a: [1], b: [2] }, 'products', []],
  ])('accepts %s', (_case, value, key, expected) => {
    expect(toList(value, key)).toEqual(expected)
  })
})

describe('isSignOutError (customer-side.md §4 Session)', () => {
  it.each([
    [401, 'TOKEN_EXPIRED', true],
    [401, 'TOKEN_INVALID', true],
    [401, 'INVALID_CREDENTIALS', false],
    [403, 'TOKEN_EXPIRED', false],
    [401, undefined, false],
  ] as const)('%i %s -> %s', (status, code, expected) => {
    expect(isSignOutError(status, code)).toBe(expected)
  })
})

describe('buildUrl', () => {
  it('adds the query, leaving out empty values', () => {
    expect(
      buildUrl('', '/api/products', { search: 'bušilica', page: 2, category: undefined, brand: '', sale: false }),
    ).toBe('/api/products?search=bu%C5%A1ilica&page=2&sale=false')
    expect(buildUrl('', '/api/products?x=1', { page: 2 })).toBe('/api/products?x=1&page=2')
    expect(buildUrl('', '/api/health')).toBe('/api/health')
  })
})

describe('createApiClient', () => {
  it('sends JSON with the bearer token and unwraps data', async () => {
    const { client, calls } = clientWith(() => jsonResponse(200, { data: { ok: true } }))
    await expect(client.post('/api/things', { name: 'a' })).resolves.toEqual({ ok: true })
    const headers = calls[0]!.init.headers as Record<string, string>
    expect(calls[0]!.url).toBe('/api/things')
    expect(calls[0]!.init.method).toBe('POST')
    expect(calls[0]!.init.body).toBe('{"name":"a"}')
    expect(headers.Authorization).toBe('Bearer old-token')
    expect(headers['Content-Type']).toBe('application/json')
  })

  it('sends no Authorization header when signed out', async () => {
    const { client, calls } = clientWith(() => jsonResponse(200, []), null)
    await client.get('/api/products')
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBeUndefined()
  })

  it('keeps the whole body when asked not to unwrap', async () => {
    const { client } = clientWith(() => jsonResponse(200, { data: [1], total: 7 }))
    await expect(client.get('/api/products', { unwrap: false })).resolves.toEqual({ data: [1], total: 7 })
  })

  it('replaces the stored token with the one in X-Auth-Token', async () => {
    const { client, tokens } = clientWith(() => jsonResponse(200, {}, { 'X-Auth-Token': 'new-token' }))
    await client.get('/api/auth/me')
    expect(tokens.current).toBe('new-token')
  })

  it.each(['TOKEN_EXPIRED', 'TOKEN_INVALID', 'ROLES_CHANGED'])(
    'signs out on 401 %s, saying why, and still rejects with the ApiError',
    async (code) => {
      const { client, signOut } = clientWith(() =>
        jsonResponse(401, { message: 'Sesija je istekla.', error: 'Token expired', code }),
      )
      await expect(client.get('/api/orders')).rejects.toMatchObject({
        status: 401,
        code,
        message: 'Sesija je istekla.',
      })
      expect(signOut).toHaveBeenCalledExactlyOnceWith(code)
    },
  )

  it('does not sign out on other 401 answers', async () => {
    const { client, signOut } = clientWith(() =>
      jsonResponse(401, { message: 'Pogrešan email ili lozinka', code: 'INVALID_CREDENTIALS' }),
    )
    await expect(client.post('/api/auth/login', {})).rejects.toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' })
    expect(signOut).not.toHaveBeenCalled()
  })

  it('does not sign out a newer session when an old call comes back expired', async () => {
    let answer: (response: Response) => void = () => undefined
    const { client, tokens, signOut } = clientWith(() => new Promise<Response>((resolve) => (answer = resolve)))
    const pending = client.get('/api/orders')
    tokens.current = 'newer-token'
    answer(jsonResponse(401, { code: 'TOKEN_EXPIRED', message: 'x' }))
    await expect(pending).rejects.toBeInstanceOf(ApiError)
    expect(signOut).not.toHaveBeenCalled()
    expect(tokens.current).toBe('newer-token')
  })

  it("wraps a network failure as 'API request failed: {reason}'", async () => {
    const { client } = clientWith(() => {
      throw new TypeError('Failed to fetch')
    })
    await expect(client.get('/api/health')).rejects.toMatchObject({
      status: 0,
      message: 'API request failed: Failed to fetch',
    })
  })

  it("answers 'HTTP error {status}' for an error without a JSON body", async () => {
    const { client } = clientWith(
      () => new Response('Bad Gateway', { status: 502, headers: { 'content-type': 'text/plain' } }),
    )
    await expect(client.get('/api/health')).rejects.toMatchObject({ status: 502, message: 'HTTP error 502' })
  })

  it('passes FormData through without a JSON content type', async () => {
    const { client, calls } = clientWith(() => jsonResponse(201, { id: 1 }))
    const form = new FormData()
    form.append('name', 'slika')
    await client.post('/api/slides', form)
    expect(calls[0]!.init.body).toBe(form)
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBeUndefined()
  })

  it('answers undefined for 204 No Content', async () => {
    const { client } = clientWith(() => new Response(null, { status: 204 }))
    await expect(client.delete('/api/things/1')).resolves.toBeUndefined()
  })
})

describe('serverMessageOr (customer-side.md §8: the server message, or the fallback)', () => {
  it.each([
    ['a 500 with an empty body', errorFromResponse(500, undefined), 'Fallback'],
    ['a 500 with a text body', errorFromResponse(500, 'Internal Server Error'), 'Fallback'],
    ['the body message', errorFromResponse(400, { message: 'Poruka', error: 'Bad Request' }), 'Poruka'],
    ['the error field', errorFromResponse(409, { error: 'User already exists' }), 'User already exists'],
    ['no answer', networkError(new TypeError('Failed to fetch')), 'Fallback'],
    ['not an API error', new Error('boom'), 'Fallback'],
  ])('%s', (_case, error, message) => {
    expect(serverMessageOr(error, 'Fallback')).toBe(message)
  })
})
