import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, type APIRequestContext, type Browser, type Download, type Locator, type Page } from '@playwright/test'
import type { CartLine } from '../apps/web/src/lib/cart-storage.ts'
import { test } from './fixtures.ts'
import type { SunkMail } from './mail-sink.ts'

/** Demo accounts of the seed (README: demo only). */
export const DEMO_PASSWORD = 'Demo1234!'

/** Fills and sends the sign-in form the page shows now (/login, or where a staff page sent her). */
export async function submitSignInForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(/e-?mail/i).fill(email)
  await page
    .getByLabel(/lozinka/i)
    .first()
    .fill(password)
  await page
    .getByRole('main')
    .getByRole('button', { name: /prijav/i })
    .click()
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login')
  await submitSignInForm(page, email, password)
  await expect(page.getByRole('main')).toBeVisible()
}

export type { SunkMail }

const MAIL_HTTP_PORT = Number(process.env.E2E_MAIL_HTTP_PORT ?? 3199)

/** Mail the shop delivered over SMTP to the test mail server (e2e/mail-sink.ts) for one address. */
export async function mailsTo(address: string): Promise<SunkMail[]> {
  const response = await fetch(`http://127.0.0.1:${MAIL_HTTP_PORT}/messages?to=${encodeURIComponent(address)}`)
  return (await response.json()) as SunkMail[]
}

/** Waits (the mail worker polls every 2 s) until a mail whose subject matches arrives; returns it. */
export async function waitForMail(address: string, subject: RegExp, timeoutMs = 20_000): Promise<SunkMail> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const mail = (await mailsTo(address)).find((candidate) => subject.test(candidate.subject))
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`No mail matching ${subject} reached ${address} within ${timeoutMs} ms`)
}

/** The subject of the confirmation mail of a placed order. */
export const ORDER_MAIL = /Narudžba #\w{8} je zaprimljena/

/** The path of the private order page (the link in the buyer's confirmation mail), once the mail arrived. */
export async function orderPageFromMail(email: string): Promise<string> {
  return new URL(linkIn(await waitForMail(email, ORDER_MAIL), '/narudzba/')).pathname
}

/** The first link in a mail's text whose path starts with the given prefix, e.g. '/verify-email/'. */
export function linkIn(mail: SunkMail, pathPrefix: string): string {
  const match = new RegExp(`https?://[^\\s"'<>]+${pathPrefix.replace(/[/]/g, '\\/')}[^\\s"'<>]*`).exec(
    mail.text + mail.html,
  )
  if (!match) throw new Error(`No link to ${pathPrefix} in mail '${mail.subject}'`)
  return match[0]
}

/** A fresh address for a test that registers, so that runs and parallel spec files never collide. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@test.example`
}

/** Registers a customer through POST /api/auth/register (unverified until the mailed link is used). */
export async function registerThroughApi(
  request: APIRequestContext,
  email: string,
  password: string,
  profile: Record<string, unknown> = {},
): Promise<void> {
  const response = await request.post('/api/auth/register', {
    data: { email, password, full_name: 'Test Kupac', date_of_birth: '1990-05-12', ...profile },
  })
  expect(response.status(), await response.text()).toBe(201)
}

/** Signs in through the form and waits until the shop has left the sign-in page (the session is stored). */
export async function signInAndWait(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await signIn(page, email, password)
  await expect(page).not.toHaveURL(/\/login(\?|$)/)
}

/** Forgets the page's session (its stored token and cookies), as a signed-out browser. */
export async function signOut(page: Page): Promise<void> {
  await page.evaluate(() => window.localStorage.clear())
  await page.context().clearCookies()
}

/** A staff member (the demo store manager unless named) signs in through the form and opens a staff page. */
export async function openAsStaff(page: Page, path: string, email = 'menadzer@demo.ba'): Promise<void> {
  await signInAndWait(page, email)
  await page.goto(path)
}

/** A session as POST /api/auth/login answers it: the token for API calls and the user the app stores. */
export type Session = { token: string; user: Record<string, unknown> }

