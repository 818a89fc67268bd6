import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODES } from '@shop/shared/errors/error-codes.ts'
import { errorResponse } from '@shop/shared/errors/error-response.ts'
import { json } from './helpers.ts'
import { documentedOperations, exampleUrl, type DocumentedOperation } from './support/openapi-document.ts'
import { useTestApp } from './support/use-test-app.ts'

// Every operation of the OpenAPI document declares its error answers with the shared error body
// (STYLE §4), and declaring them changes nothing in what is sent: Fastify serializes an error reply
// through the schema of its status, so the error handler's body must pass it.

type JsonSchema = { properties?: Record<string, { enum?: unknown[] }>; anyOf?: JsonSchema[] }
type OpenApiResponse = { content?: Record<string, { schema?: JsonSchema }> }
type OpenApiOperation = { responses?: Record<string, OpenApiResponse> }
type Operation = DocumentedOperation & { responses: Record<string, OpenApiResponse> }

const test = useTestApp()
let operations: Operation[]

beforeAll(async () => {
  operations = (await documentedOperations<OpenApiOperation>(test)).map((operation) => ({
    ...operation,
    responses: operation.described.responses ?? {},
  }))
})

/** The `code` enum of a declared answer: of its schema, or of the branch of a union that has one. */
function codesOf(response: OpenApiResponse | undefined): unknown[] | undefined {
  const schema = response?.content?.['application/json']?.schema
  const branches = schema?.anyOf ?? (schema ? [schema] : [])
  return branches.map((branch) => branch.properties?.code?.enum).find((codes) => codes !== undefined)
}

function errorStatusesOf(operation: Operation): string[] {
  return Object.keys(operation.responses).filter((status) => /^[45]\d\d$/.test(status))
}

describe('OpenAPI error answers', () => {
  it('walks the documented routes', () => {
    expect(operations.length).toBeGreaterThan(40)
  })

  it('declares at least one 4xx answer on every operation, with the codes of the vocabulary', () => {
    for (const operation of operations) {
      const clientErrors = errorStatusesOf(operation).filter((status) => status.startsWith('4'))
      expect({ route: operation.key, hasClientError: clientErrors.length > 0 }).toEqual({
        route: operation.key,
        hasClientError: true,
      })
      for (const status of clientErrors) {
        expect({ route: operation.key, status, codes: codesOf(operation.responses[status]) }).toEqual({
          route: operation.key,
          status,
          codes: [...ERROR_CODES],
        })
      }
    }
  })

  it('declares 500 and 503 with the error body on every operation', () => {
    for (const operation of operations) {
      for (const status of ['500', '503']) {
        expect({ route: operation.key, status, codes: codesOf(operation.responses[status]) }).toEqual({
          route: operation.key,
          status,
          codes: [...ERROR_CODES],
        })
      }
    }
  })

  it('declares 401 and 403 on every operation guarded by a role, and answers them in the error body', async () => {
    let guarded = 0
    for (const operation of operations) {
      const response = await test.app.inject({ method: operation.method as 'GET', url: exampleUrl(operation.path) })
      if (response.statusCode !== 401) continue
      guarded += 1
      expect(errorResponse.parse(json(response))).toEqual({
        message: expect.any(String),
        error: 'Authentication required',
        code: 'UNAUTHORIZED',
      })
      expect({ route: operation.key, declared: errorStatusesOf(operation) }).toEqual({
        route: operation.key,
        declared: expect.arrayContaining(['401', '403']),
      })
    }
    // Staff and signed-in routes (test/route-access.test.ts lists the public ones).
    expect(guarded).toBeGreaterThan(30)
  })

  it('sends the error body unchanged through a declared schema', async () => {
    const missing = await test.app.inject({ method: 'GET', url: `/api/products/${randomUUID()}` })
    expect(missing.statusCode).toBe(404)
    expect(json(missing)).toEqual({ message: expect.any(String), error: 'Not Found', code: 'PRODUCT_NOT_FOUND' })

    const invalid = await test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x' } })
    expect(invalid.statusCode).toBe(400)
    expect(errorResponse.parse(json(invalid)).code).toBe('VALIDATION_FAILED')
  })

  it('answers 401 in the error body on any route to a bearer token it cannot verify', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { authorization: 'Bearer not-a-token' },
    })
    expect(response.statusCode).toBe(401)
    expect(errorResponse.parse(json(response)).code).toBe('TOKEN_INVALID')
  })
})
