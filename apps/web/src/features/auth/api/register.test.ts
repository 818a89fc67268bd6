import { describe, expect, it } from 'vitest'
import { errorFromResponse, networkError } from '../../../lib/api-client.ts'
import { describeRegistrationError, readRegistrationResponse } from './register.ts'

const user = { id: 'u1', _id: 'u1', email: 'ana@demo.ba', role: 'user', roles: ['user'], isVerified: false }

describe('readRegistrationResponse (customer-side.md §2 Registration success)', () => {
  it('asks the visitor to check the mailbox when the verification mail went out', () => {
    expect(readRegistrationResponse({ user, verification: { sent: true } })).toEqual({ isVerificationSent: true })
  })

  it('signs in at once with a token and no verification', () => {
    expect(readRegistrationResponse({ user, token: 't', verification: { sent: false } })).toEqual({
      isVerificationSent: false,
      session: {
        token: 't',
        user: { id: 'u1', email: 'ana@demo.ba', role: 'user', roles: ['user'], isVerified: false },
      },
    })
  })

  it.each([[{ user }], [{ token: 't' }], [undefined], ['created']])(
    'has no session without a token and a user: %j',
    (body) => {
      expect(readRegistrationResponse(body)).toEqual({ isVerificationSent: false, session: null })
    },
  )
})

describe('describeRegistrationError (customer-side.md §8 Registration)', () => {
  const taken = 'An account with this email already exists. Please try logging in or use a different email address.'
  it.each([
    [
      '409 USER_EXISTS',
      errorFromResponse(409, { message: 'User already exists', error: 'User already exists', code: 'USER_EXISTS' }),
      taken,
      true,
    ],
    [
      "the message 'User already exists' alone",
      errorFromResponse(400, { message: 'User already exists' }),
      taken,
      true,
    ],
    [
      'a refused field: the server message',
      errorFromResponse(400, { message: 'Unesite važeću adresu e-pošte', code: 'VALIDATION_FAILED' }),
      'Unesite važeću adresu e-pošte',
      false,
    ],
    [
      'a 500 with an empty body',
      errorFromResponse(500, undefined),
      'Failed to create account. Please try again.',
      false,
    ],
    ['a 500 with a message', errorFromResponse(500, { message: 'Baza ne radi' }), 'Baza ne radi', false],
    ['no answer', networkError(new TypeError('Failed to fetch')), 'Failed to create account. Please try again.', false],
    ['anything else', new Error('boom'), 'Failed to create account. Please try again.', false],
  ])('%s', (_case, error, message, isEmailTaken) => {
    expect(describeRegistrationError(error)).toEqual({ message, isEmailTaken })
  })
})
