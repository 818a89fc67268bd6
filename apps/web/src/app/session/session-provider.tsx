import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import { api } from '../../lib/api-client.ts'
import {
  clearSession,
  endSession,
  getGuestSession,
  getSession,
  saveSession,
  saveUser,
  subscribeSession,
  type SessionUser,
} from '../../lib/auth-storage.ts'
import { confirmStoredSession } from './session-check.ts'
import { SessionContext, type Session } from './session-context.ts'

// Staff pages read the current user with the same parser.
export { readCurrentUser } from './session-check.ts'

/** Holds the signed-in session (customer-side.md §4 Session) and confirms a stored one on start. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const stored = useSyncExternalStore(subscribeSession, getSession, getGuestSession)
  const [isChecking, setIsChecking] = useState(() => getSession().token !== null)

  useEffect(() => {
    const { token } = getSession()
    if (!token) return
    let isCurrent = true
    void confirmStoredSession(token, {
      fetchCurrentUser: () => api.get<unknown>('/api/auth/me'),
      getToken: () => getSession().token,
      saveUser,
      clearSession: () => endSession('expired'),
    }).finally(() => {
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

  const updateUser = useCallback((user: SessionUser) => saveUser(user), [])

  const signOut = useCallback(() => {
    // Ends the token on the server too (docs/decisions.md, 'Security'); the client reads the token before it is cleared.
    if (getSession().token) void api.post('/api/auth/logout').catch(() => undefined)
    clearSession()
    setIsChecking(false)
  }, [])

  const session = useMemo<Session>(
    () => ({
      user: stored.user,
      token: stored.token,
      endedBy: stored.endedBy,
      isChecking,
      signIn,
      updateUser,
      signOut,
    }),
    [stored, isChecking, signIn, updateUser, signOut],
  )

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
}
