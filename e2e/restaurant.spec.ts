import { expect, test, type Page } from './fixtures.ts'
import sharp from 'sharp'
import { expectCustomerSentHome, openInApp, signInAndWait } from './support.ts'

// staff-and-content.md §2 (route access, restaurant menu admin, public restaurant page), §5
// (restaurant menu, images), §8 (menu errors), §9 (9 items per 'Load more'). The seeded menu is
// only read; everything the admin test writes is its own and removed again.

function menuCards(page: Page) {
  return page.getByRole('list', { name: 'Jelovnik' }).getByRole('listitem')
}

function toast(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text })
}

test('the public menu filters by category and subcategory, loads 9 more at a time and says when it fails', async ({
  page,
}) => {
  await page.goto('/restoran')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Radno vrijeme' })).toBeVisible()
  await expect(main.getByText('Pon-Sub 08:00-22:00')).toBeVisible()
  await expect(main.getByRole('link', { name: /Nazovite restoran/ })).toHaveAttribute('href', /^tel:\+387/)

  // Featured dishes come first; 9 at first, then 9 more per press.
  await expect(menuCards(page)).toHaveCount(9)
  await expect(menuCards(page).first().getByText('Preporuka kuće')).toBeVisible()
  await expect(page.getByText(/^Prikazano 9 od \d+$/)).toBeVisible()
  await page.getByRole('button', { name: 'Load more' }).click()
  await expect(menuCards(page)).toHaveCount(18)
  // Pictures are decorative (alt=''), sized and lazy.
  const image = menuCards(page).first().locator('img')
  await expect(image).toHaveAttribute('loading', 'lazy')
  await expect(image).toHaveAttribute('width', /\d+/)

  // A main category keeps its subcategories' items; its subcategory filter narrows further.
  const categories = page.getByRole('group', { name: 'Kategorija', exact: true })
  await expect(page.getByRole('group', { name: 'Podkategorija' })).toHaveCount(0)
  await categories.getByRole('button', { name: 'Pića', exact: true }).click()
  await expect(categories.getByRole('button', { name: 'Pića', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await expect(menuCards(page)).toHaveCount(9)
  await expect(page.getByText('Prikazano 9 od 10')).toBeVisible()
  await page.getByRole('button', { name: 'Load more' }).click()
  await expect(menuCards(page)).toHaveCount(10)
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0)
  const subcategories = page.getByRole('group', { name: 'Podkategorija' })
  await subcategories.getByRole('button', { name: 'Topla pića' }).click()
  await expect(menuCards(page)).toHaveCount(4)
  await expect(menuCards(page).filter({ hasText: 'Bosanska kava' })).toHaveCount(1)
  await expect(menuCards(page).filter({ hasText: 'Domaća limunada' })).toHaveCount(0)
  await expect(menuCards(page).first()).toContainText('Pića › Topla pića')
  await categories.getByRole('button', { name: 'Sve' }).click()
  await expect(menuCards(page)).toHaveCount(9)

  // §8: each failed load says so.
  await page.route('**/api/restaurant/menu', (route) => route.fulfill({ status: 500, json: { message: 'x' } }))
  await page.route('**/api/restaurant/categories', (route) => route.fulfill({ status: 500, json: { message: 'x' } }))
  // In the app: a full load of /restoran brings its menu in the HTML (docs/decisions.md 'Server rendering').
  await openInApp(page, 'Restoran')
  await expect(page.getByText('Failed to load menu items')).toBeVisible()
  await expect(page.getByText('Failed to load categories')).toBeVisible()
})

test('an admin builds a category, adds a dish with a picture, sees it on /restoran, edits and deletes it', async ({
  page,
}) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`
  const main = `Ljetna terasa ${stamp}`
  const sub = `Hladna jela ${stamp}`
  const dish = `Salata od hobotnice ${stamp}`
  await signInAndWait(page, 'admin@demo.ba')
  await page.goto('/admin/restoran')
  await expect(page.getByRole('heading', { level: 1, name: 'Jelovnik restorana' })).toBeVisible()

  // Categories: a main category and a subcategory under it.
  await page.getByRole('button', { name: 'Kategorije', exact: true }).click()
  let dialog = page.getByRole('dialog', { name: 'Kategorije jelovnika' })
  await dialog.getByRole('button', { name: 'Nova glavna kategorija' }).click()
  dialog = page.getByRole('dialog', { name: 'Nova glavna kategorija' })
  await dialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(dialog.getByText('Naziv kategorije je obavezan')).toBeVisible()
  await dialog.getByLabel('Naziv kategorije').fill(main)
  await dialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(toast(page, 'Kategorija je dodana.')).toBeVisible()
  dialog = page.getByRole('dialog', { name: 'Kategorije jelovnika' })
  const mainRow = dialog.getByRole('listitem').filter({ hasText: main })
  await mainRow.getByRole('button', { name: `Nova podkategorija u kategoriji ${main}` }).click()
  dialog = page.getByRole('dialog', { name: 'Nova podkategorija' })
  await expect(dialog.getByLabel('Glavna kategorija')).toHaveValue(/[0-9a-f-]{36}/)
  await dialog.getByLabel('Naziv kategorije').fill(sub)
  await dialog.getByRole('button', { name: 'Spremi' }).click()
  dialog = page.getByRole('dialog', { name: 'Kategorije jelovnika' })
  await expect(dialog.getByRole('list', { name: `Podkategorije: ${main}` })).toContainText(sub)
  await dialog.getByRole('button', { name: 'Zatvori' }).last().click()

  // The item form: its rules, the image rules, then every field.
  await page.getByRole('button', { name: 'Dodaj stavku' }).click()
  dialog = page.getByRole('dialog', { name: 'Nova stavka jelovnika' })
  await dialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(dialog.getByText('Naziv je obavezan')).toBeVisible()
  await expect(dialog.getByText('Cijena mora biti pozitivan broj')).toBeVisible()
  const picker = dialog.getByLabel('Slika', { exact: true })
  await picker.setInputFiles({ name: 'x.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') })
  await expect(dialog.getByText('Dozvoljene su samo JPEG, PNG i WebP slike')).toBeVisible()
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .png()
    .toBuffer()
  await picker.setInputFiles({ name: 'hobotnica.png', mimeType: 'image/png', buffer: png })
  await expect(dialog.getByRole('img', { name: 'Slika 1' })).toBeVisible()
  await dialog.getByLabel('Naziv').fill(dish)
  await dialog.getByLabel('Cijena (KM)', { exact: true }).fill('0')
  await dialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(dialog.getByText('Cijena mora biti pozitivan broj')).toBeVisible()
  await dialog.getByLabel('Cijena (KM)', { exact: true }).pressSequentially('19,50')
  await dialog.getByLabel('Opis').fill('Hobotnica, krumpir i maslinovo ulje.')
  await dialog.getByLabel('Kategorija').selectOption({ label: `${main} › ${sub}` })
  const ingredients = dialog.getByLabel('Sastojci', { exact: true })
  await ingredients.fill('hobotnica')
  await ingredients.press('Enter')
  await ingredients.pressSequentially('krumpir,Hobotnica,')
  await expect(dialog.getByRole('list', { name: 'Upisano: Sastojci' }).getByRole('listitem')).toHaveCount(2)
  await dialog.getByLabel('Alergeni', { exact: true }).fill('mekušci')
  await dialog.getByLabel(/Izdvojeno/).check()
  await dialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(toast(page, 'Stavka je dodana.')).toBeVisible()
  await expect(dialog).toBeHidden()

  await page.getByLabel('Pretraži jelovnik').fill(`hobotnica ${stamp}`)
  const card = page.getByRole('article').filter({ hasText: dish })
  await expect(card).toHaveCount(1)
  await expect(card.getByText('Izdvojeno', { exact: true })).toBeVisible()
  await expect(card).toContainText(`${main} › ${sub}`)

  // On the public page, under its category and subcategory, featured first.
  const visitor = await page.context().newPage()
  await visitor.goto('/restoran')
  await visitor.getByRole('group', { name: 'Kategorija', exact: true }).getByRole('button', { name: main }).click()
  await visitor.getByRole('group', { name: 'Podkategorija' }).getByRole('button', { name: sub }).click()
  await expect(menuCards(visitor)).toHaveCount(1)
  const publicCard = menuCards(visitor).first()
  await expect(publicCard).toContainText(dish)
  await expect(publicCard).toContainText('19,50')
  await expect(publicCard).toContainText('Preporuka kuće')
  await expect(publicCard).toContainText('hobotnica, krumpir')
  await expect(publicCard.locator('img')).toHaveAttribute('src', /\/api\/images\/restaurant\//)

  // Edit: no longer available, new price.
  await card.getByRole('button', { name: `Uredi: ${dish}` }).click()
  dialog = page.getByRole('dialog', { name: 'Uredi stavku jelovnika' })
  await expect(dialog.getByLabel('Naziv')).toHaveValue(dish)
  await dialog.getByLabel('Cijena (KM)', { exact: true }).fill('21')
  await dialog.getByLabel('Dostupno').uncheck()
  await dialog.getByRole('button', { name: 'Spremi' }).click()
  await expect(toast(page, 'Stavka je spremljena.')).toBeVisible()
  await expect(card.getByText('Nedostupno', { exact: true })).toBeVisible()
  await visitor.reload()
  await visitor.getByRole('group', { name: 'Kategorija', exact: true }).getByRole('button', { name: main }).click()
  await expect(menuCards(visitor).first()).toContainText('21,00')
  await expect(menuCards(visitor).first()).toContainText('Trenutno nije dostupno')

  // Deleting the main category takes its subcategory with it; the dish stays, 'Uncategorized'.
  await page.getByRole('button', { name: 'Kategorije', exact: true }).click()
  dialog = page.getByRole('dialog', { name: 'Kategorije jelovnika' })
  await dialog.getByRole('button', { name: `Obriši: ${main}` }).click()
  dialog = page.getByRole('dialog', { name: 'Brisanje kategorije' })
  await expect(dialog).toContainText(main)
  await dialog.getByRole('button', { name: 'Obriši' }).click()
  await expect(toast(page, 'Kategorija je obrisana.')).toBeVisible()
  dialog = page.getByRole('dialog', { name: 'Kategorije jelovnika' })
  await expect(dialog.getByText(main)).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Zatvori' }).last().click()
  await expect(card).toContainText('Uncategorized')

  // Delete the dish, after a confirmation.
  await card.getByRole('button', { name: `Obriši: ${dish}` }).click()
  dialog = page.getByRole('dialog', { name: 'Brisanje stavke' })
  await expect(dialog).toContainText(dish)
  await dialog.getByRole('button', { name: 'Obriši' }).click()
  await expect(toast(page, 'Stavka je obrisana.')).toBeVisible()
  await expect(card).toHaveCount(0)
  await visitor.reload()
  await expect(visitor.getByText(dish)).toHaveCount(0)
  await visitor.close()
})

test('the restaurant admin sends a customer to / and a visitor to sign in', async ({ browser }) => {
  await expectCustomerSentHome(browser, '/admin/restoran')

  const visitor = await browser.newPage()
  await visitor.goto('/admin/restoran')
  await expect(visitor).toHaveURL(/\/login\?returnUrl=%2Fadmin%2Frestoran$/)
  await visitor.close()
})
