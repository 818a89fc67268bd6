import { Navigate, Outlet, useLocation } from 'react-router'
import { common } from '@shop/shared/messages/bs/common.ts'
import { hasAnyRole, type Role } from '@shop/shared/rules/roles.ts'
import { LoadingBlock } from '../ui/spinner.tsx'
import { useSession } from './session/session-context.ts'

function loginWithReturn(location: { pathname: string; search: string }): string {
  return `/login?returnUrl=${encodeURIComponent(`${location.pathname}${location.search}`)}`
}

/** customer-side.md §6: /account and /orders send a signed-out visitor to /login, and back afterwards. */
export function RequireUser() {
  const { user, isChecking } = useSession()
  const location = useLocation()
  if (isChecking) return <LoadingBlock label={common.loading} />
  if (!user) return <Navigate to={loginWithReturn(location)} replace />
  return <Outlet />
}

/**
 * staff-and-content.md §2 Route access and redirects. Who may open each staff route, and where a
 * visitor who is not signed in goes. Everyone without the role goes to /; so does a visitor who is
 * not signed in, except on the products page, which asks them to sign in (§2: 'no user goes to
 * /login'). The sales page has no check of its own beyond the roles here.
 */
export const STAFF_ROUTE_ACCESS: Readonly<Record<string, { roles: readonly Role[]; signedOutTo: '/' | 'login' }>> = {
  '/admin': { roles: ['store_manager', 'admin'], signedOutTo: '/' },
  '/admin/products': { roles: ['store_manager', 'admin'], signedOutTo: 'login' },
  '/admin/categories': { roles: ['store_manager', 'admin'], signedOutTo: '/' },
  '/admin/brands': { roles: ['store_manager', 'admin'], signedOutTo: '/' },
  '/admin/restoran': { roles: ['store_manager', 'admin'], signedOutTo: 'login' },
  '/admin/shipping': { roles: ['store_manager', 'admin'], signedOutTo: '/' },
  '/admin/orders': { roles: ['store_manager', 'admin'], signedOutTo: '/' },
  '/admin/slideshow': { roles: ['store_manager', 'admin'], signedOutTo: 'login' },
  '/admin/work-hours': { roles: ['store_manager', 'admin'], signedOutTo: '/' },
  '/admin/sales': { roles: ['store_manager', 'admin'], signedOutTo: '/' },
  '/admin/statistics': { roles: ['store_manager', 'admin'], signedOutTo: '/' },
  '/admin/users': { roles: ['admin'], signedOutTo: '/' },
  '/admin/logs': { roles: ['admin'], signedOutTo: '/' },
}

/**
 * Where a staff route sends this user, or null when they may stay. `allowed` are the roles of the
 * guard in the router; a route of the table above narrows them further. Roles compare case-insensitively.
 */
export function staffRedirect(
  location: { pathname: string; search: string },
  user: { roles: readonly string[] } | null,
  allowed: readonly Role[],
): string | null {
  const key = location.pathname.toLowerCase().replace(/\/+$/, '')
  const access = STAFF_ROUTE_ACCESS[key]
  if (!user) return access?.signedOutTo === 'login' ? loginWithReturn(location) : '/'
  const roles = access?.roles ?? allowed
  return hasAnyRole(user.roles, allowed) && hasAnyRole(user.roles, roles) ? null : '/'
}

/** The guard of the staff routes; the server checks the same roles again on every call. */
export function RequireRole({ allowed }: { allowed: readonly Role[] }) {
  const { user, isChecking } = useSession()
  const location = useLocation()
  if (isChecking) return <LoadingBlock label={common.loading} />
  const target = staffRedirect(location, user, allowed)
  if (target) return <Navigate to={target} replace />
  return <Outlet />
}
