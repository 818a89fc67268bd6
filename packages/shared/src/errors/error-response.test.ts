import { describe, expect, it } from 'vitest'
import { CLIENT_ERROR_CODES, ERROR_CODES } from './error-codes.ts'
import { errorResponse, errorResponses } from './error-response.ts'

describe('error codes', () => {
  it('are unique SCREAMING_SNAKE words (STYLE §4)', () => {
    const all = [...ERROR_CODES, ...CLIENT_ERROR_CODES]
    expect(new Set(all).size).toBe(all.length)
    for (const code of all) expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/)
  })
})

describe('errorResponse', () => {
  it('accepts the body the API answers and refuses a code outside the vocabulary', () => {
    const body = { message: 'Proizvod nije pronađen.', error: 'Not Found', code: 'PRODUCT_NOT_FOUND' }
    expect(errorResponse.parse(body)).toEqual(body)
    expect(errorResponse.safeParse({ ...body, code: 'SOMETHING_TAKEN' }).success).toBe(false)
  })

  it("gives one schema per status for a route's response block", () => {
    expect(errorResponses(400, 404)).toEqual({ 400: errorResponse, 404: errorResponse })
  })
})
