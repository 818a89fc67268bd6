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

  // customer-side.md §8 Database error normaliser: each code with its message and type.
  it.each([
    [
      { code: '23505', constraint: 'products_custom_id_key' },
      409,
      'DUPLICATE_ERROR',
      'A product with this custom ID already exists.',
    ],
    [{ code: '23505', constraint: 'users_email_key' }, 409, 'DUPLICATE_ERROR', 'This item already exists.'],
    [
      { code: '23503', constraint: 'products_category_id_fkey', table: 'products' },
      409,
      'REFERENCE_ERROR',
      'The selected category does not exist.',
    ],
    [
      { code: '23503', constraint: 'order_items_order_id_fkey', table: 'order_items' },
      409,
      'REFERENCE_ERROR',
      'This operation cannot be completed due to related data.',
    ],
    [{ code: '23502', column: 'zip_code' }, 400, 'VALIDATION_ERROR', 'Zip code is required.'],
    [{ code: '23502' }, 400, 'VALIDATION_ERROR', 'Required information is missing.'],
    [{ code: '22P02' }, 400, 'VALIDATION_ERROR', 'Invalid data format. Please check your input values.'],
    [{ code: '42P01' }, 500, 'DATABASE_ERROR', 'An unexpected database error occurred.'],
  ])('normalises %j', (error, status, code, message) => {
    expect(normaliseDatabaseError(error)).toMatchObject({ status, code, message })
  })

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
