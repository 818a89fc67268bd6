import { auth } from '@shop/shared/messages/bs/auth.ts'
import { ApiError, api } from '../../../lib/api-client.ts'

/** POST /api/auth/forgot-password (staff-and-content.md §7 Password reset). */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.post('/api/auth/forgot-password', { email })
}

/** GET /api/auth/reset-password/{token}: resolves when the link may still be used. */
export async function checkResetToken(token: string, signal?: AbortSignal): Promise<void> {
  await api.get(`/api/auth/reset-password/${encodeURIComponent(token)}`, { signal })
}

/** POST /api/auth/reset-password/{token} with the new password. */
export async function resetPassword(token: string, password: string): Promise<void> {
  await api.post(`/api/auth/reset-password/${encodeURIComponent(token)}`, { password })
}

const INVALID_TOKEN_TEXTS: readonly string[] = [auth.invalidResetToken, auth.invalidOrExpiredResetToken]

/** staff-and-content.md §8 Password: these answers mean the link is dead, so the page shows the invalid-link screen. */
export function isInvalidResetLink(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  return (
    error.code === 'INVALID_RESET_TOKEN' ||
    INVALID_TOKEN_TEXTS.includes(error.message) ||
    (error.errorLabel !== undefined && INVALID_TOKEN_TEXTS.includes(error.errorLabel))
  )
}
