import { describe, expect, it } from 'vitest'
import { auth } from '@shop/shared/messages/bs/auth.ts'
import { common } from '@shop/shared/messages/bs/common.ts'
import { ApiError, errorFromResponse, networkError } from '../../lib/api-client.ts'
import { describeSignInError } from './sign-in-error.ts'

/** The API's refusal with a code; the code, not the wording, picks the sign-in message. */
function refusal(status: number, code: string) {
  return errorFromResponse(status, { message: 'x', code })
}

describe('describeSignInError (customer-side.md §8 Sign-in)', () => {
  it.each([
    [
      '403 EMAIL_NOT_VERIFIED',
      errorFromResponse(403, { message: 'x', error: 'Email not verified', code: 'EMAIL_NOT_VERIFIED' }),
      auth.emailNotVerified,
      true,
    ],
    [
      "403 with error 'Email not verified' and no code",
      errorFromResponse(403, { error: 'Email not verified' }),
      auth.emailNotVerified,
      true,
    ],
    [
      'a message mentioning verify your email',
      errorFromResponse(400, { message: 'Please Verify Your Email first' }),
      auth.emailNotVerified,
      true,
    ],
    [
      '401 INVALID_CREDENTIALS',
      errorFromResponse(401, { message: 'x', error: 'Invalid credentials', code: 'INVALID_CREDENTIALS' }),
      auth.invalidCredentials,
      false,
    ],
    ['a bare 401', errorFromResponse(401, {}), auth.invalidCredentials, false],
    [
      "error 'Invalid credentials' on another status",
      errorFromResponse(400, { error: 'Invalid credentials' }),
      auth.invalidCredentials,
      false,
    ],
    ['EMAIL_NOT_FOUND', refusal(404, 'EMAIL_NOT_FOUND'), auth.emailNotFound, false],
    ['EMAIL_NOT_FOUND on 401', refusal(401, 'EMAIL_NOT_FOUND'), auth.emailNotFound, false],
    ['INCORRECT_PASSWORD', refusal(401, 'INCORRECT_PASSWORD'), auth.incorrectPassword, false],
    ['ACCOUNT_DISABLED', refusal(403, 'ACCOUNT_DISABLED'), auth.accountDisabled, false],
    ['TOO_MANY_ATTEMPTS', refusal(429, 'TOO_MANY_ATTEMPTS'), auth.tooManyAttempts, false],
    ['a 429 without code', errorFromResponse(429, {}), auth.tooManyAttempts, false],
    [
      'a response without token or user',
      new ApiError({ status: 200, code: 'INVALID_RESPONSE', message: common.invalidResponse }),
      common.invalidResponse,
      false,
    ],
    [
      'a server error',
      errorFromResponse(500, { message: 'An unexpected error occurred.', code: 'UNKNOWN_ERROR' }),
      auth.signInFailed,
      false,
    ],
    ['a network failure', networkError(new TypeError('Failed to fetch')), auth.signInFailed, false],
    ['anything else', 'boom', auth.signInFailed, false],
  ])('%s', (_case, error, message, isVerificationError) => {
    expect(describeSignInError(error)).toEqual({ message, isVerificationError })
  })

  it('uses the texts of the specification', () => {
    expect(auth.invalidCredentials).toBe('Pogrešan email ili lozinka')
    expect(auth.emailNotVerified).toBe('Please verify your email before logging in.')
    expect(auth.signInFailed).toBe('Došlo je do greške prilikom prijave. Molimo pokušajte ponovno.')
  })
})
