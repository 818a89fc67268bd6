import { lazy, type ComponentType } from 'react'
import { useRoutes, type RouteObject } from 'react-router'
import { RequireRole } from './guards.tsx'

// The staff area's route table (staff-and-content.md §2). The storefront's table (routes.tsx) holds one entry,
// '/admin/*', that loads this file with the first staff page, behind the staff guard; the server checks the
// roles again on every call. Each page is its own file, loaded when first visited.

function staffPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): ComponentType {
  return lazy<ComponentType>(async () => ({ default: (await load())[name] }))
}

const AdminDashboardPage = staffPage(
  () => import('../features/admin/dashboard/pages/dashboard-page.tsx'),
  'AdminDashboardPage',
)
const AdminProductsPage = staffPage(
  () => import('../features/admin/products/pages/products-page.tsx'),
  'AdminProductsPage',
)
const AdminCategoriesPage = staffPage(
  () => import('../features/admin/categories/pages/categories-page.tsx'),
  'AdminCategoriesPage',
)
const AdminBrandsPage = staffPage(() => import('../features/admin/brands/pages/brands-page.tsx'), 'AdminBrandsPage')
const AdminRestaurantPage = staffPage(
  () => import('../features/admin/restaurant/pages/restaurant-page.tsx'),
  'AdminRestaurantPage',
)
const AdminShippingPage = staffPage(
  () => import('../features/admin/shipping/pages/shipping-page.tsx'),
  'AdminShippingPage',
)
const AdminOrdersPage = staffPage(() => import('../features/admin/orders/pages/orders-page.tsx'), 'AdminOrdersPage')
const AdminReturnsPage = staffPage(() => import('../features/admin/returns/pages/returns-page.tsx'), 'AdminReturnsPage')
const AdminNewOrderPage = staffPage(
  () => import('../features/admin/new-order/pages/new-order-page.tsx'),
  'AdminNewOrderPage',
)
const AdminOrderLimitsPage = staffPage(
  () => import('../features/admin/order-limits/pages/order-limits-page.tsx'),
  'AdminOrderLimitsPage',
)
const AdminTaxFactsPage = staffPage(
  () => import('../features/admin/tax-facts/pages/tax-facts-page.tsx'),
  'AdminTaxFactsPage',
)
const AdminPayoutsPage = staffPage(() => import('../features/admin/orders/pages/payouts-page.tsx'), 'AdminPayoutsPage')
const AdminTrackingImportPage = staffPage(
  () => import('../features/admin/orders/pages/tracking-import-page.tsx'),
  'AdminTrackingImportPage',
)
const AdminCourierSettingsPage = staffPage(
  () => import('../features/admin/orders/pages/courier-settings-page.tsx'),
  'AdminCourierSettingsPage',
)
const AdminSlideshowPage = staffPage(
  () => import('../features/admin/slideshow/pages/slideshow-page.tsx'),
  'AdminSlideshowPage',
)
const AdminWorkHoursPage = staffPage(
  () => import('../features/admin/work-hours/pages/work-hours-page.tsx'),
  'AdminWorkHoursPage',
)
const AdminSalesPage = staffPage(() => import('../features/admin/sales/pages/sales-page.tsx'), 'AdminSalesPage')
const AdminUsersPage = staffPage(() => import('../features/admin/users/pages/users-page.tsx'), 'AdminUsersPage')
const AdminLogsPage = staffPage(() => import('../features/admin/logs/pages/logs-page.tsx'), 'AdminLogsPage')
const AdminStatisticsPage = staffPage(
  () => import('../features/admin/statistics/pages/statistics-page.tsx'),
  'AdminStatisticsPage',
)
const NotFoundPage = staffPage(() => import('../features/content/pages/not-found-page.tsx'), 'NotFoundPage')

export type StaffRoute = {
  /** The full address, as the staff navigation links it. */
  path: string
  Page: ComponentType
  /** Administrators only (the staff guard lets store managers in too). */
  isAdminOnly?: boolean
}

export const STAFF_ROUTES: readonly StaffRoute[] = [
  { path: '/admin', Page: AdminDashboardPage },
  { path: '/admin/products', Page: AdminProductsPage },
  { path: '/admin/categories', Page: AdminCategoriesPage },
  { path: '/admin/brands', Page: AdminBrandsPage },
  { path: '/admin/restoran', Page: AdminRestaurantPage },
  { path: '/admin/shipping', Page: AdminShippingPage },
  { path: '/admin/orders', Page: AdminOrdersPage },
  { path: '/admin/returns', Page: AdminReturnsPage },
  { path: '/admin/orders/limits', Page: AdminOrderLimitsPage },
  { path: '/admin/orders/new', Page: AdminNewOrderPage },
  { path: '/admin/orders/tax-facts', Page: AdminTaxFactsPage },
  // docs/decisions.md, 'Courier hand-off, tracking and payouts'.
  { path: '/admin/orders/isplate', Page: AdminPayoutsPage },
  { path: '/admin/orders/posiljke', Page: AdminTrackingImportPage },
  { path: '/admin/orders/kurir', Page: AdminCourierSettingsPage },
  { path: '/admin/slideshow', Page: AdminSlideshowPage },
  { path: '/admin/work-hours', Page: AdminWorkHoursPage },
  { path: '/admin/sales', Page: AdminSalesPage },
  { path: '/admin/statistics', Page: AdminStatisticsPage },
  { path: '/admin/users', Page: AdminUsersPage, isAdminOnly: true },
  { path: '/admin/logs', Page: AdminLogsPage, isAdminOnly: true },
]

function toRouteObject({ path, Page }: StaffRoute): RouteObject {
  return path === '/admin'
    ? { index: true, element: <Page /> }
    : { path: path.replace(/^\/admin\//, ''), element: <Page /> }
}

const ROUTE_OBJECTS: RouteObject[] = [
  ...STAFF_ROUTES.filter((route) => !route.isAdminOnly).map(toRouteObject),
  {
    element: <RequireRole allowed={['admin']} />,
    children: STAFF_ROUTES.filter((route) => route.isAdminOnly).map(toRouteObject),
  },
  { path: '*', element: <NotFoundPage /> },
]

/** The staff pages below /admin (rendered by the '/admin/*' route of routes.tsx). */
export function StaffRoutes() {
  return useRoutes(ROUTE_OBJECTS)
}
