import { lazy, type ComponentType, type ReactElement } from 'react'
import type { HeadContext, DescribedPage } from '../server/page-head.ts'
import type { seo } from '@shop/shared/messages/bs/seo.ts'
// The store and product pages show the contact feature's button; features do not import each other.
import { ContactButton } from '../features/contact/components/contact-button.tsx'

// The shop's one route table (customer-side.md §2 and staff-and-content.md §2): the browser's router
// (router.tsx), the pages the server renders with their styles, each page's head, the sitemap and
// robots.txt (entry-server.tsx, through the API) all come from it. A path is written here only.

/** A page file loaded when first visited; `source` (the file, as Vite's manifest names it) is added by vite.config.ts. */
type PageLoad<Name extends string, Props> = (() => Promise<Record<Name, ComponentType<Props>>>) & { source?: string }

export type LazyPage<Props extends object = object> = ComponentType<Props> & {
  preload: () => Promise<void>
  /** The page's source file, whose chunk and styles the build manifest lists; undefined in tests. */
  source: string | undefined
}

/**
 * Every page is its own file, loaded when first visited (ARCHITECTURE: the first load of home,
 * store and product pages stays within 120 KB of gzip; staff pages never load for customers).
 */
function page<Name extends string, Props extends object = object>(
  load: PageLoad<Name, Props>,
  name: Name,
): LazyPage<Props> {
  // A page loaded ahead (the server render, the hydration of its HTML) renders at once, so that the
  // hydration meets the page itself rather than a suspended lazy component.
  let loaded: ComponentType<Props> | undefined
  const Lazy = lazy<ComponentType<Props>>(async () => ({ default: (await load())[name] }))
  function Page(props: Props) {
    const Loaded = loaded
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />
  }
  Page.preload = async () => {
    loaded ??= (await load())[name]
  }
  Page.source = load.source
  return Page
}

/** Who may open a route; the guards are in guards.tsx, and the server checks the roles again on every call. */
export type RouteGuard = 'user' | 'staff' | 'admin'

export type PageRoute = {
  /** The address, as react-router matches it ('/product/:id'). */
  path: string
  /** Loads the page's file ahead of a server render and its hydration; its source names its styles. */
  page: Pick<LazyPage, 'preload' | 'source'>
  element: ReactElement
  caseSensitive?: boolean
  guard?: RouteGuard
  /** A storefront page: rendered on the server as a guest sees it, with its data (docs/decisions.md). */
  isServerRendered?: boolean
  /** In the sitemap: the page itself, or one address per product. Only canonical addresses are listed. */
  sitemap?: 'page' | 'products'
  /** robots.txt asks crawlers to stay out of this path and everything below it. */
  isClosedToCrawlers?: boolean
  /**
   * A head made from the page's data (server-only, loaded when first needed); without it the head comes
   * from the route's entry in messages/bs/seo.ts.
   */
  describeHead?: () => Promise<{ describePage: (context: HeadContext) => Promise<DescribedPage> }>
  /** The page's title and description in messages/bs/seo.ts (the page itself shows the same title). */
  head?: keyof typeof seo.pages
}

type RouteOptions = Omit<PageRoute, 'path' | 'page' | 'element'>

function route(path: string, Page: LazyPage, options: RouteOptions = {}): PageRoute {
  return { path, page: Page, element: <Page />, ...options }
}

function routeWithProps<Props extends object>(
  path: string,
  Page: LazyPage<Props>,
  props: Props,
  options: RouteOptions = {},
): PageRoute {
  return { path, page: Page, element: <Page {...props} />, ...options }
}

const HomePage = page(() => import('../features/catalogue/pages/home-page.tsx'), 'HomePage')
const StorePage = page(() => import('../features/catalogue/pages/store-page.tsx'), 'StorePage')
const ProductPage = page(() => import('../features/catalogue/pages/product-page.tsx'), 'ProductPage')

const AboutPage = page(() => import('../features/content/pages/about-page.tsx'), 'AboutPage')
const RestaurantPage = page(() => import('../features/restaurant/pages/restaurant-page.tsx'), 'RestaurantPage')
const WholesalePage = page(() => import('../features/wholesale/pages/wholesale-page.tsx'), 'WholesalePage')
const QuickOrderPage = page(() => import('../features/wholesale/pages/quick-order-page.tsx'), 'QuickOrderPage')
const TermsPage = page(() => import('../features/content/pages/terms-page.tsx'), 'TermsPage')
const PrivacyPage = page(() => import('../features/content/pages/privacy-page.tsx'), 'PrivacyPage')
const NotFoundPage = page(() => import('../features/content/pages/not-found-page.tsx'), 'NotFoundPage')

