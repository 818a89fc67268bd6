import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { loginWithReturn, sessionEndNotice } from '../guards.tsx'
import { useSession } from './session-context.ts'

/**
 * docs/decisions.md 'Users admin': a user whose roles an admin changed is signed out by her next request
 * (401 ROLES_CHANGED) on whatever page she is; she is taken to the sign-in page, which says why, and
 * brought back after signing in, rather than finding herself a guest without a word.
 */
export function SessionEndRedirect() {
  const { endedBy, user } = useSession()
  const location = useLocation()
  const navigate = useNavigate()
  const isRolesChanged = endedBy === 'roles_changed' && !user
  const isOnLogin = location.pathname === '/login'
  useEffect(() => {
    if (!isRolesChanged || isOnLogin) return
    void navigate(loginWithReturn(location), { replace: true, state: sessionEndNotice('roles_changed') })
    // Once per end of a session: the location changes with the navigation itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isRolesChanged])
  return null
}
