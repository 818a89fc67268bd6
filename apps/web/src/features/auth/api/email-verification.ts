import { api } from '../../../lib/api-client.ts'

type MessageResult = { message?: unknown }

const verifications = new Map<string, Promise<string>>()

/**
 * POST /api/auth/verify-email/{token}: answers the server's confirmation text. A link is single use,
 * so one page visit sends it once, even when React runs the page's effect twice.
 */
export function verifyEmail(token: string): Promise<string> {
  let verification = verifications.get(token)
  if (!verification) {
    verification = api
      .post<MessageResult>(`/api/auth/verify-email/${encodeURIComponent(token)}`)
      .then((body) => (typeof body.message === 'string' ? body.message : ''))
    verifications.set(token, verification)
  }
  return verification
}

/** POST /api/auth/resend-verification: the answer is the same whether or not the e-mail is registered. */
export async function resendVerification(email: string): Promise<string> {
  const body = await api.post<MessageResult>('/api/auth/resend-verification', { email })
  return typeof body.message === 'string' ? body.message : ''
}
