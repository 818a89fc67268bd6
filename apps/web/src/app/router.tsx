import { lazy, type ComponentType } from 'react'
import { createBrowserRouter } from 'react-router'
import { STAFF_ROLES } from '@shop/shared/rules/roles.ts'
import { RouteErrorScreen } from './error-screen.tsx'
import { RequireRole, RequireUser } from './guards.tsx'
import { RootLayout } from './layout/root-layout.tsx'
// The store and product pages show the contact feature's button; features do not import each other.
import { ContactButton } from '../features/contact/components/contact-button.tsx'

/**
 * Every page is its own file, loaded when first visited (ARCHITECTURE: the first load of home,
 * store and product pages stays within 120 KB of gzip; staff pages never load for customers).
 */
function page<Name extends string, Props extends object = object>(load: () => Promise<Record<Name, ComponentType<Props>>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }))
}

const HomePage = page(() => import('../features/catalogue/pages/home-page.tsx'), 'HomePage')
const StorePage = page(() => import('../features/catalogue/pages/store-page.tsx'), 'StorePage')
const ProductPage = page(() => import('../features/catalogue/pages/product-page.tsx'), 'ProductPage')

const AboutPage = page(() => import('../features/content/pages/about-page.tsx'), 'AboutPage')
const RestaurantPage = page(() => import('../features/content/pages/restaurant-page.tsx'), 'RestaurantPage')
const WholesalePage = page(() => import('../features/content/pages/wholesale-page.tsx'), 'WholesalePage')
const TermsPage = page(() => import('../features/content/pages/terms-page.tsx'), 'TermsPage')
const PrivacyPage = page(() => import('../features/content/pages/privacy-page.tsx'), 'PrivacyPage')
const NotFoundPage = page(() => import('../features/content/pages/not-found-page.tsx'), 'NotFoundPage')

const LoginPage = page(() => import('../features/auth/pages/login-page.tsx'), 'LoginPage')
const RegisterPage = page(() => import('../features/auth/pages/register-page.tsx'), 'RegisterPage')
const ForgotPasswordPage = page(() => import('../features/auth/pages/forgot-password-page.tsx'), 'ForgotPasswordPage')
const ResendVerificationPage = page(() => import('../features/auth/pages/resend-verification-page.tsx'), 'ResendVerificationPage')
const ResetPasswordPage = page(() => import('../features/auth/pages/reset-password-page.tsx'), 'ResetPasswordPage')
const VerifyEmailPage = page(() => import('../features/auth/pages/verify-email-page.tsx'), 'VerifyEmailPage')

const AccountPage = page(() => import('../features/account/pages/account-page.tsx'), 'AccountPage')
const OrdersPage = page(() => import('../features/account/pages/orders-page.tsx'), 'OrdersPage')

const CartPage = page(() => import('../features/cart/pages/cart-page.tsx'), 'CartPage')
const OrderConfirmationPage = page(() => import('../features/cart/pages/order-confirmation-page.tsx'), 'OrderConfirmationPage')

const AdminDashboardPage = page(() => import('../features/admin/dashboard/pages/dashboard-page.tsx'), 'AdminDashboardPage')
const AdminProductsPage = page(() => import('../features/admin/products/pages/products-page.tsx'), 'AdminProductsPage')
const AdminCategoriesPage = page(() => import('../features/admin/categories/pages/categories-page.tsx'), 'AdminCategoriesPage')
const AdminBrandsPage = page(() => import('../features/admin/brands/pages/brands-page.tsx'), 'AdminBrandsPage')
const AdminRestaurantPage = page(() => import('../features/admin/restaurant/pages/restaurant-page.tsx'), 'AdminRestaurantPage')
const AdminShippingPage = page(() => import('../features/admin/shipping/pages/shipping-page.tsx'), 'AdminShippingPage')
const AdminOrdersPage = page(() => import('../features/admin/orders/pages/orders-page.tsx'), 'AdminOrdersPage')
const AdminSlideshowPage = page(() => import('../features/admin/slideshow/pages/slideshow-page.tsx'), 'AdminSlideshowPage')
const AdminWorkHoursPage = page(() => import('../features/admin/work-hours/pages/work-hours-page.tsx'), 'AdminWorkHoursPage')
const AdminSalesPage = page(() => import('../features/admin/sales/pages/sales-page.tsx'), 'AdminSalesPage')
const AdminUsersPage = page(() => import('../features/admin/users/pages/users-page.tsx'), 'AdminUsersPage')
const AdminLogsPage = page(() => import('../features/admin/logs/pages/logs-page.tsx'), 'AdminLogsPage')
const AdminStatisticsPage = page(() => import('../features/admin/statistics/pages/statistics-page.tsx'), 'AdminStatisticsPage')

// customer-side.md §2 and staff-and-content.md §2 route tables.
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    // Only when the frame itself fails; a page's failure shows inside the frame (below).
    errorElement: <RouteErrorScreen />,
    children: [
      {
        errorElement: <RouteErrorScreen />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'store', element: <StorePage contactAction={ContactButton} /> },
          { path: 'product/:id', element: <ProductPage contactAction={ContactButton} /> },
          { path: 'restoran', element: <RestaurantPage /> },
          { path: 'veleprodaja', element: <WholesalePage /> },
          { path: 'about', element: <AboutPage /> },
          { path: 'TermsOfService', element: <TermsPage />, caseSensitive: true },
          { path: 'termsOfService', element: <TermsPage />, caseSensitive: true },
          { path: 'PrivacyPolicy', element: <PrivacyPage /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'resend-verification', element: <ResendVerificationPage /> },
          { path: 'reset-password/:token', element: <ResetPasswordPage /> },
          { path: 'verify-email/:token', element: <VerifyEmailPage /> },
          { path: 'cart', element: <CartPage /> },
          { path: 'order-confirmation/:orderId', element: <OrderConfirmationPage /> },
          {
            element: <RequireUser />,
            children: [
              { path: 'account', element: <AccountPage /> },
              { path: 'orders', element: <OrdersPage /> },
            ],
          },
          {
            path: 'admin',
            element: <RequireRole allowed={STAFF_ROLES} />,
            children: [
              { index: true, element: <AdminDashboardPage /> },
              { path: 'products', element: <AdminProductsPage /> },
              { path: 'categories', element: <AdminCategoriesPage /> },
              { path: 'brands', element: <AdminBrandsPage /> },
              { path: 'restoran', element: <AdminRestaurantPage /> },
              { path: 'shipping', element: <AdminShippingPage /> },
              { path: 'orders', element: <AdminOrdersPage /> },
              { path: 'slideshow', element: <AdminSlideshowPage /> },
              { path: 'work-hours', element: <AdminWorkHoursPage /> },
              { path: 'sales', element: <AdminSalesPage /> },
              { path: 'statistics', element: <AdminStatisticsPage /> },
              {
                element: <RequireRole allowed={['admin']} />,
                children: [
                  { path: 'users', element: <AdminUsersPage /> },
                  { path: 'logs', element: <AdminLogsPage /> },
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
])

