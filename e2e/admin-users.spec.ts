import { expect, test, type APIRequestContext, type Browser, type Page } from './fixtures.ts'
import {
  authorizationOf,
  DEMO_PASSWORD,
  failNextEmpty,
  linkIn,
  listProductsAs,
  registerThroughApi,
  shoot,
  signIn,
  signInAndWait,
  signInThroughApi,
  submitSignInForm,
  uniqueEmail,
  waitForMail,
} from './support.ts'

// Users admin (staff-and-content.md §2 Users admin, §4 User roles, §5 Password change by admin and
// Profile edited by an admin, §8 Users and profile; disable and enable in docs/decisions.md 'Users admin'). Every account this
// spec changes is its own fresh customer: a role change or a disable signs the account out, which
// would end the sessions of other specs that sign in as the demo customer at the same time.

const PASSWORD = 'Kupac2026!'
const VERIFY_SUBJECT = /Potvrdite svoju e-poštu/

/** A verified customer of this spec: registered through the API and confirmed through the mailed link. */
async function freshCustomer(request: APIRequestContext, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix)
  await registerThroughApi(request, email, PASSWORD, { full_name: 'Amra Kupac' })
  const token = linkIn(await waitForMail(email, VERIFY_SUBJECT), '/verify-email/').split('/verify-email/')[1] ?? ''
  expect((await request.post(`/api/auth/verify-email/${token}`)).status()).toBe(200)
  return email
}

async function openUsersAsAdmin(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await signInAndWait(page, 'admin@demo.ba', DEMO_PASSWORD)
  await page.goto('/admin/users')
  await expect(page.getByRole('heading', { level: 1, name: 'Korisnici' })).toBeVisible()
  return page
}

/** Searches the list by e-mail and answers that user's row. */
async function findRow(page: Page, email: string) {
  await page.getByLabel('Pretraži po e-mailu').fill(email)
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(escape(email)) }) })
  await expect(row).toHaveCount(1)
  await expect(page.getByRole('row')).toHaveCount(2)
  return row
}

