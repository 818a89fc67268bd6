import { lazy, type ComponentType, type ReactElement } from 'react'
import type { HeadContext, DescribedPage } from '../server/page-head.ts'
import type { seo } from '@shop/shared/messages/bs/seo.ts'
import type { LoadPlan } from '../lib/server-data.ts'
// The store and product pages show the contact feature's button; features do not import each other.
import { ContactButton } from '../features/contact/components/contact-button.tsx'

// The shop's one route table (customer-side.md §2 and staff-and-content.md §2): the browser's router
// (router.tsx), the pages the server renders with their styles, each page's head, the sitemap and
// robots.txt (entry-server.tsx, through the API) all come from it. A path is written here only.

/**
 * A page file loaded when first visited; `source` (the file, as Vite's manifest names it) is added by vite.config.ts.
 * A server-rendered page's file may export its `loadPlan` (lib/server-data.ts).
 */
type PageLoad<Module> = (() => Promise<Module>) & { source?: string }

/** The props of a page file's component. */
type PropsOf<Page> = Page extends ComponentType<infer Props extends object> ? Props : never

/** What a page file may export beside its page: its plan, typed `LoadPlan` where it is declared. */
type PageFileExtras = { loadPlan?: LoadPlan }

export type LazyPage<Props extends object = object> = ComponentType<Props> & {
  preload: () => Promise<void>
  /** The page's source file, whose chunk and styles the build manifest lists; undefined in tests. */
  source: string | undefined
  /** The loads the page makes for an address, once its file is loaded (preload); undefined without a plan. */
  loadPlan: () => LoadPlan | undefined
}

/**
 * Every page is its own file, loaded when first visited (ARCHITECTURE: the first load of home,
 * store and product pages stays within 120 KB of gzip; staff pages never load for customers).
 */
function page<Module, Name extends keyof Module & string>(
  load: PageLoad<Module>,
  name: Name,
): LazyPage<PropsOf<Module[Name]>> {
  type Props = PropsOf<Module[Name]>
  // A page loaded ahead (the server render, the hydration of its HTML) renders at once, so that the
  // hydration meets the page itself rather than a suspended lazy component.
  let loaded: ComponentType<Props> | undefined
  let plan: LoadPlan | undefined
  const Lazy = lazy<ComponentType<Props>>(async () => ({ default: (await load())[name] as ComponentType<Props> }))
  function Page(props: Props) {
    const Loaded = loaded
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />
  }
  Page.preload = async () => {
    if (loaded) return
    const module = await load()
    plan = (module as PageFileExtras).loadPlan
    loaded = module[name] as ComponentType<Props>
  }
  Page.source = load.source
  Page.loadPlan = () => plan
  return Page
}

/** Who may open a route; the guards are in guards.tsx, and the server checks the roles again on every call. */
export type RouteGuard = 'user' | 'staff' | 'admin'

export type PageRoute = {
  /** The address, as react-router matches it ('/product/:id'). */
  path: string
  /** Loads the page's file ahead of a server render and its hydration; its source names its styles. */
  page: Pick<LazyPage, 'preload' | 'source' | 'loadPlan'>
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
  /**
   * The query parameters the page reads. A server-rendered page is kept once per their values; any other
   * parameter (a campaign's utm_source, fbclid) neither renders nor keeps another copy.
   */
  readsQuery?: readonly string[]
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
const StockAlertConfirmPage = page(
  () => import('../features/catalogue/pages/stock-alert-link-page.tsx'),
  'StockAlertConfirmPage',
)
const StockAlertUnsubscribePage = page(
  () => import('../features/catalogue/pages/stock-alert-link-page.tsx'),
  'StockAlertUnsubscribePage',
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

// The staff area is one entry: its own route table (staff-routes.tsx) loads with the first staff page, so the
// storefront's first load carries none of it (docs/decisions.md, 'First load back under budget').
const StaffArea = page(() => import('./staff-routes.tsx'), 'StaffRoutes')

const storefront = { isServerRendered: true, sitemap: 'page' } as const

/** Cart, account, checkout and staff pages stay rendered in the browser (they are a signed-in buyer's). */
export const ROUTES: readonly PageRoute[] = [
  route('/', HomePage, { ...storefront, head: 'home' }),
  routeWithProps(
    '/store',
    StorePage,
    { contactAction: ContactButton },
    // The filters of store-state.ts (filtersFromQuery) and the page of the pagination's links.
    { ...storefront, head: 'store', readsQuery: ['category', 'brand', 'search', 'sort', 'page'] },
  ),
  routeWithProps(
    '/product/:id',
    ProductPage,
    { contactAction: ContactButton },
    // One read of the product gives the page and its head (the render shares its answers).
    { isServerRendered: true, sitemap: 'products', describeHead: () => import('../server/product-head.ts') },
  ),
  route('/restoran', RestaurantPage, { ...storefront, head: 'restaurant' }),
  route('/veleprodaja', WholesalePage, { ...storefront, head: 'wholesale' }),
  // docs/decisions.md ('Reorder, quick order and postcodes'), 'Quick order': rendered in the browser, priced for the signed-in buyer.
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
  // docs/decisions.md ('Back-in-stock alerts'), 'Links': the back-in-stock alert's mailed links.
  route('/obavijesti/potvrda/:token', StockAlertConfirmPage),
  route('/obavijesti/odjava/:token', StockAlertUnsubscribePage),
  route('/cart', CartPage, { isClosedToCrawlers: true, head: 'cart' }),
  route('/order-confirmation/:orderId', OrderConfirmationPage),
  route('/account', AccountPage, { guard: 'user', isClosedToCrawlers: true }),
  route('/orders', OrdersPage, { guard: 'user' }),
  // The private order page (docs/decisions.md, 'The private order page'): by a mailed link, or by id for the owner.
  routeWithProps('/narudzba/:token', OrderPage, { by: 'token' as const }),
  routeWithProps('/orders/:orderId', OrderPage, { by: 'id' as const }, { guard: 'user' }),
  route('/admin/*', StaffArea, { guard: 'staff', isClosedToCrawlers: true }),
  // The app's not-found page, rendered by the server and answered 404, as a missing product is
  // (docs/decisions.md, 'Pages without JavaScript'); not in the sitemap.
  route('*', NotFoundPage, { isServerRendered: true, head: 'notFound' }),
]
