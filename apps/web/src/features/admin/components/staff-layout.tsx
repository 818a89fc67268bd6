import type { ReactNode } from 'react'
import { Link, NavLink } from 'react-router'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { useSession } from '../../../app/session/session-context.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { ArrowRightIcon, ShieldIcon } from '../../../ui/icons.tsx'
import { staffPagesFor } from '../staff-pages.ts'
import './staff-layout.css'

type StaffLayoutProps = {
  title: string
  /** Beside the heading, e.g. the count badge. */
  badge?: ReactNode
  /** The page's main actions (e.g. 'add'), right of the heading on a desktop, below it on a phone. */
  actions?: ReactNode
  children: ReactNode
}

/**
 * The frame of every staff page: the staff menu (a scrolling row on a phone, a side column on a
 * desktop), a back link to the dashboard, the page heading and its actions.
 */
export function StaffLayout({ title, badge, actions, children }: StaffLayoutProps) {
  const { user } = useSession()
  usePageTitle(title)
  return (
    <div className="container page staff">
      <nav className="staff__nav" aria-label={admin.staff.navLabel}>
        <ul>
          <li>
            <NavLink to="/admin" end className="staff__nav-link">
              <ShieldIcon size={18} />
              <span>{admin.staff.navLabel}</span>
            </NavLink>
          </li>
          {staffPagesFor(user?.roles).map(({ to, page, icon: Icon }) => (
            <li key={to}>
              <NavLink to={to} className="staff__nav-link">
                <Icon size={18} />
                <span>{shell.admin.pages[page].title}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="staff__main">
        <header className="staff__header">
          <Link to="/admin" className="staff__back">
            <ArrowRightIcon size={16} className="staff__back-icon" />
            {shell.admin.backToDashboard}
          </Link>
          <div className="staff__heading-row">
            <div className="staff__heading">
              <h1>{title}</h1>
              {badge}
            </div>
            {actions && <div className="staff__actions">{actions}</div>}
          </div>
        </header>
        {children}
      </div>
    </div>
  )
}
