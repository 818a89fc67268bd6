import fs from 'node:fs'
import { expect, test, type Page } from './fixtures.ts'
import { main } from './support.ts'

// staff-and-content.md §2 Public wholesale page, §4 and §8 Catalogue download, §7 Catalogues,
// §9 wholesale work hours. Read-only: nothing here changes shared data.

const CATALOGUES = [
  'Alati, kotači i police',
  'Elektromaterijal i rasvjeta',
  'Varenje, dim i brušenje',
  'Mreže, kuke, užad i vijci',
  'Stolice i stolovi',
  'Suncobrani',
  'Vrt i kućanstvo',
]

const card = (page: Page, title: string) => page.getByRole('article', { name: title })

test('the wholesale page lists the seven catalogues and the contact with the wholesale hours, and a download delivers the PDF', async ({
  page,
}) => {
  await page.goto('/veleprodaja')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Zašto kupovati u veleprodaji' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Naše usluge' })).toBeVisible()
  for (const title of CATALOGUES) {
    await expect(card(page, title).getByRole('button', { name: `Preuzmi katalog ${title} (PDF)` })).toBeVisible()
  }
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(7)

  const contact = page.getByRole('region', { name: 'Kontakt veleprodaje' })
  await expect(contact.getByRole('link', { name: /^\+387/ })).toHaveAttribute('href', /^tel:\+387/)
  await expect(contact.getByText('Fax')).toBeVisible()
  await expect(contact.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/)
  await expect(contact.getByText('Adresa')).toBeVisible()
  const hours = contact.getByRole('region', { name: 'Radno vrijeme veleprodaje' })
  await expect(hours.getByText('Pon-Pet 08:00-16:30')).toBeVisible()

  // The answer is held until the spinner and 'Preuzimanje...' have been seen.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/catalogs/suncobrani.pdf', async (route) => {
    const response = await route.fetch()
    await held
    await route.fulfill({ response })
  })
  const parasols = card(page, 'Suncobrani')
  const downloading = page.waitForEvent('download')
  await parasols.getByRole('button', { name: /Preuzmi katalog Suncobrani/ }).click()
  await expect(parasols.getByRole('status').filter({ hasText: 'Preuzimanje...' })).toBeVisible()
  await expect(parasols.getByRole('button')).toBeDisabled()
  release()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('suncobrani.pdf')
  const bytes = fs.readFileSync(await download.path())
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  expect(bytes.length).toBeGreaterThan(1000)
  await expect(parasols.getByText('Preuzimanje...')).toHaveCount(0)
  await expect(parasols.getByRole('button', { name: /Preuzmi katalog Suncobrani/ })).toBeEnabled()
  await expect(parasols.getByRole('alert')).toHaveCount(0)
})

test('a refused catalogue download says why', async ({ page }) => {
  let downloads = 0
  page.on('download', () => (downloads += 1))
  await page.route('**/api/catalogs/stolice-stolovi.pdf', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not found"}' }),
  )
  await page.route('**/api/catalogs/suncobrani.pdf', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><p>Greška</p>' }),
  )
  await page.route('**/api/catalogs/vrt-kucanstvo.pdf', (route) =>
    route.fulfill({ status: 200, contentType: 'application/pdf', body: '' }),
  )
  await page.route('**/api/catalogs/elektromaterijal-rasvjeta.pdf', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Boom"}' }),
  )
  await page.goto('/veleprodaja')

  const cases = [
    ['Stolice i stolovi', 'Katalog nije pronađen. Molimo kontaktirajte administratora.'],
    ['Suncobrani', 'Nevažeći format datoteke. Očekivan je PDF.'],
    ['Vrt i kućanstvo', 'Katalog je prazan. Molimo kontaktirajte administratora.'],
    ['Elektromaterijal i rasvjeta', 'Greška pri preuzimanju. Pokušajte ponovno.'],
  ] as const
  for (const [title, message] of cases) {
    await card(page, title)
      .getByRole('button', { name: `Preuzmi katalog ${title} (PDF)` })
      .click()
    await expect(card(page, title).getByRole('alert')).toHaveText(message)
  }
  expect(downloads).toBe(0)
})

test('the catalogues say that wholesale prices come after a wholesale customer signs in', async ({ page }) => {
  await page.goto('/veleprodaja')
  const catalogs = page.locator('#katalozi')
  await expect(
    catalogs.getByText(
      'Katalozi za posjetitelje sadrže maloprodajne cijene. Veleprodajne cijene pojavljuju se u katalozima nakon što se prijavi veleprodajni kupac.',
    ),
  ).toBeVisible()
  await catalogs.getByRole('link', { name: 'Prijavite se kao veleprodajni kupac' }).click()
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fveleprodaja$/)
  await page.getByLabel('Email').fill('veleprodaja@demo.ba')
  await page.getByRole('textbox', { name: 'Lozinka', exact: true }).fill('Demo1234!')
  await main(page).getByRole('button', { name: 'Prijava' }).click()
  await expect(page).toHaveURL(/\/veleprodaja$/)
  await expect(
    catalogs.getByText('Prijavljeni ste kao veleprodajni kupac: katalozi sadrže i vaše veleprodajne cijene.'),
  ).toBeVisible()
  await expect(catalogs.getByRole('link', { name: 'Prijavite se kao veleprodajni kupac' })).toHaveCount(0)
})
