import { common } from '@shop/shared/messages/bs/common.ts'
import { ApiError, api } from '../../../lib/api-client.ts'
import { parseSessionUser, type SessionUser } from '../../../lib/auth-storage.ts'
import type { LoginInput } from '@shop/shared/schemas/auth.ts'

export type SignInResult = { token: string; user: SessionUser }

/** Reads the answer of POST /api/auth/login; without a token or a user it is 'Invalid response from server'. */
export function readSignInResponse(body: unknown): SignInResult {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
  const token = typeof fields.token === 'string' && fields.token !== '' ? fields.token : null
  const user = parseSessionUser(fields.user)
  if (!token || !user) {
    throw new ApiError({ status: 200, code: 'INVALID_RESPONSE', message: common.invalidResponse, body })
  }
  return { token, user }
}

export async function requestSignIn(input: LoginInput): Promise<SignInResult> {
  return readSignInResponse(await api.post<unknown>('/api/auth/login', input))
}
