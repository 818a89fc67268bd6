import { ApiError } from '../../lib/api-client.ts'
import { parseSessionUser, type SessionUser } from '../../lib/auth-storage.ts'

/** GET /api/auth/me answers the user, possibly wrapped as {user}. */
export function readCurrentUser(body: unknown): SessionUser | null {
  const value = typeof body === 'object' && body !== null && 'user' in body ? body.user : body
  return parseSessionUser(value)
}

export type SessionCheckDeps = {
  fetchCurrentUser: () => Promise<unknown>
  getToken: () => string | null
  saveUser: (user: SessionUser) => void
  clearSession: () => void
}

/**
 * customer-side.md §4 Session: the stored token and user are confirmed with the current-user call on
 * start; when the server rejects them (or answers no user), both are cleared. A server that cannot be
 * reached (status 0) or fails (5xx) leaves the session alone: the server still checks the token on
 * every call. An answer that arrives after another sign-in or sign-out changes nothing.
 */
export async function confirmStoredSession(token: string, deps: SessionCheckDeps): Promise<void> {
  try {
    const body = await deps.fetchCurrentUser()
    if (deps.getToken() !== token) return
    const user = readCurrentUser(body)
    if (user) deps.saveUser(user)
    else deps.clearSession()
  } catch (error) {
    if (deps.getToken() !== token) return
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) deps.clearSession()
  }
}
