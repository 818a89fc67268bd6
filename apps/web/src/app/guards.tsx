import { Navigate, Outlet, useLocation } from 'react-router'
import { common } from '@shop/shared/messages/bs/common.ts'
import { ADMIN_ROLES, hasAnyRole, STAFF_ROLES, type Role } from '@shop/shared/rules/roles.ts'
import type { SessionEnd } from '../lib/auth-storage.ts'
import { LoadingBlock } from '../ui/spinner.tsx'
import { useSession } from './session/session-context.ts'

export function loginWithReturn(location: { pathname: string; search: string }): string {
  return `/login?returnUrl=${encodeURIComponent(`${location.pathname}${location.search}`)}`
}

/** What the sign-in page says to someone the server signed out (router state `notice`). */
export type LoginNotice = { notice: string }

/**
 * docs/decisions.md 'Staff area': why the server ended the session, in the user's words:
 * staff-and-content.md §8's 'Authentication required. Please log in again.' for an expired session,
 * 'Vaše ovlasti su promijenjene, prijavite se ponovno.' after an admin changed the roles.
 */
export function sessionEndNotice(endedBy: SessionEnd): LoginNotice {
  return { notice: endedBy === 'roles_changed' ? common.rolesChanged : common.authenticationRequired }
}

/** customer-side.md §6: /account and /orders send a signed-out visitor to /login, and back afterwards. */
export function RequireUser() {
  const { user, isChecking, endedBy } = useSession()
  const location = useLocation()
  if (isChecking) return <LoadingBlock label={common.loading} />
  if (!user) {
    return (
      <Navigate to={loginWithReturn(location)} replace {...(endedBy ? { state: sessionEndNotice(endedBy) } : {})} />
    )
  }
  return <Outlet />
}

/**
 * staff-and-content.md §2 Route access and redirects. Who may open each staff route, and where a
 * visitor who is not signed in goes. Everyone without the role goes to /; so does a visitor who is
 * not signed in, except on the products page, which asks them to sign in (§2: 'no user goes to
 * /login'). The sales page has no check of its own beyond the roles here.
 */
export const STAFF_ROUTE_ACCESS: Readonly<Record<string, { roles: readonly Role[]; signedOutTo: '/' | 'login' }>> = {
  '/admin': { roles: STAFF_ROLES, signedOutTo: '/' },
  '/admin/products': { roles: STAFF_ROLES, signedOutTo: 'login' },
  '/admin/categories': { roles: STAFF_ROLES, signedOutTo: '/' },
  '/admin/brands': { roles: STAFF_ROLES, signedOutTo: '/' },
  '/admin/restoran': { roles: STAFF_ROLES, signedOutTo: 'login' },
  '/admin/shipping': { roles: STAFF_ROLES, signedOutTo: '/' },
  '/admin/orders': { roles: STAFF_ROLES, signedOutTo: '/' },
  '/admin/returns': { roles: STAFF_ROLES, signedOutTo: '/' },
  '/admin/slideshow': { roles: STAFF_ROLES, signedOutTo: 'login' },
  '/admin/work-hours': { roles: STAFF_ROLES, signedOutTo: '/' },
  '/admin/sales': { roles: STAFF_ROLES, signedOutTo: '/' },
  '/admin/statistics': { roles: STAFF_ROLES, signedOutTo: '/' },
  '/admin/users': { roles: ADMIN_ROLES, signedOutTo: '/' },
  '/admin/logs': { roles: ADMIN_ROLES, signedOutTo: '/' },
}

/**
 * Where a staff route sends this user, or null when they may stay. `allowed` are the roles of the
 * guard in the router; a route of the table above narrows them further. Roles compare case-insensitively.
 */
export function staffRedirect(
  location: { pathname: string; search: string },
  user: { roles: readonly string[] } | null,
  allowed: readonly Role[],
  endedBy?: SessionEnd,
): string | null {
  const key = location.pathname.toLowerCase().replace(/\/+$/, '')
  const access = STAFF_ROUTE_ACCESS[key]
  // docs/decisions.md 'Staff area': staff whose session the server ended are asked to sign in again
  // and brought back; §2's redirects to / are for visitors who were not signed in.
  if (!user) return endedBy || access?.signedOutTo === 'login' ? loginWithReturn(location) : '/'
  const roles = access?.roles ?? allowed
  return hasAnyRole(user.roles, allowed) && hasAnyRole(user.roles, roles) ? null : '/'
}

/** The guard of the staff routes; the server checks the same roles again on every call. */
export function RequireRole({ allowed }: { allowed: readonly Role[] }) {
  const { user, isChecking, endedBy } = useSession()
  const location = useLocation()
  // docs/decisions.md 'Staff area': staff with a stored session see the page (and its one loading state)
  // while the session is confirmed; the server checks the role on every call, and a refused session
  // brings them back here, signed out.
  if (isChecking && !user) return <LoadingBlock label={common.loading} />
  const target = staffRedirect(location, user, allowed, endedBy)
  if (target) {
    const isSignedOutByServer = !user && endedBy !== undefined
    return <Navigate to={target} replace {...(isSignedOutByServer ? { state: sessionEndNotice(endedBy) } : {})} />
  }
  return <Outlet />
}
