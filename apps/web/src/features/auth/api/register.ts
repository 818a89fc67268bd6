import { auth } from '@shop/shared/messages/bs/auth.ts'
import type { RegisterInput } from '@shop/shared/schemas/auth.ts'
import { ApiError, api, serverMessageOr } from '../../../lib/api-client.ts'
import { parseSessionUser, type SessionUser } from '../../../lib/auth-storage.ts'

/**
 * The sign-up result (customer-side.md §2 Registration success, §7): when a verification mail went out the
 * page asks the visitor to check the mailbox; a result with a token signs the new user in at once.
 */
export type RegistrationResult =
  { isVerificationSent: true } | { isVerificationSent: false; session: { token: string; user: SessionUser } | null }

export function readRegistrationResponse(body: unknown): RegistrationResult {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
  const verification = fields.verification
  if (typeof verification === 'object' && verification !== null && (verification as { sent?: unknown }).sent === true) {
    return { isVerificationSent: true }
  }
  const token = typeof fields.token === 'string' && fields.token !== '' ? fields.token : null
  const user = parseSessionUser(fields.user)
  return { isVerificationSent: false, session: token && user ? { token, user } : null }
}

export async function requestRegistration(input: RegisterInput): Promise<RegistrationResult> {
  return readRegistrationResponse(await api.post<unknown>('/api/auth/register', input))
}

export type RegistrationFailure = { message: string; isEmailTaken: boolean }

/** customer-side.md §8 Registration: a taken e-mail has its own text; otherwise the server's message, or the fallback. */
export function describeRegistrationError(error: unknown): RegistrationFailure {
  if (!(error instanceof ApiError)) return { message: auth.registerFailed, isEmailTaken: false }
  if (
    error.code === 'USER_EXISTS' ||
    error.message === auth.userAlreadyExists ||
    error.errorLabel === auth.userAlreadyExists
  ) {
    return { message: auth.userAlreadyExistsShown, isEmailTaken: true }
  }
  // No answer at all, or a failure without a message (a bare 500), gets the catalogue's fallback.
  return { message: serverMessageOr(error, auth.registerFailed), isEmailTaken: false }
}
