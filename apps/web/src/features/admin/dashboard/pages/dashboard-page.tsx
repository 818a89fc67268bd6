import type { ComponentType } from 'react'
import { Link } from 'react-router'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { hasAnyRole } from '@shop/shared/rules/roles.ts'
import { useSession } from '../../../../app/session/session-context.ts'
import { usePageTitle } from '../../../../lib/use-page-title.ts'
import { Badge } from '../../../../ui/badge.tsx'
import {
  ArrowRightIcon,
  BoxesIcon,
  ChartIcon,
  ClockIcon,
  ImageIcon,
  ListIcon,
  ReceiptIcon,
  TagIcon,
  TruckIcon,
  UsersIcon,
  UtensilsIcon,
} from '../../../../ui/icons.tsx'
import './dashboard-page.css'

type PageKey = keyof typeof shell.admin.pages
type Tile = { to: string; page: PageKey; icon: ComponentType<{ size?: number }>; isAdminOnly?: boolean }

// staff-and-content.md §2 Admin dashboard; DECISIONS: statistics get a tile for every staff user.
const TILES: readonly Tile[] = [
  { to: '/admin/products', page: 'products', icon: BoxesIcon },
  { to: '/admin/categories', page: 'categories', icon: ListIcon },
  { to: '/admin/restoran', page: 'restaurant', icon: UtensilsIcon },
  { to: '/admin/brands', page: 'brands', icon: TagIcon },
  { to: '/admin/orders', page: 'orders', icon: ReceiptIcon },
  { to: '/admin/shipping', page: 'shipping', icon: TruckIcon },
  { to: '/admin/sales', page: 'sales', icon: TagIcon },
  { to: '/admin/slideshow', page: 'slideshow', icon: ImageIcon },
  { to: '/admin/statistics', page: 'statistics', icon: ChartIcon },
  { to: '/admin/work-hours', page: 'workHours', icon: ClockIcon, isAdminOnly: true },
  { to: '/admin/users', page: 'users', icon: UsersIcon, isAdminOnly: true },
  { to: '/admin/logs', page: 'logs', icon: ListIcon, isAdminOnly: true },
]

export function AdminDashboardPage() {
  const { user } = useSession()
  const isAdmin = hasAnyRole(user?.roles, ['admin'])
  const { admin } = shell
  const title = isAdmin ? admin.dashboardTitleAdmin : admin.dashboardTitleManager
  usePageTitle(title)
  return (
    <div className="container page">
      <header className="dashboard__header">
        <h1>{title}</h1>
        <p>{isAdmin ? admin.dashboardSubtitleAdmin : admin.dashboardSubtitleManager}</p>
      </header>
      <ul className="dashboard__tiles">
        {TILES.filter((tile) => isAdmin || !tile.isAdminOnly).map(({ to, page, icon: Icon, isAdminOnly }) => (
          <li key={to}>
            <Link to={to} className="dashboard__tile">
              <span className="dashboard__tile-icon">
                <Icon size={24} />
              </span>
              <span className="dashboard__tile-text">
                <span className="dashboard__tile-title">{admin.pages[page].title}</span>
                <span className="dashboard__tile-description">{admin.pages[page].text}</span>
                {isAdminOnly && (
                  <Badge tone="warning" className="dashboard__tile-badge">
                    {admin.adminOnly}
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
