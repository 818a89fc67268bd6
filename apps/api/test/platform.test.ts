import { describe, expect, it } from 'vitest'
import { buildTestApp, json, signInAs } from './helpers.ts'
import { useTestApp } from './support/use-test-app.ts'
import { expectErrorAnswer } from './support/expect-answer.ts'

const test = useTestApp()

describe('platform', () => {
  it('reports the database in /api/health', async () => {
    const response = await test.app.inject({ url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expect(json(response)).toEqual({ status: 'ok', database: 'up' })
    expect(response.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/)
  })

  it('answers unknown /api routes with 404 JSON', async () => {
    const response = await test.app.inject({ url: '/api/does-not-exist' })
    expectErrorAnswer(response, 404, {
      message: 'Tražena stranica ne postoji.',
      error: 'Not Found',
      code: 'ROUTE_NOT_FOUND',
    })
  })

  it('refuses a tampered token with 401 TOKEN_INVALID', async () => {
    const headers = await signInAs(test, 'user')
    const token = headers.authorization!.split(' ')[1]!
    const [header, payload, signature] = token.split('.')
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>
    forged.role = 'admin'
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`
    const response = await test.app.inject({ url: '/api/health', headers: { authorization: `Bearer ${tampered}` } })
    expect(response.statusCode).toBe(401)
    expect(json(response)).toMatchObject({ code: 'TOKEN_INVALID', error: 'Invalid token' })
  })

  it('serves the OpenAPI document with API_DOCS=on', async () => {
    const response = await test.app.inject({ url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    expect(json<{ paths: Record<string, unknown> }>(response).paths).toHaveProperty('/api/health')
  })
})

describe('a shop without API_DOCS (production)', () => {
  const shop = useTestApp(() => buildTestApp({ API_DOCS: 'off' }))

  it('answers 404 for the OpenAPI document and its viewer, which would list every staff operation', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml']) {
      const response = await shop.app.inject({ url })
      expect(response.statusCode, url).toBe(404)
      expect(json(response).code, url).toBe('ROUTE_NOT_FOUND')
    }
  })
})
