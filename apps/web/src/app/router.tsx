import { lazy, type ComponentType } from 'react'
import { matchPath, Route, Routes } from 'react-router'
import { STAFF_ROLES } from '@shop/shared/rules/roles.ts'
import { RequireRole, RequireUser } from './guards.tsx'
import { RootLayout } from './layout/root-layout.tsx'
// The store and product pages show the contact feature's button; features do not import each other.
import { ContactButton } from '../features/contact/components/contact-button.tsx'

/**
 * Every page is its own file, loaded when first visited (ARCHITECTURE: the first load of home,
 * store and product pages stays within 120 KB of gzip; staff pages never load for customers).
 */
function page<Name extends string, Props extends object = object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  // Issue 11: a page loaded ahead (the server render, the hydration of its HTML) renders at once,
  // so that the hydration meets the page itself rather than a suspended lazy component.
  let loaded: ComponentType<Props> | undefined
  const Lazy = lazy<ComponentType<Props>>(async () => ({ default: (await load())[name] }))
  function Page(props: Props) {
    const Loaded = loaded
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />
  }
  Page.preload = async () => {
    loaded ??= (await load())[name]
  }
  return Page
}

const HomePage = page(() => import('../features/catalogue/pages/home-page.tsx'), 'HomePage')
const StorePage = page(() => import('../features/catalogue/pages/store-page.tsx'), 'StorePage')
const ProductPage = page(() => import('../features/catalogue/pages/product-page.tsx'), 'ProductPage')

const AboutPage = page(() => import('../features/content/pages/about-page.tsx'), 'AboutPage')
const RestaurantPage = page(() => import('../features/restaurant/pages/restaurant-page.tsx'), 'RestaurantPage')
const WholesalePage = page(() => import('../features/wholesale/pages/wholesale-page.tsx'), 'WholesalePage')
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
const ResetPasswordPage = page(() => import('../features/auth/pages/reset-password-page.tsx'), 'ResetPasswordPage')
const VerifyEmailPage = page(() => import('../features/auth/pages/verify-email-page.tsx'), 'VerifyEmailPage')

const AccountPage = page(() => import('../features/account/pages/account-page.tsx'), 'AccountPage')
const OrdersPage = page(() => import('../features/account/pages/orders-page.tsx'), 'OrdersPage')

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
const AdminOrderLimitsPage = page(
  () => import('../features/admin/order-limits/pages/order-limits-page.tsx'),
  'AdminOrderLimitsPage',
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

/**
 * The storefront pages the server renders (issue 11 §1), with the page each address shows; pages
 * behind a sign-in (cart, account, admin, checkout) stay rendered in the browser only.
 */
const SERVER_RENDERED_PAGES: ReadonlyArray<{
  path: string
  page: { preload: () => Promise<void> }
  /** The page's source file, its key in the build manifest (the server preloads its chunk and CSS). */
  source: string
}> = [
  { path: '/', page: HomePage, source: 'src/features/catalogue/pages/home-page.tsx' },
  { path: '/store', page: StorePage, source: 'src/features/catalogue/pages/store-page.tsx' },
  { path: '/product/:id', page: ProductPage, source: 'src/features/catalogue/pages/product-page.tsx' },
  { path: '/restoran', page: RestaurantPage, source: 'src/features/restaurant/pages/restaurant-page.tsx' },
  { path: '/veleprodaja', page: WholesalePage, source: 'src/features/wholesale/pages/wholesale-page.tsx' },
  { path: '/about', page: AboutPage, source: 'src/features/content/pages/about-page.tsx' },
  { path: '/TermsOfService', page: TermsPage, source: 'src/features/content/pages/terms-page.tsx' },
  { path: '/termsOfService', page: TermsPage, source: 'src/features/content/pages/terms-page.tsx' },
  { path: '/PrivacyPolicy', page: PrivacyPage, source: 'src/features/content/pages/privacy-page.tsx' },
]

function serverRenderedPage(pathname: string) {
  return SERVER_RENDERED_PAGES.find(({ path }) => matchPath({ path, caseSensitive: true }, pathname))
}

/** The source file of the page a server-rendered address shows; undefined: rendered in the browser only. */
export function serverRenderedSource(pathname: string): string | undefined {
  return serverRenderedPage(pathname)?.source
}

/** Loads the page file of a server-rendered address before the render or the hydration. */
export async function preloadServerRenderedPage(pathname: string): Promise<void> {
  await serverRenderedPage(pathname)?.page.preload()
}

// customer-side.md §2 and staff-and-content.md §2 route tables. Declarative routes (no data
// router): the shop loads its data in the pages, and the data router's code would cost about 10 KB of
// gzip on every first load. A page that fails shows the error screen inside the frame (RootLayout).
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="store" element={<StorePage contactAction={ContactButton} />} />
        <Route path="product/:id" element={<ProductPage contactAction={ContactButton} />} />
        <Route path="restoran" element={<RestaurantPage />} />
        <Route path="veleprodaja" element={<WholesalePage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="TermsOfService" element={<TermsPage />} caseSensitive />
        <Route path="termsOfService" element={<TermsPage />} caseSensitive />
        <Route path="PrivacyPolicy" element={<PrivacyPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="resend-verification" element={<ResendVerificationPage />} />
        <Route path="reset-password/:token" element={<ResetPasswordPage />} />
        <Route path="verify-email/:token" element={<VerifyEmailPage />} />
        <Route path="cart" element={<CartPage />} />
        <Route path="order-confirmation/:orderId" element={<OrderConfirmationPage />} />
        <Route element={<RequireUser />}>
          <Route path="account" element={<AccountPage />} />
          <Route path="orders" element={<OrdersPage />} />
        </Route>
        <Route path="admin" element={<RequireRole allowed={STAFF_ROLES} />}>
          <Route index element={<AdminDashboardPage />} />
          <Route path="products" element={<AdminProductsPage />} />
          <Route path="categories" element={<AdminCategoriesPage />} />
          <Route path="brands" element={<AdminBrandsPage />} />
          <Route path="restoran" element={<AdminRestaurantPage />} />
          <Route path="shipping" element={<AdminShippingPage />} />
          <Route path="orders" element={<AdminOrdersPage />} />
          <Route path="orders/limits" element={<AdminOrderLimitsPage />} />
          <Route path="slideshow" element={<AdminSlideshowPage />} />
          <Route path="work-hours" element={<AdminWorkHoursPage />} />
          <Route path="sales" element={<AdminSalesPage />} />
          <Route path="statistics" element={<AdminStatisticsPage />} />
          <Route element={<RequireRole allowed={['admin']} />}>
            <Route path="users" element={<AdminUsersPage />} />
            <Route path="logs" element={<AdminLogsPage />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  )
}
