import type { ComponentType } from 'react'
import type { shell } from '@shop/shared/messages/bs/shell.ts'
import { hasAnyRole } from '@shop/shared/rules/roles.ts'
import {
  BoxesIcon,
  ChartIcon,
  ClockIcon,
  FileTextIcon,
  ImageIcon,
  LayersIcon,
  PercentIcon,
  ReceiptIcon,
  ReturnIcon,
  TagIcon,
  TruckIcon,
  UsersIcon,
  UtensilsIcon,
} from '../../ui/icons.tsx'

export type StaffPageKey = keyof typeof shell.admin.pages
export type StaffPage = {
  to: string
  page: StaffPageKey
  icon: ComponentType<{ size?: number }>
  /** Shown (tile and menu) to administrators only. */
  isAdminOnly?: boolean
}

// staff-and-content.md §2 Admin dashboard: the tiles in their order; DECISIONS: statistics get a
// tile for every staff user. Work hours, users and logs are the administrators' tiles.
export const STAFF_PAGES: readonly StaffPage[] = [
  { to: '/admin/products', page: 'products', icon: BoxesIcon },
  { to: '/admin/categories', page: 'categories', icon: LayersIcon },
  { to: '/admin/restoran', page: 'restaurant', icon: UtensilsIcon },
  { to: '/admin/brands', page: 'brands', icon: TagIcon },
  { to: '/admin/orders', page: 'orders', icon: ReceiptIcon },
  { to: '/admin/returns', page: 'returns', icon: ReturnIcon },
  { to: '/admin/shipping', page: 'shipping', icon: TruckIcon },
  { to: '/admin/sales', page: 'sales', icon: PercentIcon },
  { to: '/admin/slideshow', page: 'slideshow', icon: ImageIcon },
  { to: '/admin/statistics', page: 'statistics', icon: ChartIcon },
  { to: '/admin/work-hours', page: 'workHours', icon: ClockIcon, isAdminOnly: true },
  { to: '/admin/users', page: 'users', icon: UsersIcon, isAdminOnly: true },
  { to: '/admin/logs', page: 'logs', icon: FileTextIcon, isAdminOnly: true },
]

/** The pages a user sees on the dashboard and in the staff menu (roles compared case-insensitively). */
export function staffPagesFor(roles: readonly string[] | undefined): StaffPage[] {
  const isAdmin = hasAnyRole(roles, ['admin'])
  return STAFF_PAGES.filter((page) => isAdmin || !page.isAdminOnly)
}