export async function signInThroughApi(
  request: APIRequestContext,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<Session> {
  const response = await request.post('/api/auth/login', { data: { email, password } })
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as Session
}

/** The authorization header of a demo account (staff calls of a test's arrangement). */
export async function authorizationOf(request: APIRequestContext, email: string): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${(await signInThroughApi(request, email)).token}` }
}

/** The first 100 products of the catalogue as a signed-in account lists them (its own prices included). */
export async function listProductsAs<Product>(request: APIRequestContext, session: Session): Promise<Product[]> {
  const listed = await request.get('/api/products', {
    params: { limit: 100 },
    headers: { Authorization: `Bearer ${session.token}` },
  })
  return ((await listed.json()) as { products: Product[] }).products
}

/** A staff page sends a signed-in customer to the home page. */
export async function expectCustomerSentHome(browser: Browser, path: string): Promise<void> {
  const customer = await browser.newPage()
  await signInAndWait(customer, 'kupac@demo.ba')
  await customer.goto(path)
  await expect(customer).toHaveURL(/\/$/)
  await customer.close()
}

/** A guest's delivery address in Grude; a test names only what it is about. */
const GUEST_ADDRESS = {
  fullName: 'Gost Kupac',
  phone: '063 111 222',
  street: 'Sovići bb',
  city: 'Grude',
  canton: 'Zapadno-Hercegovački kanton',
  zip: '88340',
}

/** Fills the checkout form's contact and address fields (`form` holds them, e.g. the page's main). */
export async function fillCheckoutAddress(
  form: Locator,
  email: string,
  address: Partial<typeof GUEST_ADDRESS> = {},
): Promise<void> {
  const { fullName, phone, street, city, canton, zip } = { ...GUEST_ADDRESS, ...address }
  await form.getByLabel('Ime i prezime').fill(fullName)
  await form.getByLabel('Broj telefona').fill(phone)
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Adresa').fill(street)
  await form.getByLabel('Grad').fill(city)
  await form.getByLabel('Kanton/Entitet').selectOption(canton)
  await form.getByLabel('Poštanski broj').fill(zip)
}

/**
 * Stores the cart, opens it and goes on with 'Nastavite' to the checkout form. `atCart` runs on the cart page
 * first (pick a shipping option, read a total).
 */
export async function openCheckoutOf(page: Page, lines: CartLine[], atCart?: () => Promise<void>): Promise<void> {
  await fillCart(page, lines)
  await page.goto('/cart')
  await atCart?.()
  await main(page).getByRole('button', { name: 'Nastavite', exact: true }).click()
}

/** openCheckoutOf, then the checkout form's contact and address filled in; 'Naručite' is left to the test. */
export async function fillCheckoutOf(
  page: Page,
  lines: CartLine[],
  email: string,
  { address, atCart }: { address?: Partial<typeof GUEST_ADDRESS>; atCart?: () => Promise<void> } = {},
): Promise<void> {
  await openCheckoutOf(page, lines, atCart)
  await fillCheckoutAddress(main(page), email, address)
}

/** The page's main landmark, where a page's own content is (the frame's bar and footer are outside). */
export const main = (page: Page) => page.getByRole('main')

/** Upper-case letters and digits unique to a run, for the codes and names of what a test creates. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase()
}

export type CreatedProduct = { id: string; customId: string; name: string }

/**
 * Creates a product of the test's own in the first category (staff headers), so that no other spec
 * file can empty its stock or change its price.
 */
export async function createProduct(
  request: APIRequestContext,
  headers: { authorization: string },
  data: Record<string, unknown>,
): Promise<CreatedProduct> {
  const categories = (await (await request.get('/api/categories')).json()) as { id: string }[]
  const response = await request.post('/api/products', { headers, data: { categoryId: categories[0]?.id, ...data } })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as CreatedProduct
}

/**
 * A product of the test's own, as createProduct makes it: its code is `E2E-<code>-<suffix>` and its name
 * `<name> <suffix>`, with a suffix unique to the run unless given (several products of one test may share one).
 */
export async function createOwnProduct(
  request: APIRequestContext,
  headers: { authorization: string },
  fields: { code: string; name: string; suffix?: string } & Record<string, unknown>,
): Promise<CreatedProduct> {
  const { code, name, suffix = uniqueSuffix(), ...data } = fields
  return createProduct(request, headers, { customId: `E2E-${code}-${suffix}`, name: `${name} ${suffix}`, ...data })
}

/** The file the browser saved for the download that `click` starts. */
export async function downloadOf(page: Page, click: () => Promise<unknown>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()])
  return download
}

/** The text of a PDF file as a person's viewer shows it, its layout kept (pdftotext, poppler-utils). */
export function pdfTextOf(file: string): string {
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
}

/** A product's stock as the public product page reads it. */
export async function stockOf(request: APIRequestContext, productId: string): Promise<number> {
  const response = await request.get(`/api/products/${productId}`)
  return ((await response.json()) as { stock: number }).stock
}

/** The WCAG 2.2 AA rules of axe-core (docs/decisions.md 'Accessibility'), as every browser test runs them. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/**
 * Runs axe-core with WCAG_TAGS and the experimental rule for WCAG 2.5.3 Label in Name, over the page as it
 * is now (or only the part `within` selects); fails naming each violation and where it stands.
 */
export async function expectNoAxeViolations(page: Page, within?: string): Promise<void> {
  const builder = new AxeBuilder({ page })
  if (within) builder.include(within)
  const results = await builder
    .withTags(WCAG_TAGS)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze()
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([])
}

/** The delivery address of the orders tests place through the API (Grude), but for the buyer's name. */
export const GRUDE_ADDRESS = {
  phone_number: '063 123 456',
  street_address: 'Sovići bb',
  city: 'Grude',
  state: 'Zapadno-Hercegovački kanton',
  zip_code: '88340',
  country: 'Bosna i Hercegovina',
}

/**
 * An order through POST /api/orders, a guest's (with `email` in the data) or a customer's (with their session);
 * asserts 201 and answers the order as the API gives it.
 */
export async function placeOrderThroughApi<Order = { id: string }>(
  request: APIRequestContext,
  data: Record<string, unknown>,
  session?: Session,
): Promise<Order> {
  const headers = session ? { authorization: `Bearer ${session.token}` } : undefined
  const placed = await request.post('/api/orders', { headers, data })
  expect(placed.status(), await placed.text()).toBe(201)
  return (await placed.json()) as Order
}

/** A guest's delivery order to Grude through POST /api/orders; returns the order's id. */
export async function placeGuestOrder(
  request: APIRequestContext,
  order: { email: string; productId: string; quantity: number; fullName: string },
): Promise<{ id: string }> {
  return placeOrderThroughApi(request, {
    email: order.email,
    products: [{ product_id: order.productId, quantity: order.quantity }],
    shippingAddress: { ...GRUDE_ADDRESS, full_name: order.fullName },
  })
}

/**
 * A product of the test's own (5 in stock) and a guest's delivery order of 2 of it, for staff to handle;
 * the customer's e-mail and the product's code and name end in the same unique suffix.
 */
export async function placeGuestOrderOfNewProduct(
  request: APIRequestContext,
  headers: { authorization: string },
  product: { code: string; name: string; price: number },
): Promise<{ product: CreatedProduct; order: { id: string }; customer: string }> {
  const suffix = uniqueSuffix()
  const created = await createOwnProduct(request, headers, { ...product, stock: 5, suffix })
  const customer = uniqueEmail(product.code.toLowerCase())
  const order = await placeGuestOrder(request, {
    email: customer,
    productId: created.id,
    quantity: 2,
    fullName: `Kupac ${suffix}`,
  })
  return { product: created, order, customer }
}

/** A cart line as the product page stores it, with a stale price of 1 KM: the page must show the server's. */
export function cartLine(
  product: { customId: string; name: string },
  size: string | null,
  quantity: number,
  price = 1,
): CartLine {
  return { productId: product.customId, name: product.name, price, image: '', size, quantity }
}

/**
 * Stores the cart (apps/web/src/lib/cart-storage.ts: localStorage 'shop.cart') and, when given, the
 * session before the app starts, once per tab, so that a reload keeps what the test did since.
 */
export async function fillCart(page: Page, lines: CartLine[], session?: Session): Promise<void> {
  await page.addInitScript(
    ({ lines, session }) => {
      if (sessionStorage.getItem('e2e-seeded')) return
      sessionStorage.setItem('e2e-seeded', '1')
      localStorage.setItem('shop.cart', JSON.stringify(lines))
      if (session) {
        localStorage.setItem('shop.token', session.token)
        localStorage.setItem('shop.user', JSON.stringify(session.user))
      }
    },
    { lines, session },
  )
}

/** A verified customer of the test's own (registered, the mailed link followed), signed in through the API. */
export async function newCustomer(
  request: APIRequestContext,
  prefix: string,
): Promise<{ email: string; password: string; session: Session }> {
  const email = uniqueEmail(prefix)
  const password = 'Zelena-Jabuka-71'
  await registerThroughApi(request, email, password)
  const token =
    linkIn(await waitForMail(email, /Potvrdite svoju e-poštu/), '/verify-email/').split('/verify-email/')[1] ?? ''
  expect((await request.post(`/api/auth/verify-email/${token}`)).status()).toBe(200)
  return { email, password, session: await signInThroughApi(request, email, password) }
}

/** A customer's pickup order of one unit (and option), placed through the API. */
export async function placePickupOrder(
  request: APIRequestContext,
  session: Session,
  product: { customId: string },
  size: string | null,
): Promise<{ id: string }> {
  return placeOrderThroughApi(
    request,
    {
      products: [{ product_id: product.customId, quantity: 1, custom_size: size }],
      shippingAddress: { full_name: 'Ana Kupac', phone_number: '063 111 222' },
      shippingMethod: { id: 'pickup', name: 'Osobno preuzimanje' },
    },
    session,
  )
}

/**
 * A lamp of the test's own with two options whose codes staff typed (2700K: 4 in stock, 6,90 KM;
 * 6500K: 10 in stock, 7,90 KM).
 */
export async function createLampWithOptions(request: APIRequestContext): Promise<CreatedProduct> {
  const suffix = uniqueSuffix()
  return createProduct(request, await authorizationOf(request, 'admin@demo.ba'), {
    customId: `E2E-LED-${suffix}`,
    name: `LED žarulja ${suffix}`,
    price: 6.9,
    stock: 0,
    has_sizes: true,
    sizes: ['2700K', '6500K'],
    size_stock: [
      { size: '2700K', customId: `E2E-LED-${suffix}-2700K`, stock: 4, infinite: false, price: 6.9 },
      { size: '6500K', customId: `E2E-LED-${suffix}-6500K`, stock: 10, infinite: false, price: 7.9 },
    ],
  })
}

/**
 * The spec file's own lamp with options, made once before its first test (Playwright's beforeAll): the
 * object is filled in then, so tests read it, never the file's top level.
 */
export function createLampBeforeAll(): CreatedProduct {
  const lamp: CreatedProduct = { id: '', customId: '', name: '' }
  test.beforeAll(async ({ request }) => {
    Object.assign(lamp, await createLampWithOptions(request))
  })
  return lamp
}

/**
 * The spec file's own product (createOwnProduct's fields) and the admin's headers that made it, filled in
 * before its first test (Playwright's beforeAll), so tests read them, never the file's top level.
 */
export function createOwnProductBeforeAll(fields: Parameters<typeof createOwnProduct>[2]): {
  staff: { authorization: string }
  product: CreatedProduct
} {
  const staff = { authorization: '' }
  const product: CreatedProduct = { id: '', customId: '', name: '' }
  test.beforeAll(async ({ request }) => {
    Object.assign(staff, await authorizationOf(request, 'admin@demo.ba'))
    Object.assign(product, await createOwnProduct(request, staff, fields))
  })
  return { staff, product }
}

/** A server failure without any message: status 500 and an empty body (for the given method only, when given). */
export async function failEmpty(page: Page, url: string | RegExp, method?: string): Promise<void> {
  await page.route(url, (route) =>
    method && route.request().method() !== method ? route.fallback() : route.fulfill({ status: 500, body: '' }),
  )
}

/** The next call to exactly this path fails without any message (status 500, empty body). */
export async function failNextEmpty(page: Page, pathname: string): Promise<void> {
  await page.route(
    (url) => url.pathname === pathname,
    (route) => route.fulfill({ status: 500, body: '' }),
    { times: 1 },
  )
}

/**
 * Waits until the server-rendered page (docs/decisions.md 'Server rendering') has been hydrated, so that its buttons and in-app
 * links work; a storefront page is readable before that, but clicks would go to the plain HTML.
 */
export async function waitForHydration(page: Page): Promise<void> {
  // Set by the app once it has mounted or hydrated (apps/web/src/app/app.tsx, AppReadyMark).
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '')
}

/**
 * Opens a storefront address inside the app, as a shopper's click does: a full load of a storefront
 * page brings its data in the HTML (docs/decisions.md 'Server rendering'), so a test of what the browser's own call meets (a
 * failure, a slow answer) starts on another page and follows an in-app link.
 */
/**
 * Goes to `path` inside the running app (the router's own navigation, no page load), so that the page
 * asks the API from the browser rather than arriving rendered by the server.
 */
export async function navigateInApp(page: Page, path: string, from = '/about'): Promise<void> {
  await page.goto(from)
  await waitForHydration(page)
  await page.evaluate((to) => {
    window.history.pushState({}, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

export async function openInApp(page: Page, linkName: string, from = '/about'): Promise<void> {
  await page.goto(from)
  await waitForHydration(page)
  await page.getByRole('link', { name: linkName, exact: true }).first().click()
}

/** A staff edit of a product through PATCH /api/products/:id, with the version as saved now. */
export async function editProduct(
  request: APIRequestContext,
  headers: { authorization: string },
  productId: string,
  data: Record<string, unknown>,
): Promise<void> {
  const version = await currentVersion(request, `/api/admin/products/${productId}`, headers)
  const response = await request.patch(`/api/products/${productId}`, { headers, data: { version, ...data } })
  expect(response.status(), await response.text()).toBe(200)
}

/**
 * docs/decisions.md ('Edits that never overwrite each other'): a staff edit sends the version of the record as saved now, read from its GET
 * (`pick` finds it in a list answer).
 */
export async function currentVersion(
  request: APIRequestContext,
  readUrl: string,
  headers: Record<string, string>,
  pick: (body: never) => number = (body: { version: number }) => body.version,
): Promise<number> {
  const response = await request.get(readUrl, { headers })
  expect(response.status(), await response.text()).toBe(200)
  return pick((await response.json()) as never)
}

// ---------------------------------------------------------------------------------------------
// Screenshots (docs/decisions.md, 'Screenshots from the browser tests'): written only when E2E_SHOTS_DIR
// names a folder, so that a test run leaves no files behind; the pages a test walks through, at a
// phone's and a desktop's width.

const SHOTS_DIR = process.env.E2E_SHOTS_DIR

/** One screenshot of the page or of one element, as `<name>.png` in E2E_SHOTS_DIR (nothing without it). */
export async function shoot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!SHOTS_DIR) return
  fs.mkdirSync(SHOTS_DIR, { recursive: true })
  const file = path.join(SHOTS_DIR, `${name}.png`)
  if ('goto' in target) await target.screenshot({ path: file, fullPage: options.fullPage ?? false })
  else await target.screenshot({ path: file })
}

/**
 * The page at 390 px (a phone, 844 high) and 1280 px (900 high) as `<name>-390.png` and `<name>-1280.png`:
 * the whole page, or the screen with `focus` centred (a field in a dialog), or only the element `of`.
 * The page's size is put back.
 */
export async function shootAtWidths(
  page: Page,
  name: string,
  options: { fullPage?: boolean; focus?: Locator; of?: Locator } = {},
): Promise<void> {
  if (!SHOTS_DIR) return
  const size = page.viewportSize()
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await options.focus?.evaluate((element) => element.scrollIntoView({ block: 'center' }))
    await shoot(options.of ?? page, `${name}-${width}`, { fullPage: options.fullPage ?? !options.focus })
  }
  if (size) await page.setViewportSize(size)
}
