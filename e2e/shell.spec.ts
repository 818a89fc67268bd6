import { expect, test, type Page } from './fixtures.ts'
import { DEMO_PASSWORD, main, navigateInApp, signIn } from './support.ts'

const TOP_BAR_LINKS: Array<[string, RegExp]> = [
  ['Trgovina', /\/store$/],
  ['Restoran', /\/restoran$/],
  ['Veleprodaja', /\/veleprodaja$/],
  ['O Nama', /\/about$/],
  ['Košarica', /\/cart$/],
  ['Prijava', /\/login$/],
  ['Početna', /\/$/],
]

function topBar(page: Page) {
  return page.getByRole('banner')
}

test('every top-bar link leads to its page, which scrolls to the top', async ({ page }) => {
  await page.goto('/')
  for (const [label, url] of TOP_BAR_LINKS) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await topBar(page).getByRole('link', { name: label, exact: true }).first().click()
    await expect(page).toHaveURL(url)
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  }
})

test('the mobile menu opens, lists the links and closes after navigation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  const toggle = topBar(page).getByRole('button', { name: /izbornik|meni/i })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(topBar(page).getByRole('link', { name: 'O Nama', exact: true })).toBeHidden()
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await topBar(page).getByRole('link', { name: 'O Nama', exact: true }).click()
  await expect(page).toHaveURL(/\/about$/)
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
})

test('a customer signs in and out; no admin link for them', async ({ page }) => {
  await signIn(page, 'kupac@demo.ba', DEMO_PASSWORD)
  await expect(page).toHaveURL(/\/account$/)
  await expect(topBar(page).getByRole('link', { name: /Moj Račun|Račun/ })).toBeVisible()
  await expect(topBar(page).getByRole('link', { name: 'Admin', exact: false })).toHaveCount(0)
  await topBar(page).getByRole('button', { name: 'Odjava' }).click()
  await expect(topBar(page).getByRole('link', { name: 'Prijava', exact: true })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('shop.token'))).toBeNull()
})

for (const [email, isShown] of [
  ['admin@demo.ba', true],
  ['menadzer@demo.ba', true],
  ['veleprodaja@demo.ba', false],
] as const) {
  test(`the admin link is ${isShown ? 'shown' : 'hidden'} for ${email}`, async ({ page }) => {
    await signIn(page, email, DEMO_PASSWORD)
    await expect(topBar(page).getByRole('link', { name: /Moj Račun|Račun/ })).toBeVisible()
    await expect(topBar(page).getByRole('link', { name: /admin/i })).toHaveCount(isShown ? 1 : 0)
  })
}

test('a wrong password shows the sign-in error and keeps the user signed out', async ({ page }) => {
  await signIn(page, 'kupac@demo.ba', 'wrong-password')
  await expect(page.getByText('Pogrešan email ili lozinka')).toBeVisible()
  await expect(page).toHaveURL(/\/login/)
})

test('a page that fails to load shows the error screen, and Refresh Page recovers', async ({ page }) => {
  await page.goto('/')
  // A deploy during a visit removes the old chunks: the next lazy page fails to load.
  await page.route('**/assets/**', (route) => route.abort())
  await page.getByRole('banner').getByRole('link', { name: 'O Nama', exact: true }).first().click()
  await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible()
  await page.unroute('**/assets/**')
  await page.getByRole('button', { name: 'Refresh Page' }).click()
  await expect(page).toHaveURL(/\/about$/)
  await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toHaveCount(0)
})

test('an unknown address shows the not-found page inside the shell, answered 404', async ({ page }) => {
  const response = await page.goto('/ovo-ne-postoji')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
})

test('the legal pages show their texts under every spelling of their address', async ({ page }) => {
  for (const [path, heading, fact] of [
    ['/TermsOfService', 'Uvjeti korištenja', 'Rok isporuke je od 2 do 7 radnih dana od potvrde narudžbe.'],
    ['/termsOfService', 'Uvjeti korištenja', 'Kupac mora imati najmanje 18 godina.'],
    ['/PrivacyPolicy', 'Pravila privatnosti', 'Na svaki zahtjev u vezi s podacima odgovaramo u roku od 30 dana.'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(page.getByText(fact)).toBeVisible()
    await expect(page).toHaveTitle(new RegExp(heading))
  }
})

test('the top bar store link, far down the store, resets the filters and shows the top', async ({ page }) => {
  await page.goto('/store')
  await page.getByLabel('Poredaj po').selectOption('name-desc')
  await expect(main(page).locator('.product-card').first()).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800)
  await page.getByRole('banner').getByRole('link', { name: 'Trgovina', exact: true }).click()
  await expect(page.getByLabel('Poredaj po')).toHaveValue('recommended')
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test('the top bar store link, back from a product of a filtered store, stays at the top', async ({ page, request }) => {
  const categories = (await (await request.get('/api/categories')).json()) as { id: string }[]
  await page.goto(`/store?category=${categories[0]!.id}`)
  const cards = main(page).locator('.product-card__link')
  await expect(cards.first()).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400)
  await cards.last().click()
  await expect(page).toHaveURL(/\/product\//)
  // Back in the store, the page returns to where the shopper was (customer-side.md §4).
  await page.goBack()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400)
  await page.getByRole('banner').getByRole('link', { name: 'Trgovina', exact: true }).click()
  // The whole store loads again, and the page stays at its top after the grid's scroll restore would have run.
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('shop.storeFilters') ?? ''))
    .toContain('"category":""')
  await expect(cards.first()).toBeVisible()
  await page.waitForTimeout(1000)
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
})

test('a fault in the page code shows the error screen with a plain message and logs the technical one', async ({
  page,
}) => {
  const logged: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text())
  })
  // A product whose fields are missing makes the product page's own code fail while it renders.
  await page.route(/\/api\/products\/[^/?]+$/, (route) =>
    route.fulfill({ status: 200, json: { data: { id: 'x', name: 'Pokvareni proizvod', price: null, size_stock: 7 } } }),
  )
  // In the app: a full load of a product that is not there arrives rendered by the server as not found.
  await navigateInApp(page, '/product/00000000-0000-4000-8000-000000000001')
  await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible()
  await expect(
    main(page).getByText(
      'Stranica je naišla na neočekivanu grešku. Osvježite stranicu; ako se greška ponovi, pokušajte kasnije ili nas kontaktirajte.',
    ),
  ).toBeVisible()
  await expect(main(page).getByText(/Cannot read|is not a function|undefined/)).toHaveCount(0)
  expect(logged.some((text) => text.includes('[error-screen]'))).toBe(true)
})
