import { Navigate, Outlet, useLocation } from 'react-router'
import { common } from '@shop/shared/messages/bs/common.ts'
import { hasAnyRole, type Role } from '@shop/shared/rules/roles.ts'
import { LoadingBlock } from '../ui/spinner.tsx'
import { useSession } from './session/session-context.ts'

/** customer-side.md §6: /account and /orders send a signed-out visitor to /login, and back afterwards. */
export function RequireUser() {
  const { user, isChecking } = useSession()
  const location = useLocation()
  if (isChecking) return <LoadingBlock label={common.loading} />
  if (!user) {
    const returnUrl = encodeURIComponent(`${location.pathname}${location.search}`)
    return <Navigate to={`/login?returnUrl=${returnUrl}`} replace />
  }
  return <Outlet />
}

/**
 * customer-side.md §6, staff-and-content.md §2: staff pages send anyone without one of the roles
 * (compared case-insensitively) to /. The server enforces the same roles on every call.
 */
export function RequireRole({ allowed }: { allowed: readonly Role[] }) {
  const { user, isChecking } = useSession()
  if (isChecking) return <LoadingBlock label={common.loading} />
  if (!user || !hasAnyRole(user.roles, allowed)) return <Navigate to="/" replace />
  return <Outlet />
}
