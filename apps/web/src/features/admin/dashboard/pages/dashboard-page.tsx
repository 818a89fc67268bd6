import { Link, Navigate } from 'react-router'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { common } from '@shop/shared/messages/bs/common.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { hasAnyRole, STAFF_ROLES } from '@shop/shared/rules/roles.ts'
import { useSession } from '../../../../app/session/session-context.ts'
import { usePageTitle } from '../../../../lib/use-page-title.ts'
import { Badge } from '../../../../ui/badge.tsx'
import { Button } from '../../../../ui/button.tsx'
import { PageEmptyState } from '../../../../ui/empty-state.tsx'
import { AlertIcon, ArrowRightIcon } from '../../../../ui/icons.tsx'
import { LoadingBlock } from '../../../../ui/spinner.tsx'
import { fetchCurrentUser } from '../../api/current-user.ts'
import { useLoad } from '../../../../lib/use-load.ts'
import { staffPagesFor } from '../../staff-pages.ts'
import '../../kit/staff-layout.css'
import './dashboard-page.css'

/**
 * staff-and-content.md §2 Admin dashboard: the tiles follow the roles the server confirms
 * (GET /api/auth/me), with a loading state and an error state whose 'Try Again' asks again.
 * customer-side.md §6 Admin access check: a failed check (no answer, or one without id or role)
 * reads 'Failed to verify access permissions. Please try again.'; a user whom the server no longer
 * counts as staff is sent to /.
 */
export function AdminDashboardPage() {
  const { user: storedUser } = useSession()
  const current = useLoad((signal) => fetchCurrentUser(signal), storedUser?.id ?? '')
  const roles = current.data?.roles ?? storedUser?.roles
  const isAdmin = hasAnyRole(roles, ['admin'])
  const title = isAdmin ? shell.admin.dashboardTitleAdmin : shell.admin.dashboardTitleManager
  usePageTitle(title)

  if (current.status === 'loading' && !current.data) {
    return (
      <div className="container page">
        <LoadingBlock label={common.loading} />
      </div>
    )
  }
  if (current.status === 'error') {
    return (
      <PageEmptyState
        icon={<AlertIcon size={30} />}
        title={admin.staff.accessCheckFailed}
        actions={<Button onClick={current.reload}>{admin.staff.tryAgain}</Button>}
      />
    )
  }

  if (current.data && !hasAnyRole(current.data.roles, STAFF_ROLES)) return <Navigate to="/" replace />

  return (
    <div className="container page">
      <header className="dashboard__header">
        <h1>{title}</h1>
        <p>{isAdmin ? shell.admin.dashboardSubtitleAdmin : shell.admin.dashboardSubtitleManager}</p>
      </header>
      <ul className="staff-grid dashboard__tiles">
        {staffPagesFor(roles).map(({ to, page, icon: Icon, isAdminOnly }) => (
          <li key={to}>
            <Link to={to} className="ui-card dashboard__tile">
              <span className="dashboard__tile-icon">
                <Icon size={24} />
              </span>
              <span className="dashboard__tile-text">
                <span className="dashboard__tile-title">{shell.admin.pages[page].title}</span>
                <span className="dashboard__tile-description">{shell.admin.pages[page].text}</span>
                {isAdminOnly && (
                  <Badge tone="warning" className="dashboard__tile-badge">
                    {shell.admin.adminOnly}
                  </Badge>
                )}
              </span>
              <ArrowRightIcon size={18} className="dashboard__tile-arrow" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
