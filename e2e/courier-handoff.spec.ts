import { readFileSync } from 'node:fs'
import { expect, test } from './fixtures.ts'
import { downloadOf, openAsStaff, orderPageFromMail, placeGuestOrderOfNewProduct, shootAtWidths } from './support.ts'

// Courier hand-off, tracking and payouts (docs/decisions.md, 'Courier hand-off, tracking and payouts'):
// the store manager sets the courier's tracking link, exports a confirmed order for the courier, types
// its tracking number, the buyer's order page shows it with the link, and the courier's payout file
// marks the order paid.

const TRACKING_PATTERN = 'https://e2e-kurir.ba/pracenje/{broj}'

test('staff export a confirmed order for the courier, set its tracking number the buyer sees, and import the payout', async ({
  page,
  request,
  adminHeaders: admin,
}) => {
  test.setTimeout(120_000)
  const { order, customer } = await placeGuestOrderOfNewProduct(request, admin, {
    code: 'KUR',
    name: 'Kurirska kutija',
    price: 31.4,
  })
  const number = order.id.slice(0, 8)
  const orderPage = await orderPageFromMail(customer)

  // The courier's tracking link, on the courier settings page; a pattern without {broj} is refused.
  await openAsStaff(page, '/admin/orders')
  await page.getByRole('link', { name: 'Postavke kurira' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Postavke kurira' })).toBeVisible()
  const defaultUrl = page.getByLabel('Ostale dostave')
  await defaultUrl.fill('https://e2e-kurir.ba/pracenje/')
  await page.getByRole('button', { name: 'Spremi postavke' }).click()
  await expect(
    page.getByText('Unesite adresu koja počinje s https:// ili http:// i sadrži {broj}').first(),
  ).toBeVisible()
  // Every courier of the shop takes the e2e pattern, whichever option the order went by.
  for (const field of await page.locator('input[type="url"]').all()) await field.fill(TRACKING_PATTERN)
  await page.getByRole('button', { name: 'Spremi postavke' }).click()
  await expect(page.getByText('Postavke kurira su spremljene.')).toBeVisible()

  // Confirm the order (it gets its document number), select it and export it for the courier.
  await page.goto('/admin/orders')
  await page.getByLabel('Pretraži narudžbe').fill(customer)
  const card = page.getByRole('article', { name: `Narudžba #${number}` })
  await expect(card).toBeVisible()
  await card.getByLabel(`Status narudžbe #${number}`).selectOption('processing')
  await expect(card.getByText(/Broj dokumenta: \d{4}-\d{6}/)).toBeVisible()
  const documentNumber = (await card.locator('.admin-order__document strong').textContent())!.trim()
  await card.getByRole('checkbox', { name: `Odaberi narudžbu #${number}` }).check()
  await expect(page.getByText('Odabrano: 1')).toBeVisible()
  await shootAtWidths(page, 'courier-orders-selection', { fullPage: false })
  const download = await downloadOf(page, () => page.getByRole('button', { name: 'Izvoz za kurira (CSV)' }).click())
  const csv = readFileSync(await download.path(), 'utf8')
  expect(csv.startsWith('\uFEFFReferenca;Primatelj;Telefon;')).toBe(true)
  const row = csv
    .split('\r\n')
    .find((line) => line.startsWith(`${documentNumber};`))!
    .split(';')
  expect(row).toEqual([
    documentNumber,
    expect.stringMatching(/^Kupac /),
    '063 123 456',
    'Sovići bb',
    '88340',
    'Grude',
    '1',
    '',
    expect.stringMatching(/^\d+,\d{2}$/),
    `Narudžba #${number}, artikala: 2`,
  ])
  const codAmount = row[8]!

  // The tracking number typed on the card; the buyer's order page shows it with the courier's link.
  await card.getByRole('textbox', { name: `Broj pošiljke narudžbe #${number}`, exact: true }).fill('CE123456789BA')
  await card.getByRole('button', { name: `Upiši broj pošiljke narudžbe #${number}` }).click()
  await expect(page.getByText('Broj pošiljke je spremljen.')).toBeVisible()
  await expect(card.getByRole('link', { name: 'Pratite pošiljku' })).toHaveAttribute(
    'href',
    'https://e2e-kurir.ba/pracenje/CE123456789BA',
  )
  await card.getByLabel(`Status narudžbe #${number}`).selectOption('shipped')
  await expect(card.getByText('Pouzeće nije isplaćeno')).toBeVisible()

  const buyer = await page.context().browser()!.newPage()
  await buyer.goto(orderPage)
  await expect(buyer.getByText('CE123456789BA')).toBeVisible()
  await expect(buyer.getByRole('link', { name: 'Pratite pošiljku' })).toHaveAttribute(
    'href',
    'https://e2e-kurir.ba/pracenje/CE123456789BA',
  )
  await buyer.close()

  // The courier's payout file, by tracking number, with an unknown row: the order is marked paid.
  await page.getByRole('link', { name: 'Isplate pouzeća' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Isplate pouzeća' })).toBeVisible()
  await page.getByLabel('CSV datoteka').setInputFiles({
    name: 'isplata.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `\uFEFFReferenca;Iznos;Datum\r\nCE123456789BA;${codAmount};05.03.2026\r\nNEPOZNATO-9;10,00;05.03.2026\r\n`,
    ),
  })
  await page.getByRole('button', { name: 'Uvezi' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Označeno plaćenim: 1' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Označeno plaćenim' })).toContainText(documentNumber)
  await expect(page.getByRole('region', { name: 'Nepoznata referenca' })).toContainText('NEPOZNATO-9')
  await shootAtWidths(page, 'courier-payouts')

  // The tracking-number import, the payout page's twin, before a file is chosen.
  await page.goto('/admin/orders/posiljke')
  await expect(page.getByRole('heading', { level: 1, name: 'Uvoz brojeva pošiljki' })).toBeVisible()
  await shootAtWidths(page, 'courier-tracking-import')

  await page.getByRole('link', { name: 'Narudžbe' }).first().click()
  await page.getByLabel('Pretraži narudžbe').fill(customer)
  await expect(card.getByText('Pouzeće isplaćeno 05.03.2026.')).toBeVisible()
})