const LoginPage = page(() => import('../features/auth/pages/login-page.tsx'), 'LoginPage')
const RegisterPage = page(() => import('../features/auth/pages/register-page.tsx'), 'RegisterPage')
const ForgotPasswordPage = page(() => import('../features/auth/pages/forgot-password-page.tsx'), 'ForgotPasswordPage')
const ResendVerificationPage = page(
  () => import('../features/auth/pages/resend-verification-page.tsx'),
  'ResendVerificationPage',
)
const DeleteAccountPage = page(() => import('../features/account/pages/delete-account-page.tsx'), 'DeleteAccountPage')
const ResetPasswordPage = page(() => import('../features/auth/pages/reset-password-page.tsx'), 'ResetPasswordPage')
const VerifyEmailPage = page(() => import('../features/auth/pages/verify-email-page.tsx'), 'VerifyEmailPage')

const AccountPage = page(() => import('../features/account/pages/account-page.tsx'), 'AccountPage')
const OrdersPage = page(() => import('../features/account/pages/orders-page.tsx'), 'OrdersPage')
const OrderPage = page(() => import('../features/orders/pages/order-page.tsx'), 'OrderPage')

const CartPage = page(() => import('../features/cart/pages/cart-page.tsx'), 'CartPage')
const OrderConfirmationPage = page(
  () => import('../features/cart/pages/order-confirmation-page.tsx'),
  'OrderConfirmationPage',
)

const AdminDashboardPage = page(
  () => import('../features/admin/dashboard/pages/dashboard-page.tsx'),
  'AdminDashboardPage',
)
const AdminProductsPage = page(() => import('../features/admin/products/pages/products-page.tsx'), 'AdminProductsPage')
const AdminCategoriesPage = page(
  () => import('../features/admin/categories/pages/categories-page.tsx'),
  'AdminCategoriesPage',
)
const AdminBrandsPage = page(() => import('../features/admin/brands/pages/brands-page.tsx'), 'AdminBrandsPage')
const AdminRestaurantPage = page(
  () => import('../features/admin/restaurant/pages/restaurant-page.tsx'),
  'AdminRestaurantPage',
)
const AdminShippingPage = page(() => import('../features/admin/shipping/pages/shipping-page.tsx'), 'AdminShippingPage')
const AdminOrdersPage = page(() => import('../features/admin/orders/pages/orders-page.tsx'), 'AdminOrdersPage')
const AdminNewOrderPage = page(
  () => import('../features/admin/new-order/pages/new-order-page.tsx'),
  'AdminNewOrderPage',
)
const AdminOrderLimitsPage = page(
  () => import('../features/admin/order-limits/pages/order-limits-page.tsx'),
  'AdminOrderLimitsPage',
)
const AdminTaxFactsPage = page(
  () => import('../features/admin/tax-facts/pages/tax-facts-page.tsx'),
  'AdminTaxFactsPage',
)
const AdminPayoutsPage = page(() => import('../features/admin/orders/pages/payouts-page.tsx'), 'AdminPayoutsPage')
const AdminTrackingImportPage = page(
  () => import('../features/admin/orders/pages/tracking-import-page.tsx'),
  'AdminTrackingImportPage',
)
const AdminCourierSettingsPage = page(
  () => import('../features/admin/orders/pages/courier-settings-page.tsx'),
  'AdminCourierSettingsPage',
)
const AdminSlideshowPage = page(
  () => import('../features/admin/slideshow/pages/slideshow-page.tsx'),
  'AdminSlideshowPage',
)
const AdminWorkHoursPage = page(
  () => import('../features/admin/work-hours/pages/work-hours-page.tsx'),
  'AdminWorkHoursPage',
)
const AdminSalesPage = page(() => import('../features/admin/sales/pages/sales-page.tsx'), 'AdminSalesPage')
const AdminUsersPage = page(() => import('../features/admin/users/pages/users-page.tsx'), 'AdminUsersPage')
const AdminLogsPage = page(() => import('../features/admin/logs/pages/logs-page.tsx'), 'AdminLogsPage')
const AdminStatisticsPage = page(
  () => import('../features/admin/statistics/pages/statistics-page.tsx'),
  'AdminStatisticsPage',
)

const storefront = { isServerRendered: true, sitemap: 'page' } as const

