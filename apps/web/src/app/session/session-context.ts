import { createContext, useContext } from 'react'
import type { SessionEnd, SessionUser } from '../../lib/auth-storage.ts'

export type Session = {
  user: SessionUser | null
  token: string | null
  /** Why the server ended the last session of this page (expired, roles changed); cleared by a sign-in. */
  endedBy: SessionEnd | undefined
  /** True while a stored session is being confirmed with GET /api/auth/me at start-up. */
  isChecking: boolean
  signIn: (token: string, user: SessionUser) => void
  /** Keeps the signed-in user's data in step after an edit (e.g. the profile saved on /account). */
  updateUser: (user: SessionUser) => void
  signOut: () => void
}

export const SessionContext = createContext<Session | null>(null)

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession must be used inside <SessionProvider>')
  return session
}
