import { expect, test, type Page, type Route } from './fixtures.ts'
import sharp from 'sharp'
import { expectCustomerSentHome, signInAndWait } from './support.ts'

// staff-and-content.md §2 (route access, dashboard, products, slideshow, work hours), §5 (product
// form, images, slide form), §8. Every record made here is unique to the run and removed again.

/** A real picture of one colour, encoded as the browser would upload it. */
async function picture(format: 'png' | 'jpeg', colour: { r: number; g: number; b: number }): Promise<Buffer> {
  const image = sharp({ create: { width: 640, height: 400, channels: 3, background: colour } })
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 80 }).toBuffer()
}

function toast(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text })
}

test('an admin adds a product with options and images, finds it in the store, edits and deletes it', async ({
  page,
}) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`
  const name = `Testna klupa ${stamp}`
  const code = `E2E-${stamp}`
  await signInAndWait(page, 'admin@demo.ba')

  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Administratorska nadzorna ploča' })).toBeVisible()
  await page
    .getByRole('link', { name: /Proizvodi/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/admin\/products$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Proizvodi' })).toBeVisible()
  await expect(page.getByText(/^Ukupno: \d+$/)).toBeVisible()
  await expect(page.getByText(/^1 od \d+$/)).toBeVisible()

  await page.getByRole('button', { name: 'Dodaj proizvod' }).click()
  const dialog = page.getByRole('dialog', { name: 'Novi proizvod' })
  await dialog.getByRole('button', { name: 'Spremi' }).click()
  for (const message of [
    'Šifra proizvoda je obavezna',
    'Naziv proizvoda je obavezan',
    'Cijena mora biti pozitivan broj veći od 0',
    'Kategorija je obavezna',
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible()
  }

  await dialog.getByLabel('Šifra proizvoda').fill(code)
  await dialog.getByLabel('Naziv proizvoda').fill(name)
  await dialog.getByLabel('Cijena (KM)', { exact: true }).fill('120')
  await dialog.getByLabel('Kategorija').selectOption({ index: 1 })
  await dialog.getByLabel('Na akciji').check()
  await dialog.getByLabel('Akcijska cijena (KM)').fill('150')
  await dialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(dialog.getByText('Akcijska cijena mora biti manja od osnovne cijene', { exact: true })).toBeVisible()
  await dialog.getByLabel('Na akciji').uncheck()

  // The browser refuses a GIF before any upload, in the product form's English.
  const images = dialog.getByLabel('Slike')
  await images.setInputFiles({ name: 'x.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') })
  await expect(dialog.getByText('Only JPEG, PNG, and WebP images are allowed')).toBeVisible()
  await images.setInputFiles([
    { name: 'first.png', mimeType: 'image/png', buffer: await picture('png', { r: 30, g: 120, b: 80 }) },
    { name: 'second.jpg', mimeType: 'image/jpeg', buffer: await picture('jpeg', { r: 240, g: 160, b: 40 }) },
  ])
  await expect(dialog.getByRole('img', { name: /^Slika \d$/ })).toHaveCount(2)
  await expect(dialog.getByText('Glavna slika')).toHaveCount(1)
  await dialog.getByRole('button', { name: 'Postavi kao glavnu' }).click()
  await expect(dialog.getByRole('button', { name: 'Postavi kao glavnu' })).toHaveCount(1)

  await dialog.getByLabel('Proizvod ima opcije').check()
  await dialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(dialog.getByText('Potrebna je barem jedna opcija', { exact: true })).toBeVisible()
  const optionInput = dialog.getByLabel('Dodaj opcije')
  await optionInput.fill('Mala')
  await optionInput.press('Enter')
  await optionInput.pressSequentially('Velika,mala,')
  const options = dialog.getByRole('list', { name: 'Opcije proizvoda' }).getByRole('listitem')
  await expect(options).toHaveCount(2)
  await expect(dialog.getByLabel('Šifra opcije (Velika)')).toHaveValue(`${code}-velika`)
  await expect(dialog.getByLabel('Cijena (Velika)')).toHaveValue('120')
  await expect(dialog.getByLabel('Zaliha (Mala)')).toHaveValue('0')
  await dialog.getByLabel('Zaliha (Mala)').fill('4')
  await dialog.getByLabel('Zaliha (Velika)').fill('2')
  await dialog.getByLabel('Akcijska (Velika)').fill('130')
  await dialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(dialog.getByText('Akcijska cijena za opciju Velika mora biti manja od cijene opcije')).toBeVisible()
  await dialog.getByLabel('Akcijska (Velika)').fill('')

  await dialog.getByRole('button', { name: 'Dodaj specifikaciju' }).click()
  await dialog.getByLabel('Naziv specifikacije').fill('Materijal')
  await dialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(dialog.getByText('Both specification name and value are required')).toBeVisible()
  await dialog.getByLabel('Vrijednost').fill('Bukva')
  await dialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(toast(page, 'Proizvod je dodan.')).toBeVisible()
  await expect(dialog).toBeHidden()

  // A second product with the same code is warned about before saving.
  await page.getByRole('button', { name: 'Dodaj proizvod' }).click()
  await dialog.getByLabel('Šifra proizvoda').fill(code)
  await dialog.getByLabel('Naziv proizvoda').fill(`${name} dvojnik`)
  await expect(dialog.getByText(`Proizvod sa šifrom "${code}" već postoji!`)).toBeVisible()
  // Closing a form with changes asks before they are thrown away (the staff kit's draft guard).
  await dialog.getByRole('button', { name: 'Odustani' }).click()
  const discard = page.getByRole('dialog', { name: 'Nespremljene promjene' })
  await expect(discard).toContainText('Imate nespremljene promjene u ovom obrascu. Odbaciti ih?')
  await discard.getByRole('button', { name: 'Nastavi uređivanje' }).click()
  await expect(dialog.getByLabel('Naziv proizvoda')).toHaveValue(`${name} dvojnik`)
  await dialog.getByRole('button', { name: 'Odustani' }).click()
  await discard.getByRole('button', { name: 'Odbaci promjene' }).click()
  await expect(dialog).toBeHidden()

  // The search ignores accents and finds option codes too.
  await page.getByLabel('Pretraži proizvode').fill(`${code}-velika`)
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(1)

  await page.goto(`/store?search=${encodeURIComponent(name)}`)
  await page.getByRole('link', { name }).first().click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByRole('main').getByText('Velika', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('main').getByText('Mala', { exact: true }).first()).toBeVisible()

  await page.goto('/admin/products')
  await page.getByLabel('Pretraži proizvode').fill(name)
  await page.getByRole('button', { name: `Uredi: ${name}` }).click()
  const editDialog = page.getByRole('dialog', { name: 'Uredi proizvod' })
  await expect(editDialog.getByLabel('Na akciji')).not.toBeChecked()
  await expect(editDialog.getByLabel('Zaliha (Mala)')).toHaveValue('4')
  await expect(editDialog.getByRole('img', { name: /^Slika \d$/ })).toHaveCount(2)
  // The product being edited does not count as a duplicate of its own code.
  await editDialog.getByLabel('Šifra proizvoda').blur()
  await editDialog.getByLabel('Na akciji').check()
  await editDialog.getByLabel('Akcijska cijena (KM)').pressSequentially('99,90')
  await editDialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(toast(page, 'Proizvod je spremljen.')).toBeVisible()
  await expect(page.getByRole('main').getByText('99,90 KM')).toBeVisible()

  page.once('dialog', (confirm) => void confirm.accept())
  await page.getByRole('button', { name: `Obriši: ${name}` }).click()
  await expect(toast(page, 'Proizvod je obrisan.')).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name })).toBeHidden()
})

test('an admin makes a slide linked to a category and saves the work hours', async ({ page }) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`
  const title = `Testni slajd ${stamp}`
  await signInAndWait(page, 'admin@demo.ba')

  await page.goto('/admin/slideshow')
  await expect(page.getByRole('heading', { level: 1, name: 'Slike početne stranice' })).toBeVisible()
  await page.getByRole('button', { name: 'Dodaj slajd' }).click()
  const dialog = page.getByRole('dialog', { name: 'Novi slajd' })
  await dialog.getByLabel('Naslov').fill(`  ${title}  `)
  await dialog
    .getByLabel('Slika za računalo')
    .setInputFiles({ name: 'x.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') })
  await expect(dialog.getByText('Dozvoljene su samo JPEG, PNG i WebP slike')).toBeVisible()
  await dialog
    .getByLabel('Slika za računalo')
    .setInputFiles({ name: 'slide.png', mimeType: 'image/png', buffer: await picture('png', { r: 20, g: 90, b: 160 }) })
  await expect(dialog.getByRole('img', { name: 'Slika 1' })).toBeVisible()
  const category = dialog.getByLabel('Kategorija')
  await category.selectOption({ index: 1 })
  const categoryId = await category.inputValue()
  const categoryName = (await category.locator('option:checked').textContent()) ?? ''
  await expect(dialog.getByLabel('Poveznica')).toBeDisabled()
  await expect(dialog.getByLabel('Poveznica')).toHaveValue(`/store?category=${categoryId}`)
  await dialog.getByLabel('Redoslijed').fill('0')
  await dialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(toast(page, 'Slajd je dodan.')).toBeVisible()
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
  await expect(card.getByText('Aktivan')).toBeVisible()
  await expect(card.getByText('Redoslijed: 0')).toBeVisible()
  // The card names the category the slide leads to, not the raw link.
  await expect(card.getByText(`Kategorija: ${categoryName}`, { exact: true })).toBeVisible()
  const imageUrl = await card.locator('img').getAttribute('src')

  await page.goto('/')
  await expect(page.getByText(title).first()).toBeAttached()
  await expect(page.locator(`a[href="/store?category=${categoryId}"]`).first()).toBeAttached()
  expect(imageUrl).toMatch(/^\/api\/images\/slides\//)

  await page.goto('/admin/slideshow')
  await page.getByRole('button', { name: `Obriši: ${title}` }).click()
  const confirm = page.getByRole('dialog', { name: 'Brisanje slajda' })
  await expect(
    confirm.getByText('Jeste li sigurni da želite izbrisati ovaj slajd? Ova radnja se ne može poništiti.'),
  ).toBeVisible()
  await confirm.getByRole('button', { name: 'Izbriši' }).click()
  await expect(toast(page, 'Slajd je obrisan.')).toBeVisible()
  await expect(page.getByRole('heading', { name: title })).toBeHidden()

  await page.goto('/admin/work-hours')
  const store = page.getByLabel('Trgovina', { exact: true })
  // One example for the three boxes, read with each of them.
  await expect(page.getByText(/^Npr\. Pon-Pet/)).toHaveCount(1)
  await expect(store).toHaveAccessibleDescription(/^Npr\. Pon-Pet/)
  const before = await store.inputValue()
  const hours = `Pon-Sub 07:${String(stamp.length).padStart(2, '0')}-21:00, Ned zatvoreno`
  try {
    await store.fill(hours)
    await page.getByRole('button', { name: 'Spremi radno vrijeme' }).click()
    await expect(toast(page, 'Radno vrijeme je uspješno ažurirano')).toBeVisible()
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByText(hours.split(',')[0]!)).toBeVisible()
    await page.reload()
    await expect(footer.getByText(hours.split(',')[0]!)).toBeVisible()
  } finally {
    // Other specs read the footer: the demo hours go back.
    const token = await page.evaluate(() => localStorage.getItem('shop.token'))
    const current = await (await page.request.get('/api/work-hours')).json()
    const list = (Array.isArray(current) ? current : []) as { section: string; hours: string }[]
    await page.request.post('/api/work-hours', {
      headers: { Authorization: `Bearer ${token}` },
      data: list.map((entry) => (entry.section === 'store' ? { ...entry, hours: before } : entry)),
    })
  }
})