/** Cart, account, checkout and staff pages stay rendered in the browser (they are a signed-in buyer's). */
export const ROUTES: readonly PageRoute[] = [
  route('/', HomePage, { ...storefront, head: 'home' }),
  routeWithProps('/store', StorePage, { contactAction: ContactButton }, { ...storefront, head: 'store' }),
  routeWithProps(
    '/product/:id',
    ProductPage,
    { contactAction: ContactButton },
    // One read of the product gives the page and its head (the render shares its answers).
    { isServerRendered: true, sitemap: 'products', describeHead: () => import('../server/product-head.ts') },
  ),
  route('/restoran', RestaurantPage, { ...storefront, head: 'restaurant' }),
  route('/veleprodaja', WholesalePage, { ...storefront, head: 'wholesale' }),
  // docs/decisions-reorder.md, 'Quick order': rendered in the browser, priced for the signed-in buyer.
  route('/veleprodaja/brza-narudzba', QuickOrderPage, { isClosedToCrawlers: true }),
  route('/about', AboutPage, { ...storefront, head: 'about' }),
  route('/TermsOfService', TermsPage, { ...storefront, caseSensitive: true, head: 'terms' }),
  // The address an old link used; the canonical one above is the one listed.
  route('/termsOfService', TermsPage, { isServerRendered: true, caseSensitive: true, head: 'terms' }),
  route('/PrivacyPolicy', PrivacyPage, { ...storefront, head: 'privacy' }),
  route('/login', LoginPage, { head: 'login' }),
  route('/register', RegisterPage, { head: 'register' }),
  route('/forgot-password', ForgotPasswordPage),
  route('/resend-verification', ResendVerificationPage),
  route('/reset-password/:token', ResetPasswordPage),
  route('/verify-email/:token', VerifyEmailPage),
  // docs/decisions.md, 'Their own data': the account deletion's mailed link.
  route('/obrisi-racun/:token', DeleteAccountPage),
  route('/cart', CartPage, { isClosedToCrawlers: true, head: 'cart' }),
  route('/order-confirmation/:orderId', OrderConfirmationPage),
  route('/account', AccountPage, { guard: 'user', isClosedToCrawlers: true }),
  route('/orders', OrdersPage, { guard: 'user' }),
  // The private order page (docs/decisions.md, 'The private order page'): by a mailed link, or by id for the owner.
  routeWithProps('/narudzba/:token', OrderPage, { by: 'token' as const }),
  routeWithProps('/orders/:orderId', OrderPage, { by: 'id' as const }, { guard: 'user' }),
  route('/admin', AdminDashboardPage, { guard: 'staff', isClosedToCrawlers: true }),
  route('/admin/products', AdminProductsPage, { guard: 'staff' }),
  route('/admin/categories', AdminCategoriesPage, { guard: 'staff' }),
  route('/admin/brands', AdminBrandsPage, { guard: 'staff' }),
  route('/admin/restoran', AdminRestaurantPage, { guard: 'staff' }),
  route('/admin/shipping', AdminShippingPage, { guard: 'staff' }),
  route('/admin/orders', AdminOrdersPage, { guard: 'staff' }),
  route('/admin/orders/limits', AdminOrderLimitsPage, { guard: 'staff' }),
  route('/admin/orders/new', AdminNewOrderPage, { guard: 'staff' }),
  route('/admin/orders/tax-facts', AdminTaxFactsPage, { guard: 'staff' }),
  // docs/decisions.md, 'Courier hand-off, tracking and payouts'.
  route('/admin/orders/isplate', AdminPayoutsPage, { guard: 'staff' }),
  route('/admin/orders/posiljke', AdminTrackingImportPage, { guard: 'staff' }),
  route('/admin/orders/kurir', AdminCourierSettingsPage, { guard: 'staff' }),
  route('/admin/slideshow', AdminSlideshowPage, { guard: 'staff' }),
  route('/admin/work-hours', AdminWorkHoursPage, { guard: 'staff' }),
  route('/admin/sales', AdminSalesPage, { guard: 'staff' }),
  route('/admin/statistics', AdminStatisticsPage, { guard: 'staff' }),
  route('/admin/users', AdminUsersPage, { guard: 'admin' }),
  route('/admin/logs', AdminLogsPage, { guard: 'admin' }),
  // The app's not-found page, rendered by the server and answered 404, as a missing product is
  // (docs/decisions.md, 'Pages without JavaScript'); not in the sitemap.
  route('*', NotFoundPage, { isServerRendered: true, head: 'notFound' }),
]
