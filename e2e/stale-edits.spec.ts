import { expect, test, type Browser, type Page } from './fixtures.ts'
import { authorizationOf, createProduct, signInAndWait, uniqueSuffix } from './support.ts'

// docs/decisions.md ('Edits that never overwrite each other'), 'Edits that never overwrite each other': two staff open the same record; the
// one who saves second is refused with who changed it and when, reloads, and still has what they typed.

async function staffPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await signInAndWait(page, email)
  return page
}

/**
 * The admin first, then the manager, each signed in in a browser context of their own, with the edit dialog of
 * `name` open on its list page (found through the page's search field).
 */
async function openByTwoStaff(
  browser: Browser,
  name: string,
  list: { path: string; search: string; dialog: string },
): Promise<[Page, Page]> {
  const editors: [Page, Page] = [
    await staffPage(browser, 'admin@demo.ba'),
    await staffPage(browser, 'menadzer@demo.ba'),
  ]
  for (const page of editors) {
    await page.goto(list.path)
    await page.getByLabel(list.search).fill(name)
    await page.getByRole('button', { name: `Uredi: ${name}` }).click()
    await expect(page.getByRole('dialog', { name: list.dialog })).toBeVisible()
  }
  return editors
}

function toast(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text })
}

test('two staff edit one product: the second save is refused, names the first editor and keeps its draft', async ({
  browser,
  request,
}) => {
  const suffix = uniqueSuffix()
  const name = `Čekić verzija ${suffix}`
  const admin = await authorizationOf(request, 'admin@demo.ba')
  const product = await createProduct(request, admin, { customId: `VER-${suffix}`, name, price: 50, stock: 5 })

  const [first, second] = await openByTwoStaff(browser, name, {
    path: '/admin/products',
    search: 'Pretraži proizvode',
    dialog: 'Uredi proizvod',
  })

  // The admin raises the price 50 -> 55 and saves.
  const firstDialog = first.getByRole('dialog', { name: 'Uredi proizvod' })
  await firstDialog.getByLabel('Cijena (KM)', { exact: true }).fill('55')
  await firstDialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(toast(first, 'Proizvod je spremljen.')).toBeVisible()

  // The manager, who opened the form earlier, renames it: refused, naming the admin.
  const secondDialog = second.getByRole('dialog', { name: 'Uredi proizvod' })
  await secondDialog.getByLabel('Naziv proizvoda', { exact: true }).fill(`${name} novi`)
  await secondDialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(secondDialog.getByRole('alert')).toContainText(
    /Ovaj zapis je u međuvremenu promijenio admin@demo\.ba \(\d{2}\.\d{2}\.\d{4}\. u \d{2}:\d{2}\)\. Vaše izmjene nisu spremljene/,
  )
  await expect(secondDialog.getByLabel('Cijena (KM)', { exact: true })).toHaveValue('50')

  // 'Učitaj najnovije': the admin's price comes in, the manager's typed name stays.
  await secondDialog.getByRole('button', { name: 'Učitaj najnovije' }).click()
  await expect(secondDialog.getByText('Učitana je najnovija verzija.', { exact: false })).toBeVisible()
  await expect(secondDialog.getByLabel('Cijena (KM)', { exact: true })).toHaveValue('55')
  await expect(secondDialog.getByLabel('Naziv proizvoda', { exact: true })).toHaveValue(`${name} novi`)
  await secondDialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(toast(second, 'Proizvod je spremljen.')).toBeVisible()

  // Both changes are kept: nobody overwrote anybody.
  const saved = (await (await request.get(`/api/admin/products/${product.id}`, { headers: admin })).json()) as {
    name: string
    price: number
    version: number
  }
  expect(saved).toMatchObject({ name: `${name} novi`, price: 55, version: 3 })
  expect((await request.delete(`/api/products/${product.id}`, { headers: admin })).status()).toBe(200)
})

test('two staff edit one category: the second save is refused and reloads with its draft', async ({
  browser,
  request,
}) => {
  const suffix = uniqueSuffix()
  const name = `Kategorija verzija ${suffix}`
  const admin = await authorizationOf(request, 'admin@demo.ba')
  const created = await request.post('/api/categories', { headers: admin, data: { name } })
  expect(created.status()).toBe(201)
  const category = (await created.json()) as { id: string }

  const [first, second] = await openByTwoStaff(browser, name, {
    path: '/admin/categories',
    search: 'Pretraži kategorije',
    dialog: 'Uredi kategoriju',
  })
  const firstDialog = first.getByRole('dialog', { name: 'Uredi kategoriju' })
  await firstDialog.getByLabel('Opis').fill('Opis prvog urednika')
  await firstDialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(toast(first, 'Kategorija je spremljena.')).toBeVisible()

  const secondDialog = second.getByRole('dialog', { name: 'Uredi kategoriju' })
  await secondDialog.getByLabel('Naziv kategorije').fill(`${name} B`)
  await secondDialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(secondDialog.getByRole('alert')).toContainText('Ovaj zapis je u međuvremenu promijenio admin@demo.ba')
  await secondDialog.getByRole('button', { name: 'Učitaj najnovije' }).click()
  await expect(secondDialog.getByLabel('Opis')).toHaveValue('Opis prvog urednika')
  await expect(secondDialog.getByLabel('Naziv kategorije')).toHaveValue(`${name} B`)
  await secondDialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(toast(second, 'Kategorija je spremljena.')).toBeVisible()

  const categories = (await (await request.get('/api/categories')).json()) as {
    id: string
    name: string
    description: string
  }[]
  expect(categories.find((row) => row.id === category.id)).toMatchObject({
    name: `${name} B`,
    description: 'Opis prvog urednika',
  })
  expect((await request.delete(`/api/categories/${category.id}`, { headers: admin })).status()).toBe(200)
})
