import Fastify from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installErrorHandler } from '../src/platform/error-handler.ts'
import { SERVICE_UNAVAILABLE_ANSWER } from './support/error-answers.ts'

// docs/decisions.md, Security: failures of the infrastructure answer 503 with the error shape, never 500.
const app = Fastify({ logger: false })
const failures: Record<string, () => Error> = {
  'connection-refused': () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  'connection-reset': () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' }),
  terminated: () => {
    const error = new pg.DatabaseError('terminating connection due to administrator command', 116, 'error')
    error.code = '57P01'
    return error
  },
  'connection-ended': () => new Error('Connection terminated unexpectedly'),
  'pool-timeout': () => new Error('timeout exceeded when trying to connect'),
  'not-queryable': () => new Error('Client has encountered a connection error and is not queryable'),
  'uploads-unwritable': () =>
    Object.assign(new Error("EACCES: permission denied, open '/data/uploads/x.webp'"), {
      code: 'EACCES',
      syscall: 'open',
      path: '/data/uploads/x.webp',
    }),
  'disk-full': () => Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC', syscall: 'write' }),
  'read-only-disk': () => Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS', syscall: 'mkdir' }),
}

beforeAll(async () => {
  installErrorHandler(app)
  for (const [name, failure] of Object.entries(failures)) {
    app.get(`/${name}`, async () => {
      throw failure()
    })
  }
  app.get('/statement-refused', async () => {
    const error = new pg.DatabaseError('deadlock detected', 100, 'error')
    error.code = '40P01'
    throw error
  })
  await app.ready()
})

afterAll(() => app.close())

describe('infrastructure failures', () => {
  it.each(Object.keys(failures))('%s answers 503 SERVICE_UNAVAILABLE with a Bosnian message', async (name) => {
    const response = await app.inject({ method: 'GET', url: `/${name}` })
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('5')
    expect(response.json()).toEqual(SERVICE_UNAVAILABLE_ANSWER)
    // Never the path, the address or the driver's text.
    expect(response.body).not.toMatch(/uploads|127\.0\.0\.1|terminat|ECONN|EACCES/)
  })

  it('a statement the database refused on a healthy connection stays a database error (500)', async () => {
    const response = await app.inject({ method: 'GET', url: '/statement-refused' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toMatchObject({ code: 'DATABASE_ERROR' })
  })
})
