import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from './errors.ts'
import { installErrorHandler } from './error-handler.ts'
import { expectErrorAnswer } from '../../test/support/expect-answer.ts'

// The one error model ({message, error, code} with the right status) for failures of every kind.
const app = Fastify({ logger: false, bodyLimit: 100 })

beforeAll(async () => {
  installErrorHandler(app)
  app.get('/plain', async () => {
    throw new Error('a bug with a secret in it')
  })
  app.get('/known', async () => {
    throw new AppError(409, 'USER_EXISTS', 'Zauzeto.')
  })
  app.get('/database', async () => {
    throw Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'products_custom_id_key' })
  })
  app.get('/database-other', async () => {
    throw Object.assign(new Error('deadlock'), { code: '40P01' })
  })
  app.post('/echo', async (request) => request.body)
  await app.ready()
})

afterAll(() => app.close())

describe('error handler', () => {
  it("answers an unexpected failure with 500 UNKNOWN_ERROR and 'An unexpected error occurred.', never the error's own text", async () => {
    expectErrorAnswer(await app.inject({ method: 'GET', url: '/plain' }), 500, {
      message: 'An unexpected error occurred.',
      error: 'Internal Server Error',
      code: 'UNKNOWN_ERROR',
    })
  })

  it('answers a known failure with its own status, code and message', async () => {
    expectErrorAnswer(await app.inject({ method: 'GET', url: '/known' }), 409, {
      message: 'Zauzeto.',
      error: 'Conflict',
      code: 'USER_EXISTS',
    })
  })

  it('takes only the codes of the vocabulary (packages/shared/src/errors/error-codes.ts)', () => {
    // @ts-expect-error: a code outside the vocabulary does not compile
    expect(new AppError(409, 'SOMETHING_TAKEN', 'Zauzeto.').code).toBe('SOMETHING_TAKEN')
  })

  it('normalises database failures', async () => {
    expectErrorAnswer(await app.inject({ method: 'GET', url: '/database' }), 409, {
      message: 'A product with this custom ID already exists.',
      error: 'Conflict',
      code: 'DUPLICATE_ERROR',
    })
    expectErrorAnswer(await app.inject({ method: 'GET', url: '/database-other' }), 500, {
      message: 'An unexpected database error occurred.',
      error: 'Internal Server Error',
      code: 'DATABASE_ERROR',
    })
  })

  it.each([
    {
      case: 'a body over the limit',
      headers: {},
      payload: { text: 'x'.repeat(500) },
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
    },
    {
      case: 'an unknown type',
      headers: { 'content-type': 'application/x-thing' },
      payload: 'x',
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    },
    {
      case: 'broken JSON',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
      status: 400,
      code: 'INVALID_JSON',
    },
  ])('answers $status $code to $case', async ({ headers, payload, status, code }) => {
    const response = await app.inject({ method: 'POST', url: '/echo', headers, payload })
    expect(response.statusCode).toBe(status)
    expect(response.json()).toMatchObject({ code })
  })
})
