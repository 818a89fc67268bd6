import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../test/helpers.ts'
import type { Database } from './db.ts'
import { normaliseDatabaseError } from './errors.ts'

let db: Database
let drop: () => Promise<void>
beforeAll(async () => {
  ;({ db, drop } = await openTestDatabase())
})
afterAll(async () => {
  await drop()
})

async function databaseErrorOf(sql: string): Promise<unknown> {
  try {
    await db.query(sql)
  } catch (error) {
    return error
  }
  throw new Error(`expected "${sql}" to fail`)
}

describe('normaliseDatabaseError', () => {
  const validationError = {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Invalid data format. Please check your input values.',
  }

  it('answers NUL characters in text or jsonb (PostgreSQL 22P05) as 400 VALIDATION_ERROR', async () => {
    const error = await databaseErrorOf(`select '"\\u0000"'::jsonb`)
    expect(error).toMatchObject({ code: '22P05' })
    expect(normaliseDatabaseError(error)).toMatchObject(validationError)
  })

  // Raised by the database itself for bytes that are not UTF-8; not provoked here because the
  // embedded PGlite drops its socket on that error, which would end this test's database.
  it('answers an invalid byte sequence (PostgreSQL 22021) as 400 VALIDATION_ERROR', () => {
    const error = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0xc3'), { code: '22021' })
    expect(normaliseDatabaseError(error)).toMatchObject(validationError)
  })

  it('keeps other data exceptions as 500 DATABASE_ERROR', () => {
    expect(normaliseDatabaseError({ code: '22012' })).toMatchObject({ status: 500, code: 'DATABASE_ERROR' })
  })

  it('leaves errors that are not database errors alone', () => {
    expect(normaliseDatabaseError(new Error('boom'))).toBeUndefined()
  })
})