/** A new verified customer, and the admin's users list open on that customer's row. */
async function freshCustomerRow(browser: Browser, request: APIRequestContext, prefix: string) {
  const email = await freshCustomer(request, prefix)
  const admin = await openUsersAsAdmin(browser)
  return { email, admin, row: await findRow(admin, email) }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

test('an admin grants the wholesale role; after signing in again the customer sees the wholesale price', async ({
  browser,
  page,
  request,
}) => {
  const email = await freshCustomer(request, 'vp-kupac')
  const wholesaleSession = await signInThroughApi(request, 'veleprodaja@demo.ba')
  const products = await listProductsAs<{ id: string; wholesale_price?: number | null }>(request, wholesaleSession)
  const product = products.find((candidate) => (candidate.wholesale_price ?? 0) > 0)
  if (!product) throw new Error('The demo shop has no product with a wholesale price')

  await signInAndWait(page, email, PASSWORD)
  await page.goto(`/product/${product.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('Veleprodajna cijena')).toHaveCount(0)

  const admin = await openUsersAsAdmin(browser)
  const row = await findRow(admin, email)
  await expect(row.getByText('Amra Kupac')).toBeVisible()
  const wholesale = row.getByRole('button', { name: 'Veleprodaja' })
  await expect(wholesale).toHaveAttribute('aria-pressed', 'false')
  await wholesale.click()
  await expect(wholesale).toHaveAttribute('aria-pressed', 'true')
  await expect(admin.getByText(`Uloga Veleprodaja dodana korisniku ${email}.`)).toBeVisible()
  // The list as the server has it now.
  await admin.reload()
  await expect((await findRow(admin, email)).getByRole('button', { name: 'Veleprodaja' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )

  // The role change signed the customer out; signing in again brings the wholesale price.
  await page.reload()
  await signInAndWait(page, email, PASSWORD)
  await page.goto(`/product/${product.id}`)
  await expect(page.getByText('Veleprodajna cijena (VP)')).toBeVisible()
})

test('an admin disables an account: its sign-in is refused until it is enabled again', async ({
  browser,
  page,
  request,
}) => {
  const { email, admin, row } = await freshCustomerRow(browser, request, 'blokiran')
  await expect(row.getByText('Aktivan', { exact: true })).toBeVisible()
  await row.getByRole('button', { name: `Deaktiviraj: ${email}` }).click()
  const question = admin.getByRole('dialog', { name: 'Deaktivirati račun?' })
  await expect(question).toContainText(email)
  await question.getByRole('button', { name: 'Deaktiviraj' }).click()
  await expect(row.getByText('Deaktiviran', { exact: true })).toBeVisible()
  await expect(row.getByRole('button', { name: `Aktiviraj: ${email}` })).toBeVisible()

  await signIn(page, email, PASSWORD)
  await expect(page.getByText('Vaš račun je deaktiviran. Molimo kontaktirajte podršku.')).toBeVisible()
  await expect(page).toHaveURL(/\/login/)

  await row.getByRole('button', { name: `Aktiviraj: ${email}` }).click()
  await admin.getByRole('dialog', { name: 'Aktivirati račun?' }).getByRole('button', { name: 'Aktiviraj' }).click()
  await expect(row.getByText('Aktivan', { exact: true })).toBeVisible()
  await signInAndWait(page, email, PASSWORD)

  // The admin's own account cannot be disabled, nor lose its admin role, from this page.
  const self = await findRow(admin, 'admin@demo.ba')
  await expect(self.getByRole('button', { name: 'Deaktiviraj: admin@demo.ba' })).toBeDisabled()
  await expect(self.getByRole('button', { name: 'Administrator' })).toBeDisabled()
})

test('setting a password: the form rules, the failure text, and the new password signs in', async ({
  browser,
  request,
}) => {
  const { email, admin, row } = await freshCustomerRow(browser, request, 'lozinka')
  await row.getByRole('button', { name: `Postavi lozinku: ${email}` }).click()
  const dialog = admin.getByRole('dialog', { name: `Nova lozinka: ${email}` })
  const password = dialog.getByLabel('Nova lozinka', { exact: true })
  const confirmation = dialog.getByLabel('Potvrdite lozinku')
  const save = dialog.getByRole('button', { name: 'Spremi' })

  await save.click()
  await expect(dialog.getByText('Password is required')).toBeVisible()
  await password.fill('kratka')
  await save.click()
  await expect(dialog.getByText('Password must be at least 8 characters long')).toBeVisible()
  await password.fill('NovaLozinka2026')
  await confirmation.fill('NovaLozinka2025')
  await save.click()
  await expect(dialog.getByText('Passwords do not match')).toBeVisible()

  await confirmation.fill('NovaLozinka2026')
  await admin.route('**/api/users/*/password', (route) => route.fulfill({ status: 500, body: '' }), { times: 1 })
  await save.click()
  await expect(dialog.getByText('Ažuriranje lozinke nije uspjelo. Molimo pokušajte ponovno.')).toBeVisible()
  await save.click()
  await expect(dialog).toBeHidden()
  await expect(admin.getByText('Lozinka je postavljena. Korisnik je odjavljen sa svih uređaja.')).toBeVisible()

  expect((await request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(401)
  expect((await request.post('/api/auth/login', { data: { email, password: 'NovaLozinka2026' } })).status()).toBe(200)
})

test('editing a profile and the failure texts of the page', async ({ browser, request }) => {
  const { email, admin, row } = await freshCustomerRow(browser, request, 'profil')

  await row.getByRole('button', { name: `Uredi profil: ${email}` }).click()
  const dialog = admin.getByRole('dialog', { name: `Profil: ${email}` })
  await dialog.getByLabel('Telefon').fill('12ab')
  await dialog.getByLabel('Poštanski broj').fill('881')
  const young = new Date()
  young.setFullYear(young.getFullYear() - 17)
  await dialog.getByLabel('Datum rođenja').fill(young.toISOString().slice(0, 10))
  await dialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(dialog.getByText('Molimo unesite ispravan telefonski broj')).toBeVisible()
  await expect(dialog.getByText('Molimo unesite ispravan poštanski broj od 5 znamenki')).toBeVisible()
  await expect(dialog.getByText('Korisnik mora imati najmanje 18 godina')).toBeVisible()

  await dialog.getByLabel('Telefon').fill('+387 63 123-456')
  await dialog.getByLabel('Poštanski broj').fill('88340')
  await dialog.getByLabel('Datum rođenja').fill('1985-03-09')
  await dialog.getByLabel('Ime i prezime').fill('Amra Kupac-Novak')
  await admin.route('**/api/profile/*', (route) => route.fulfill({ status: 400, json: { message: 'Nešto drugo' } }), {
    times: 1,
  })
  await dialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(dialog.getByText('Ažuriranje profila nije uspjelo. Molimo pokušajte ponovno.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(dialog).toBeHidden()
  await expect(row.getByText('Amra Kupac-Novak')).toBeVisible()

  // A refused role change shows the server's words, or the fallback when it has none.
  await admin.route('**/api/users/*/roles/**', (route) => route.fulfill({ status: 500, body: '' }), { times: 1 })
  await row.getByRole('button', { name: 'Voditelj trgovine' }).click()
  await admin
    .getByRole('dialog', { name: 'Dodijeliti ulogu Voditelj trgovine?' })
    .getByRole('button', { name: 'Dodijeli ulogu' })
    .click()
  await expect(admin.getByRole('alert').filter({ hasText: 'Failed to add role' })).toBeVisible()
  await expect(row.getByRole('button', { name: 'Voditelj trgovine' })).toHaveAttribute('aria-pressed', 'false')

  // Load and search failures.
  await failNextEmpty(admin, '/api/users/search')
  await admin.getByLabel('Pretraži po e-mailu').fill('nitko-')
  await expect(admin.getByText('Failed to search users. Please try again.')).toBeVisible()
  await failNextEmpty(admin, '/api/users')
  await admin.getByLabel('Pretraži po e-mailu').fill('')
  await expect(admin.getByText('Failed to load users. Please try again.')).toBeVisible()
  await admin.getByRole('button', { name: 'Try Again' }).click()
  await expect(admin.getByRole('row').nth(1)).toBeVisible()
})

test('a missing current user reads the sign-in text and goes to /login', async ({ page }) => {
  await signInAndWait(page, 'admin@demo.ba', DEMO_PASSWORD)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // The session ends on the server while the staff area is open; the users page finds nobody.
  await page.route('**/api/auth/me', (route) =>
    route.fulfill({
      status: 401,
      json: { message: 'Authentication required. Please log in again.', code: 'UNAUTHORIZED' },
    }),
  )
  await page
    .getByRole('main')
    .getByRole('link', { name: /Korisnici/ })
    .first()
    .click()
  await expect(page.getByText('Authentication required. Please log in again.')).toBeVisible()
  await expect(page).toHaveURL(/\/login/)
})

test('granting a staff role asks first and says the sessions end; the user is told why on her next request', async ({
  browser,
  page,
  request,
}) => {
  const email = await freshCustomer(request, 'voditelj')
  await signInAndWait(page, email, PASSWORD)
  await page.goto('/orders')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  const admin = await openUsersAsAdmin(browser)
  const row = await findRow(admin, email)
  const manager = row.getByRole('button', { name: 'Voditelj trgovine' })
  // Granting a staff role asks first; saying no changes nothing.
  await manager.click()
  const question = admin.getByRole('dialog', { name: 'Dodijeliti ulogu Voditelj trgovine?' })
  await expect(question).toContainText(email)
  await expect(question).toContainText('sesije završavaju')
  await question.getByRole('button', { name: 'Odustani' }).click()
  await expect(manager).toHaveAttribute('aria-pressed', 'false')
  await manager.click()
  await question.getByRole('button', { name: 'Dodijeli ulogu' }).click()
  await expect(manager).toHaveAttribute('aria-pressed', 'true')
  await expect(
    admin.getByRole('status').filter({ hasText: `Uloga Voditelj trgovine dodana korisniku ${email}.` }),
  ).toContainText('Njegove sesije su završene')
  await shoot(admin, 'users-role-granted-1280')
  // Wholesale is no staff power: it is granted at once.
  await row.getByRole('button', { name: 'Veleprodaja' }).click()
  await expect(row.getByRole('button', { name: 'Veleprodaja' })).toHaveAttribute('aria-pressed', 'true')

  // Her next request: the sign-in page says why, and signing in brings her back.
  await page.reload()
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Forders$/)
  await expect(page.getByText('Vaše ovlasti su promijenjene, prijavite se ponovno.')).toBeVisible()
  await shoot(page, 'login-roles-changed-1280')
  await submitSignInForm(page, email, PASSWORD)
  await expect(page).toHaveURL(/\/orders$/)
  await admin.close()
})

test('an admin whose session has ended opens a staff page: she is asked to sign in again and brought back', async ({
  page,
  request,
}) => {
  const email = await freshCustomer(request, 'admin-istekao')
  const admin = await authorizationOf(request, 'admin@demo.ba')
  const found = (await (
    await request.get('/api/users/search', { params: { query: email }, headers: admin })
  ).json()) as {
    users: { id: string }[]
  }
  const id = found.users[0]?.id ?? ''
  expect((await request.post(`/api/users/${id}/roles/admin/add`, { headers: admin })).status()).toBe(200)
  await signInAndWait(page, email, PASSWORD)
  for (const path of ['/admin/users', '/admin/logs', '/admin/sales', '/admin/statistics']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  }
  // The session ends on the server (signed out on another device: every token of the account ends).
  const other = await signInThroughApi(request, email, PASSWORD)
  expect(
    (await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${other.token}` } })).status(),
  ).toBe(200)

  await page.goto('/admin/users')
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fadmin%2Fusers$/)
  await expect(page.getByText('Authentication required. Please log in again.')).toBeVisible()
  await submitSignInForm(page, email, PASSWORD)
  await expect(page).toHaveURL(/\/admin\/users$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Korisnici' })).toBeVisible()
})

test('the users page on a desktop and on a phone, with the profile dialog', async ({ page }) => {
  await signInAndWait(page, 'admin@demo.ba', DEMO_PASSWORD)
  await page.goto('/admin/users')
  await expect(page.locator('tbody tr').first()).toBeVisible()
  await shoot(page, 'users-1280', { fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(page.locator('tbody tr').first()).toBeVisible()
  await shoot(page, 'users-390', { fullPage: true })
  await page.getByLabel('Pretraži po e-mailu').fill('kupac@demo.ba')
  await page.getByRole('button', { name: 'Uredi profil: kupac@demo.ba' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await shoot(page, 'users-390-profile')
})
