import { expect, test, type Locator, type Page } from './fixtures.ts'
import type { Route } from '@playwright/test'
import {
  cartLine,
  createLampBeforeAll,
  DEMO_PASSWORD,
  fillCart,
  fillCheckoutAddress,
  main,
  uniqueEmail,
} from './support.ts'

// Keyboard use (docs/decisions.md 'Accessibility'): the whole guest checkout with the keyboard alone, a
// visible focus at every step, the focus back where it was when a dialog closes, and the mobile menu
// keeps Tab inside its panel.

test.describe.configure({ timeout: 120_000 })

/** The focused element shows a focus indicator: it matches :focus-visible and draws an outline or a ring. */
async function expectVisibleFocus(page: Page): Promise<string> {
  const focused = await page.evaluate(() => {
    const element = document.activeElement
    if (!(element instanceof HTMLElement) || element === document.body) return null
    const hasOutline = (style: CSSStyleDeclaration) =>
      style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
    const style = getComputedStyle(element)
    // The ring is on the element, or (a card whose link covers it, a chip around its radio) an
    // outline on a near ancestor drawn while it holds the focus (:has(:focus-visible)).
    let ancestor = element.parentElement
    let hasAncestorOutline = false
    for (let level = 0; level < 3 && ancestor && !hasAncestorOutline; level += 1) {
      hasAncestorOutline = hasOutline(getComputedStyle(ancestor))
      ancestor = ancestor.parentElement
    }
    return {
      what: `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
      isVisible:
        element.matches(':focus-visible') && (hasOutline(style) || style.boxShadow !== 'none' || hasAncestorOutline),
    }
  })
  expect(focused, 'the focus is on an element, not on the page').not.toBeNull()
  expect(focused?.isVisible, `no visible focus on ${focused?.what}`).toBe(true)
  return focused?.what ?? ''
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement)

/** Presses Tab (or Shift+Tab) until the target has the focus, checking the focus indicator at each stop. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}): Promise<void> {
  for (let step = 0; step < max; step += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    await expectVisibleFocus(page)
    if (await isFocused(target)) return
  }
  throw new Error(`${max} presses of Tab did not reach ${target.toString()}`)
}

test('a guest finds a product, picks its option and orders it with the keyboard alone', async ({ page, request }) => {
  // A product of our own with two options, so that no other test empties its stock.
  const login = await request.post('/api/auth/login', { data: { email: 'admin@demo.ba', password: DEMO_PASSWORD } })
  const { token } = (await login.json()) as { token: string }
  const categories = (await (await request.get('/api/categories')).json()) as { id: string }[]
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase()
  const name = `Tipkovnica rukavice ${suffix}`
  const created = await request.post('/api/products', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      categoryId: categories[0]?.id,
      customId: `E2E-KEY-${suffix}`,
      name,
      price: 20,
      stock: 0,
      has_sizes: true,
      sizes: ['S', 'M'],
      size_stock: [
        { size: 'S', stock: 5, infinite: false, price: 20 },
        { size: 'M', stock: 5, infinite: false, price: 22 },
      ],
    },
  })
  expect(created.status(), await created.text()).toBe(201)

  await page.goto('/store')
  const main = page.getByRole('main')
  // Search: type the name into the store's search box and wait for the one result.
  const search = main.getByRole('searchbox').first()
  await tabTo(page, search)
  await page.keyboard.type(suffix)
  const productLink = main.getByRole('link', { name })
  await expect(productLink).toBeVisible()
  await tabTo(page, productLink)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

  // The option: Tab to the first radio, the arrow key moves to M (and selects it), Space keeps it.
  const optionS = main.getByRole('radio', { name: /^S\b/ })
  const optionM = main.getByRole('radio', { name: /^M\b/ })
  await tabTo(page, optionS)
  await page.keyboard.press('Space')
  await expect(optionS).toBeChecked()
  await page.keyboard.press('ArrowRight')
  await expect(optionM).toBeChecked()
  await expectVisibleFocus(page)
  const add = main.getByRole('button', { name: 'Dodaj u košaricu' })
  await tabTo(page, add)
  await page.keyboard.press('Enter')
  await expect(page.locator('.cart-link__badge')).toHaveText('1')
  // Adding opens the cart (customer-side.md §4); its page file loads first, and the product page,
  // with the focus in it, stays until then. Tabbing on before the cart is there would race the swap.
  await expect(page).toHaveURL(/\/cart$/)
  await expect(main.getByRole('heading', { level: 1, name: 'Košarica' })).toBeVisible()
  await expect(main).toBeFocused()

  // The top bar's cart link is reachable backwards from the cart's content.
  const cartLink = page.getByRole('banner').getByRole('link', { name: /Košarica/ })
  await tabTo(page, cartLink, { backwards: true, max: 120 })
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/cart$/)
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible()

  const proceed = main.getByRole('button', { name: 'Nastavite' })
  await tabTo(page, proceed)
  await page.keyboard.press('Enter')
  const form = page.locator('#checkout-form')
  await expect(form).toBeVisible()

  // The form, field by field; the canton is a native select, chosen with the arrow keys.
  const fields: [string, string][] = [
    ['Ime i prezime', 'Ana Tipković'],
    ['Broj telefona', '063 123 456'],
    ['Email', `tipkovnica-${suffix.toLowerCase()}@test.example`],
    ['Adresa', 'Glavna 1'],
    ['Grad', 'Grude'],
    ['Poštanski broj', '88340'],
  ]
  for (const [label, value] of fields) {
    const field = form.getByLabel(label, { exact: true })
    // The form takes the focus to its first field when it opens; the rest follow with Tab.
    if (!(await isFocused(field))) await tabTo(page, field)
    await expectVisibleFocus(page)
    await page.keyboard.type(value)
  }
  const canton = form.getByLabel('Kanton/Entitet')
  await tabTo(page, canton)
  await page.keyboard.press('ArrowDown')
  await expect(canton).not.toHaveValue('')

  const placeOrder = page.getByRole('button', { name: 'Naručite' })
  // The canton asks for a new price; the button keeps the focus while that check runs and takes the press after it.
  await tabTo(page, placeOrder)
  await expect(placeOrder).not.toHaveAttribute('aria-busy')
  await expectVisibleFocus(page)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/order-confirmation\//, { timeout: 20_000 })
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

const lamp = createLampBeforeAll()

test("'Naručite' keeps the keyboard's focus while a new canton's prices are checked, and takes Enter after", async ({
  page,
}) => {
  await fillCart(page, [cartLine(lamp, '6500K', 1)])
  await page.goto('/cart')
  await main(page).getByRole('button', { name: 'Nastavite' }).click()
  const form = page.locator('#checkout-form')
  await fillCheckoutAddress(form, uniqueEmail('busy-button'))
  const placeOrder = page.getByRole('button', { name: 'Naručite' })
  await expect(placeOrder).not.toHaveAttribute('aria-busy')
  await placeOrder.focus()
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Tab')
  await expect(placeOrder).toBeFocused()

  // Another canton: its check is held, the button shows it is busy and keeps the focus.
  const held: Array<() => void> = []
  await page.route('**/api/cart/quote', async (route: Route) => {
    const response = await route.fetch()
    await new Promise<void>((release) => held.push(release))
    await route.fulfill({ response })
  })
  await form.getByLabel('Kanton/Entitet').selectOption('Kanton Sarajevo')
  await placeOrder.focus()
  await expect.poll(() => held.length).toBe(1)
  await expect(placeOrder).toHaveAttribute('aria-busy', 'true')
  await expect(placeOrder).toBeDisabled()
  await expect(placeOrder).toBeFocused()
  await expectVisibleFocus(page)
  // Enter during the check sends nothing.
  const orderPosts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/orders') orderPosts.push(request.url())
  })
  await page.keyboard.press('Enter')
  await page.waitForTimeout(300)
  expect(orderPosts).toHaveLength(0)
  held.shift()?.()
  await expect(placeOrder).not.toHaveAttribute('aria-busy')
  await expect(placeOrder).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/order-confirmation\//, { timeout: 20_000 })
})

test('dialogs give the focus back to what opened them: contact modal and staff product dialog', async ({
  page,
  request,
}) => {
  const products = (await (await request.get('/api/products')).json()) as { id: string }[]
  await page.goto(`/product/${products[0]?.id}`)
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  const contact = page.getByRole('main').getByRole('button', { name: 'Kontaktirajte nas' }).first()
  await tabTo(page, contact, { max: 120 })
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog')).toBeVisible()
  await expectVisibleFocus(page)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(contact).toBeFocused()
  await expectVisibleFocus(page)

  // Staff: the product dialog is taken out of the page when it closes; the focus must not fall to the body.
  const login = await request.post('/api/auth/login', { data: { email: 'admin@demo.ba', password: DEMO_PASSWORD } })
  const session = (await login.json()) as { token: string; user: unknown }
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('shop.token', token)
    localStorage.setItem('shop.user', JSON.stringify(user))
  }, session)
  await page.goto('/admin/products')
  // The list is in place before the first Tab (a list that arrives later would take the focus with it).
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  const add = page.getByRole('main').getByRole('button', { name: 'Dodaj proizvod', exact: true })
  await tabTo(page, add, { max: 120 })
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Novi proizvod' })
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(add).toBeFocused()
  await expectVisibleFocus(page)

  // Closing with the dialog's own Cancel button (a click) returns the focus too.
  await add.press('Enter')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Odustani' }).press('Enter')
  await expect(dialog).toBeHidden()
  await expect(add).toBeFocused()
})

test('the mobile menu, opened with Enter, keeps Tab inside its panel; Escape closes it and returns the focus', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  const button = page.getByRole('button', { name: 'Izbornik' })
  await tabTo(page, button)
  await page.keyboard.press('Enter')
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  const panel = page.getByRole('navigation', { name: 'Glavna navigacija' })
  const links = panel.getByRole('link')
  const count = await links.count()
  expect(count).toBeGreaterThan(3)

  // Forward through every link of the panel, then round to the button: never the page behind it.
  for (let step = 0; step < count; step += 1) {
    await page.keyboard.press('Tab')
    await expectVisibleFocus(page)
    await expect(links.nth(step)).toBeFocused()
  }
  await page.keyboard.press('Tab')
  await expect(button).toBeFocused()
  // Backwards from the button: the panel's last link.
  await page.keyboard.press('Shift+Tab')
  await expect(links.nth(count - 1)).toBeFocused()

  await page.keyboard.press('Escape')
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  await expect(button).toBeFocused()
  await expect(panel.getByRole('link').first()).toBeHidden()
})
