import { lazy, type ComponentType } from 'react'
import { useRoutes, type RouteObject } from 'react-router'
import { RequireRole } from './guards.tsx'

// The staff area's route table (staff-and-content.md §2). The storefront's table (routes.tsx) holds one entry,
// '/admin/*', that loads this file with the first staff page, behind the staff guard; the server checks the
// roles again on every call. Each page is its own file, loaded when first visited.

function staffPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): ComponentType {
  return lazy<ComponentType>(async () => ({ default: (await load())[name] }))
}

export type StaffRoute = {
  /** The full address, as the staff navigation links it. */
  path: string
  Page: ComponentType
  /** Administrators only (the staff guard lets store managers in too). */
  isAdminOnly?: boolean
}

/** A staff page: its address and the page file, loaded when first visited. */
type StaffPageFile<Name extends string> = Omit<StaffRoute, 'Page'> & {
  /** The page's component, as its file exports it. */
  name: Name
  load: () => Promise<Record<Name, ComponentType>>
}

function staffRoute<Name extends string>({ name, load, ...route }: StaffPageFile<Name>): StaffRoute {
  return { ...route, Page: staffPage(load, name) }
}

export const STAFF_ROUTES: readonly StaffRoute[] = [
  staffRoute({
    path: '/admin',
    name: 'AdminDashboardPage',
    load: () => import('../features/admin/dashboard/pages/dashboard-page.tsx'),
  }),
  staffRoute({
    path: '/admin/products',
    name: 'AdminProductsPage',
    load: () => import('../features/admin/products/pages/products-page.tsx'),
  }),
  staffRoute({
    path: '/admin/categories',
    name: 'AdminCategoriesPage',
    load: () => import('../features/admin/categories/pages/categories-page.tsx'),
  }),
  staffRoute({
    path: '/admin/brands',
    name: 'AdminBrandsPage',
    load: () => import('../features/admin/brands/pages/brands-page.tsx'),
  }),
  staffRoute({
    path: '/admin/restoran',
    name: 'AdminRestaurantPage',
    load: () => import('../features/admin/restaurant/pages/restaurant-page.tsx'),
  }),
  staffRoute({
    path: '/admin/shipping',
    name: 'AdminShippingPage',
    load: () => import('../features/admin/shipping/pages/shipping-page.tsx'),
  }),
  staffRoute({
    path: '/admin/orders',
    name: 'AdminOrdersPage',
    load: () => import('../features/admin/orders/pages/orders-page.tsx'),
  }),
  staffRoute({
    path: '/admin/returns',
    name: 'AdminReturnsPage',
    load: () => import('../features/admin/returns/pages/returns-page.tsx'),
  }),
  staffRoute({
    path: '/admin/orders/limits',
    name: 'AdminOrderLimitsPage',
    load: () => import('../features/admin/order-limits/pages/order-limits-page.tsx'),
  }),
  staffRoute({
    path: '/admin/orders/new',
    name: 'AdminNewOrderPage',
    load: () => import('../features/admin/new-order/pages/new-order-page.tsx'),
  }),
  staffRoute({
    path: '/admin/orders/tax-facts',
    name: 'AdminTaxFactsPage',
    load: () => import('../features/admin/tax-facts/pages/tax-facts-page.tsx'),
  }),
  // docs/decisions.md, 'Courier hand-off, tracking and payouts'.
  staffRoute({
    path: '/admin/orders/isplate',
    name: 'AdminPayoutsPage',
    load: () => import('../features/admin/orders/pages/payouts-page.tsx'),
  }),
  staffRoute({
    path: '/admin/orders/posiljke',
    name: 'AdminTrackingImportPage',
    load: () => import('../features/admin/orders/pages/tracking-import-page.tsx'),
  }),
  staffRoute({
    path: '/admin/orders/kurir',
    name: 'AdminCourierSettingsPage',
    load: () => import('../features/admin/orders/pages/courier-settings-page.tsx'),
  }),
  staffRoute({
    path: '/admin/slideshow',
    name: 'AdminSlideshowPage',
    load: () => import('../features/admin/slideshow/pages/slideshow-page.tsx'),
  }),
  staffRoute({
    path: '/admin/work-hours',
    name: 'AdminWorkHoursPage',
    load: () => import('../features/admin/work-hours/pages/work-hours-page.tsx'),
  }),
  staffRoute({
    path: '/admin/sales',
    name: 'AdminSalesPage',
    load: () => import('../features/admin/sales/pages/sales-page.tsx'),
  }),
  staffRoute({
    path: '/admin/statistics',
    name: 'AdminStatisticsPage',
    load: () => import('../features/admin/statistics/pages/statistics-page.tsx'),
  }),
  staffRoute({
    path: '/admin/users',
    name: 'AdminUsersPage',
    load: () => import('../features/admin/users/pages/users-page.tsx'),
    isAdminOnly: true,
  }),
  staffRoute({
    path: '/admin/logs',
    name: 'AdminLogsPage',
    load: () => import('../features/admin/logs/pages/logs-page.tsx'),
    isAdminOnly: true,
  }),
]

const NotFoundPage = staffPage(() => import('../features/content/pages/not-found-page.tsx'), 'NotFoundPage')

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
