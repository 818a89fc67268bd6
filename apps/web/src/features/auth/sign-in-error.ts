import { auth } from '@shop/shared/messages/bs/auth.ts'
import { common } from '@shop/shared/messages/bs/common.ts'
import { ApiError } from '../../lib/api-client.ts'

export type SignInFailure = {
  message: string
  /** The account exists but its e-mail is not confirmed: the page offers to resend the link. */
  isVerificationError: boolean
}

const VERIFY_EMAIL_PATTERN = /verify your email/i

/** customer-side.md §8 Sign-in: every answer of the sign-in call becomes one message of the catalogue. */
export function describeSignInError(error: unknown): SignInFailure {
  const status = error instanceof ApiError ? error.status : 0
  const code = error instanceof ApiError ? error.code : undefined
  const label = error instanceof ApiError ? error.errorLabel : undefined
  const text = error instanceof Error ? error.message : ''
  const fail = (message: string): SignInFailure => ({ message, isVerificationError: false })

  if (
    code === 'EMAIL_NOT_VERIFIED' ||
    (status === 403 && label === 'Email not verified') ||
    VERIFY_EMAIL_PATTERN.test(text)
  ) {
    return { message: auth.emailNotVerified, isVerificationError: true }
  }
  switch (code) {
    case 'EMAIL_NOT_FOUND':
      return fail(auth.emailNotFound)
    case 'INCORRECT_PASSWORD':
      return fail(auth.incorrectPassword)
    case 'ACCOUNT_DISABLED':
      return fail(auth.accountDisabled)
    case 'TOO_MANY_ATTEMPTS':
      return fail(auth.tooManyAttempts)
    case 'INVALID_RESPONSE':
      return fail(common.invalidResponse)
  }
  if (status === 401 || code === 'INVALID_CREDENTIALS' || label === 'Invalid credentials')
    return fail(auth.invalidCredentials)
  // A rate limit in front of the sign-in route answers 429 without the catalogue's code.
  if (status === 429) return fail(auth.tooManyAttempts)
  return fail(auth.signInFailed)
}