test('a store manager sees no admin-only tiles; customers and visitors are sent away', async ({ page, browser }) => {
  await signInAndWait(page, 'menadzer@demo.ba')
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Upravljanje trgovinom' })).toBeVisible()
  const tiles = page.getByRole('main').getByRole('list').first()
  await expect(tiles.getByRole('link', { name: /Proizvodi/ })).toBeVisible()
  for (const adminOnly of ['Korisnici', 'Sistemski zapisi', 'Radno vrijeme']) {
    await expect(tiles.getByRole('link', { name: new RegExp(adminOnly) })).toHaveCount(0)
  }
  await page.goto('/admin/users')
  await expect(page).toHaveURL(/\/$/)

  await expectCustomerSentHome(browser, '/admin')

  const visitor = await browser.newPage()
  await visitor.goto('/admin/products')
  await expect(visitor).toHaveURL(/\/login\?returnUrl=%2Fadmin%2Fproducts$/)
  await visitor.goto('/admin/slideshow')
  await expect(visitor).toHaveURL(/\/login\?returnUrl=%2Fadmin%2Fslideshow$/)
  await visitor.goto('/admin/shipping')
  await expect(visitor).toHaveURL(/\/$/)
  await visitor.close()
})

test('staff pages: a failed access check, failed loads and failed deletes say so', async ({ page }) => {
  const serverError = { status: 500, json: { message: 'Internal Server Error' } }
  await signInAndWait(page, 'menadzer@demo.ba')

  // customer-side.md §6: the dashboard's access check fails, 'Try Again' asks again.
  await page.route('**/api/auth/me', (route) => route.fulfill(serverError))
  await page.goto('/admin')
  await expect(page.getByText('Failed to verify access permissions. Please try again.')).toBeVisible()
  await page.unroute('**/api/auth/me')
  await page.getByRole('button', { name: 'Try Again' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Upravljanje trgovinom' })).toBeVisible()

  // §8 Load failures, each page in its own words; nothing is changed on the server.
  for (const [path, api, message] of [
    ['/admin/products', '**/api/admin/products?**', 'Failed to load data. Please try again.'],
    ['/admin/categories', '**/api/categories', 'Failed to load categories. Please try again.'],
    ['/admin/brands', '**/api/brands', 'Failed to load brands. Please try again.'],
    ['/admin/slideshow', '**/api/slides/all', 'Failed to load slides. Please try again.'],
  ] as const) {
    await page.route(api, (route) => route.fulfill(serverError))
    await page.goto(path)
    await expect(page.getByText(message)).toBeVisible()
    await page.unroute(api)
    await page.getByRole('button', { name: 'Try Again' }).click()
    await expect(page.getByText(message)).toBeHidden()
  }

  // §8 Save and delete failures: a refused delete says so after the browser's confirmation.
  page.on('dialog', (dialog) => void dialog.accept())
  const refuseDeletes = (route: Route) =>
    route.request().method() === 'DELETE' ? route.fulfill(serverError) : route.fallback()
  for (const [path, api, button, message] of [
    ['/admin/products', '**/api/products/*', /^Obriši: /, 'Nije uspjelo obrisati proizvod. Pokušajte ponovno.'],
    ['/admin/categories', '**/api/categories/*', /^Obriši: /, 'Failed to delete category. Please try again.'],
    ['/admin/brands', '**/api/brands/*', /^Delete: /, 'Failed to delete brand. Please try again.'],
  ] as const) {
    await page.route(api, refuseDeletes)
    await page.goto(path)
    await page.getByRole('button', { name: button }).first().click()
    await expect(page.getByText(message)).toBeVisible()
    await page.unroute(api)
  }

  // The product form's featured switch carries the shop's own name for it.
  await page.goto('/admin/products')
  await page.getByRole('button', { name: 'Dodaj proizvod' }).click()
  await expect(page.getByRole('dialog', { name: 'Novi proizvod' }).getByLabel('SuperMAL Proizvod')).toBeVisible()
})
