import { expect, test, type APIRequestContext } from './fixtures.ts'
import { createLampWithOptions, DEMO_PASSWORD, shoot, signInAndWait, uniqueEmail } from './support.ts'

// System logs (/admin/logs, admin only; DECISIONS: the audit log as a page). The admin makes staff
// changes of their own (a brand created, renamed and deleted) and someone fails to sign in with
// another e-mail; the logs page lists them, the filters narrow the list, and a row opens its details
// with the readable diff. Only this spec's rows are looked for; others may write meanwhile.

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } })
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { token: string }).token
}

const today = () => new Date().toISOString().slice(0, 10)
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)

test('the logs page lists staff changes and failed sign-ins, filters them and shows a diff', async ({
  page,
  request,
}) => {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const admin = { authorization: `Bearer ${await tokenOf(request, 'admin@demo.ba')}` }
  const oldName = `Brend ${suffix}`
  const newName = `Brend ${suffix} novi`
  const created = await request.post('/api/brands', { headers: admin, data: { name: oldName } })
  expect(created.status(), await created.text()).toBe(201)
  const brand = (await created.json()) as { id: string }
  const renamed = await request.patch(`/api/brands/${brand.id}`, {
    headers: admin,
    data: { name: newName, version: 1 },
  })
  expect(renamed.status(), await renamed.text()).toBe(200)
  const removed = await request.delete(`/api/brands/${brand.id}`, { headers: admin })
  expect(removed.status(), await removed.text()).toBe(200)

  const stranger = uniqueEmail('pogresna-prijava')
  const refused = await request.post('/api/auth/login', { data: { email: stranger, password: 'Pogresno123!' } })
  expect(refused.status()).toBe(401)

  await signInAndWait(page, 'admin@demo.ba')
  // A failed load shows the page's failure text; 'Try Again' loads the list.
  await page.route(
    (url) => url.pathname === '/api/logs',
    (route) => route.fulfill({ status: 500, json: {} }),
    { times: 1 },
  )
  await page.goto('/admin/logs')
  await expect(page.getByRole('heading', { level: 1, name: 'Sistemski zapisi' })).toBeVisible()
  await expect(page.getByText('Učitavanje zapisa nije uspjelo. Molimo pokušajte ponovno.')).toBeVisible()
  await page.getByRole('button', { name: 'Try Again' }).click()
  const table = page.locator('.admin-logs__table')
  const rowsWith = (text: string | RegExp) => table.locator('tbody tr').filter({ hasText: text })

  // Newest first: the refused sign-in (last written) comes before the brand's rows.
  await expect(rowsWith(stranger)).toHaveCount(1)
  await expect(rowsWith(stranger)).toContainText('Neuspjela prijava')
  await expect(rowsWith(stranger)).toContainText('nepoznata e-mail adresa')
  await expect(rowsWith(suffix)).toHaveCount(3)
  const order = await table.locator('tbody tr').allInnerTexts()
  const strangerAt = order.findIndex((row) => row.includes(stranger))
  const deleteAt = order.findIndex((row) => row.includes(suffix) && row.includes('Brisanje'))
  const createAt = order.findIndex((row) => row.includes(suffix) && row.includes('Dodavanje'))
  expect(strangerAt).toBeLessThan(deleteAt)
  expect(deleteAt).toBeLessThan(createAt)
  await shoot(page, 'logs-list-1280', { fullPage: true })

  // The user filter: the e-mail a refused sign-in tried.
  await page.getByLabel('Korisnik (e-mail)').fill(stranger.toUpperCase())
  await expect(table.locator('tbody tr')).toHaveCount(1)
  await expect(rowsWith(stranger)).toHaveCount(1)
  await page.getByRole('button', { name: 'Očisti filtere' }).click()
  await expect(page.getByLabel('Korisnik (e-mail)')).toHaveValue('')

  // Action and entity: the brand's rename only among this spec's rows.
  await page.getByLabel('Radnja').selectOption({ label: 'Izmjena' })
  await page.getByLabel('Objekt', { exact: true }).selectOption({ label: 'Brend' })
  await expect(rowsWith(suffix)).toHaveCount(1)
  for (const row of await table.locator('tbody tr').all()) {
    await expect(row).toContainText('Izmjena')
    await expect(row).toContainText('Brend')
  }
  await page.getByLabel('Korisnik (e-mail)').fill('admin@demo.ba')
  await expect(rowsWith(suffix)).toHaveCount(1)

  // The date range in UTC days: today keeps the row, from tomorrow on there is nothing.
  await page.getByLabel('Od datuma').fill(today())
  await page.getByLabel('Do datuma').fill(today())
  await expect(rowsWith(suffix)).toHaveCount(1)
  await page.getByLabel('Od datuma').fill(tomorrow())
  await page.getByLabel('Do datuma').fill(tomorrow())
  await expect(page.getByText('Nema zapisa za odabrane filtere.')).toBeVisible()
  // A reversed range is refused in the form.
  await page.getByLabel('Od datuma').fill(tomorrow())
  await page.getByLabel('Do datuma').fill(today())
  await expect(page.getByText('Datum "od" ne smije biti nakon datuma "do".')).toBeVisible()
  await page.getByLabel('Od datuma').fill(today())
  await expect(rowsWith(suffix)).toHaveCount(1)

  // The row opens its details with the readable diff (after one failed load and 'Pokušaj ponovno').
  await page.route(
    (url) => /^\/api\/logs\/\d+$/.test(url.pathname),
    (route) => route.fulfill({ status: 500, json: {} }),
    { times: 1 },
  )
  await rowsWith(suffix)
    .getByRole('button', { name: /Detalji zapisa/ })
    .click()
  const dialog = page.getByRole('dialog', { name: /Zapis #\d+/ })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText('Učitavanje detalja zapisa nije uspjelo. Molimo pokušajte ponovno.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Pokušaj ponovno' }).click()
  await expect(dialog).toContainText('admin@demo.ba')
  await expect(dialog).toContainText('Izmjena')
  const nameRow = dialog.locator('tbody tr').filter({ has: page.locator('code', { hasText: /^name$/ }) })
  await expect(nameRow.locator('td').nth(0)).toHaveText(oldName)
  await expect(nameRow.locator('td').nth(1)).toHaveText(newName)
  await shoot(page, 'logs-details-1280', { fullPage: true })
  await dialog.getByRole('button', { name: 'Zatvori' }).first().click()
  await expect(dialog).toBeHidden()

  // A phone: the rows become cards; the details still open.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: 'Očisti filtere' }).click()
  await expect(rowsWith(stranger)).toHaveCount(1)
  await shoot(page, 'logs-list-390', { fullPage: true })
  await page.locator('.admin-logs__filters').scrollIntoViewIfNeeded()
  await shoot(page, 'logs-list-390-screen')
  await rowsWith(stranger).scrollIntoViewIfNeeded()
  await shoot(page, 'logs-rows-390-screen')
  await rowsWith(stranger)
    .getByRole('button', { name: /Detalji zapisa/ })
    .click()
  await expect(dialog).toContainText('Neuspjela prijava')
  await expect(dialog.locator('tbody tr').filter({ hasText: stranger })).toHaveCount(1)
  await shoot(page, 'logs-details-390')
})

test("more than a page of rows loads with 'Učitaj još', newest first, none twice", async ({ page, request }) => {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const admin = { authorization: `Bearer ${await tokenOf(request, 'admin@demo.ba')}` }
  // 26 brands made and deleted: 52 rows of this spec, more than the page of 50.
  for (let index = 0; index < 26; index += 1) {
    const created = await request.post('/api/brands', { headers: admin, data: { name: `Stranica ${suffix} ${index}` } })
    expect(created.status()).toBe(201)
    const { id } = (await created.json()) as { id: string }
    expect((await request.delete(`/api/brands/${id}`, { headers: admin })).status()).toBe(200)
  }
  await signInAndWait(page, 'admin@demo.ba')
  await page.goto('/admin/logs')
  await page.getByLabel('Objekt', { exact: true }).selectOption({ label: 'Brend' })
  const rows = page.locator('.admin-logs__table tbody tr')
  await expect(rows).toHaveCount(50)
  await expect(page.getByText('Prikazano: 50')).toBeVisible()
  await page.getByRole('button', { name: 'Učitaj još' }).click()
  await expect(page.getByText(/Prikazano: \d+ · Nema starijih zapisa\./)).toBeVisible()
  const texts = await rows.allInnerTexts()
  expect(texts.filter((text) => text.includes(suffix))).toHaveLength(52)
  expect(new Set(texts).size).toBe(texts.length)
  // The first brand made is on the second page, after the last one deleted: newest first.
  const first = texts.findIndex((text) => text.includes(`Stranica ${suffix} 0`) && text.includes('Dodavanje'))
  const last = texts.findIndex((text) => text.includes(`Stranica ${suffix} 25`) && text.includes('Brisanje'))
  expect(last).toBeLessThan(first)
  expect(first).toBeGreaterThanOrEqual(50)
  await expect(page.getByRole('button', { name: 'Učitaj još' })).toHaveCount(0)
})

test("the logs page and its calls are the admin's alone", async ({ page, request }) => {
  const manager = { authorization: `Bearer ${await tokenOf(request, 'menadzer@demo.ba')}` }
  expect((await request.get('/api/logs', { headers: manager })).status()).toBe(403)
  expect((await request.get('/api/logs')).status()).toBe(401)
  await signInAndWait(page, 'menadzer@demo.ba')
  await page.goto('/admin/logs')
  await expect(page).toHaveURL(/\/$/)
})

test('entries read as Bosnian sentences, and the user filter takes the start of an e-mail', async ({
  page,
  request,
}) => {
  const admin = { authorization: `Bearer ${await tokenOf(request, 'admin@demo.ba')}` }
  const customer = uniqueEmail('recenica')
  const registered = await request.post('/api/auth/register', {
    data: { email: customer, password: 'Kupac2026!', full_name: 'Test Kupac', date_of_birth: '1990-05-12' },
  })
  expect(registered.status(), await registered.text()).toBe(201)
  const found = (await (
    await request.get('/api/users/search', { params: { query: customer }, headers: admin })
  ).json()) as {
    users: { id: string }[]
  }
  const granted = await request.post(`/api/users/${found.users[0]?.id ?? ''}/roles/wholesale/add`, { headers: admin })
  expect(granted.status(), await granted.text()).toBe(200)

  await signInAndWait(page, 'admin@demo.ba')
  await page.goto('/admin/logs')
  const table = page.locator('.admin-logs__table')
  // The start of the admin's address, in any case.
  await page.getByLabel('Korisnik (e-mail)').fill('ADMIN@dem')
  await expect(table.getByText(`admin@demo.ba je kupcu ${customer} dodao ulogu Veleprodaja.`)).toBeVisible()
  await expect(table.getByRole('columnheader', { name: 'Zapis' })).toBeVisible()
  await shoot(page, 'logs-sentences-1280', { fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(table.getByText(`admin@demo.ba je kupcu ${customer} dodao ulogu Veleprodaja.`)).toBeVisible()
  await shoot(page, 'logs-sentences-390', { fullPage: true })
})

test('a long diff that arrives after its dialog opened can be scrolled from the keyboard', async ({
  page,
  request,
}) => {
  // A product with options: its creation's diff is taller than a phone's dialog.
  const lamp = await createLampWithOptions(request)
  await page.setViewportSize({ width: 390, height: 844 })
  await signInAndWait(page, 'admin@demo.ba')
  await page.goto('/admin/logs')
  const row = page.locator('.admin-logs__table tbody tr').filter({ hasText: lamp.name })
  await expect(row).toHaveCount(1)
  // The details answer comes late: the dialog opens with its loading text, then the diff replaces it.
  await page.route(
    (url) => /^\/api\/logs\/\d+$/.test(url.pathname),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400))
      await route.continue()
    },
    { times: 1 },
  )
  await row.getByRole('button', { name: /Detalji zapisa/ }).click()
  const dialog = page.getByRole('dialog', { name: /Zapis #\d+/ })
  await expect(dialog.locator('tbody tr').first()).toBeVisible()
  const body = dialog.locator('.ui-dialog__body')
  expect(await body.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true)
  // WCAG 2.1.1: with no control inside, the body itself takes the focus and scrolls with the keys.
  await expect(body).toHaveAttribute('tabindex', '0')
  await body.focus()
  await page.keyboard.press('End')
  await expect.poll(() => body.evaluate((element) => element.scrollTop)).toBeGreaterThan(0)
})
