import fs from 'node:fs'
import { expect, test, type Download, type Locator, type Page } from './fixtures.ts'
import { createProduct, downloadOf, openAsStaff, shootAtWidths, uniqueSuffix } from './support.ts'

// docs/decisions.md, 'Catalogue in a spreadsheet': the owner exports the catalogue, changes a price in the
// file, sees the dry run's report (with a bad row named by row and column), applies the corrected file and
// sees the new price on the products page.

/** The catalogue as the products page exports it to CSV. */
function exportCatalogue(page: Page): Promise<Download> {
  return downloadOf(page, async () => {
    await page.getByText('Izvoz', { exact: true }).click()
    await page.getByRole('button', { name: 'Izvoz u CSV' }).click()
  })
}

/** Opens the import dialog of the products page. */
async function openImport(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Uvoz', exact: true }).click()
  return page.getByRole('dialog', { name: 'Uvoz proizvoda iz tabele' })
}

/** Chooses a CSV file in the import dialog and asks for the dry run's report. */
async function checkFile(dialog: Locator, name: string, csv: string): Promise<void> {
  await dialog.getByLabel('Datoteka').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await dialog.getByRole('button', { name: 'Provjeri' }).click()
}

/** A corrected file (one changed product): its dry run finds no error, and it is applied. */
async function applyCorrectedFile(dialog: Locator, name: string, csv: string): Promise<void> {
  await checkFile(dialog, name, csv)
  await expect(dialog.getByRole('region', { name: 'Pregled' }).getByText('Svi redovi su ispravni.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Primijeni' }).click()
  await expect(dialog.getByText('Uvoz je primijenjen: 0 novih, 1 izmijenjenih.')).toBeVisible()
}

test('the owner exports, imports a changed file, sees the dry-run report, applies it and sees the new price', async ({
  page,
  request,
  adminHeaders: headers,
}) => {
  test.setTimeout(120_000)
  const code = `XLS-${uniqueSuffix()}`
  const name = `Ćilim Đakovo ${code}`
  await createProduct(request, headers, { customId: code, name, price: 10, stock: 3 })

  await openAsStaff(page, '/admin/products', 'admin@demo.ba')
  const download = await exportCatalogue(page)
  expect(download.suggestedFilename()).toMatch(/^proizvodi-\d{4}-\d{2}-\d{2}\.csv$/)
  const exported = fs.readFileSync(await download.path(), 'utf8')
  const lines = exported.split('\r\n')
  const ours = lines.find((line) => line.startsWith(`${code};`))
  expect(ours).toContain(`;${name};`)
  expect(ours).toContain(';10,00;')

  const changedLine = ours!.replace(';10,00;', ';12,50;')
  const badLine = changedLine.replace(code, `${code}-NOVI`).replace(';12,50;', ';12,5x;')
  const withError = [lines[0], changedLine, badLine, ''].join('\r\n')
  const corrected = [lines[0], changedLine, ''].join('\r\n')

  const dialog = await openImport(page)
  await checkFile(dialog, 'cjenik.csv', withError)
  const report = dialog.getByRole('region', { name: 'Pregled' })
  await expect(report.getByRole('row', { name: /3 Cijena Upišite broj, npr. 12,50/ })).toBeVisible()
  await expect(report.getByText('Izmijenjenih')).toBeVisible()
  await expect(report.locator('.spreadsheet-count', { hasText: 'Izmijenjenih' }).locator('dd')).toHaveText('1')
  await expect(report.locator('.spreadsheet-count', { hasText: 'Grešaka' }).locator('dd')).toHaveText('1')

  await shootAtWidths(page, 'catalogue-import-report', { fullPage: false })

  await applyCorrectedFile(dialog, 'cjenik.csv', corrected)
  await page.keyboard.press('Escape')

  await page.getByRole('searchbox').fill(code)
  const card = page.getByRole('listitem').filter({ hasText: name })
  await expect(card).toContainText('12,50')
})

// The weight column (kg, decimal comma) and the price floor: the dry run names a bad weight and a price below
// the product's floor by row and column with the product form's messages; the corrected file stores the weight.
test('the owner imports weights: a bad weight and a price below the floor are named, the corrected file saves', async ({
  page,
  request,
  adminHeaders: headers,
}) => {
  test.setTimeout(120_000)
  const code = `KG-${uniqueSuffix()}`
  const name = `Vreća cementa ${code}`
  const product = await createProduct(request, headers, { customId: code, name, price: 20, stock: 3, price_floor: 15 })

  await openAsStaff(page, '/admin/products', 'admin@demo.ba')
  const lines = fs.readFileSync(await (await exportCatalogue(page)).path(), 'utf8').split('\r\n')
  expect(lines[0]).toContain(';Jedinica;Težina (kg);Opis')
  const ours = lines.find((line) => line.startsWith(`${code};`))!
  // No weight yet: the cell after the unit is empty.
  expect(ours).toContain(';kom;;')

  const weighed = ours.replace(';kom;;', ';kom;25,5;')
  const badWeight = weighed.replace(`${code};`, `${code}-B;`).replace(';kom;25,5;', ';kom;25,5 kg;')
  const belowFloor = weighed.replace(';20,00;', ';14,90;')
  const withErrors = [lines[0], belowFloor, badWeight, ''].join('\r\n')

  const dialog = await openImport(page)
  await checkFile(dialog, 'tezine.csv', withErrors)
  const report = dialog.getByRole('region', { name: 'Pregled' })
  await expect(
    report.getByRole('row', { name: /2 Cijena Cijena ne smije biti niža od najniže dopuštene cijene 15,00 KM/ }),
  ).toBeVisible()
  await expect(report.getByRole('row', { name: /3 Težina \(kg\) Težina mora biti broj 0 ili veći/ })).toBeVisible()
  await expect(report.locator('.spreadsheet-count', { hasText: 'Grešaka' }).locator('dd')).toHaveText('2')

  await shootAtWidths(page, 'catalogue-import-weight', { focus: report.getByRole('table') })

  await applyCorrectedFile(dialog, 'tezine.csv', [lines[0], weighed, ''].join('\r\n'))

  const saved = (await (await request.get(`/api/products/${product.id}`, { headers })).json()) as { weight_kg: number }
  expect(saved.weight_kg).toBe(25.5)
})

// The bulk price change's dry run: old and new prices in the preview table, nothing changed until 'Primijeni'.
test('the owner previews a price change of the whole catalogue without applying it', async ({
  page,
  request,
  adminHeaders: headers,
}) => {
  const code = `PCT-${uniqueSuffix()}`
  const product = await createProduct(request, headers, { customId: code, name: `Lonac ${code}`, price: 10, stock: 3 })

  await openAsStaff(page, '/admin/products', 'admin@demo.ba')
  await page.getByRole('button', { name: 'Promjena cijena' }).click()
  const dialog = page.getByRole('dialog', { name: 'Promjena cijena' })
  await dialog.getByLabel('Postotak (+ poskupljenje, − pojeftinjenje)').fill('10')
  await dialog.getByRole('button', { name: 'Pregled' }).click()
  const preview = dialog.getByRole('region', { name: 'Pregled' })
  await expect(preview.getByText(/\d+ cijena se mijenja/)).toBeVisible()
  await expect(preview.getByRole('columnheader', { name: 'Nova cijena' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Primijeni' })).toBeVisible()
  await shootAtWidths(page, 'catalogue-price-change-preview', { fullPage: false })

  await page.keyboard.press('Escape')
  const saved = (await (await request.get(`/api/products/${product.id}`, { headers })).json()) as { price: number }
  expect(saved.price).toBe(10)
})
