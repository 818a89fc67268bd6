import { describe, expect, it } from 'vitest'
import { errorFromResponse, networkError } from '../../../lib/api-client.ts'
import { isInvalidResetLink } from './password-reset.ts'

describe('isInvalidResetLink (staff-and-content.md §8 Password)', () => {
  it.each([
    [
      '400 INVALID_RESET_TOKEN',
      errorFromResponse(400, { message: 'Invalid or expired reset token', code: 'INVALID_RESET_TOKEN' }),
      true,
    ],
    ["'Invalid reset token' without a code", errorFromResponse(400, { error: 'Invalid reset token' }), true],
    [
      "'Invalid or expired reset token' as the message",
      errorFromResponse(404, { message: 'Invalid or expired reset token' }),
      true,
    ],
    [
      'a refused password',
      errorFromResponse(400, { message: 'Lozinka mora imati najmanje 8 znakova', code: 'VALIDATION_FAILED' }),
      false,
    ],
    ['a server failure', errorFromResponse(500, { message: 'x', code: 'UNKNOWN_ERROR' }), false],
    ['no answer', networkError(new TypeError('Failed to fetch')), false],
  ])('%s', (_case, error, expected) => {
    expect(isInvalidResetLink(error)).toBe(expected)
  })
})
