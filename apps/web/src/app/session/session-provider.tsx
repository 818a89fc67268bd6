import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import { ApiError, api } from '../../lib/api-client.ts'
import {
  clearSession,
  getSession,
  parseSessionUser,
  saveSession,
  saveUser,
  subscribeSession,
  type SessionUser,
} from '../../lib/auth-storage.ts'
import { SessionContext, type Session } from './session-context.ts'

/** GET /api/auth/me answers the user, possibly wrapped as {user}. */
export function readCurrentUser(body: unknown): SessionUser | null {
  const value = typeof body === 'object' && body !== null && 'user' in body ? body.user : body
  return parseSessionUser(value)
}

/**
 * customer-side.md §4 Session: a stored token and user are confirmed with the current-user call on
 * start; when the server rejects them, both are cleared. A server that cannot be reached (status 0)
 * or fails (5xx) leaves the session alone: the server still checks the token on every call.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const stored = useSyncExternalStore(subscribeSession, getSession, getSession)
  const [isChecking, setIsChecking] = useState(() => getSession().token !== null)

  useEffect(() => {
    const { token } = getSession()
    if (!token) return
    let isCurrent = true
    api
      .get<unknown>('/api/auth/me')
      .then((body) => {
        if (getSession().token !== token) return
        const user = readCurrentUser(body)
        if (user) saveUser(user)
        else clearSession()
      })
      .catch((error: unknown) => {
        if (getSession().token !== token) return
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) clearSession()
      })
      .finally(() => {
        if (isCurrent) setIsChecking(false)
      })
    return () => {
      isCurrent = false
    }
  }, [])

  const signIn = useCallback((token: string, user: SessionUser) => {
    saveSession(token, user)
    setIsChecking(false)
  }, [])

  const signOut = useCallback(() => {
    clearSession()
    setIsChecking(false)
  }, [])

  const session = useMemo<Session>(
    () => ({ user: stored.user, token: stored.token, isChecking, signIn, signOut }),
    [stored, isChecking, signIn, signOut],
  )

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
}
