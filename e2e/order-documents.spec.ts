import { expect, test, type Page } from './fixtures.ts'
import {
  createProduct,
  downloadOf,
  GRUDE_ADDRESS,
  openAsStaff,
  pdfTextOf,
  placeOrderThroughApi,
  shoot,
  shootAtWidths,
  uniqueEmail,
  uniqueSuffix,
} from './support.ts'

// Invoices and packing slips (docs/decisions.md, 'Invoices and packing slips'): the store manager types
// the company's tax facts, confirms a guest's order (which gets its document number), prints its
// invoice and packing slip and a selection's invoices in bulk; the PDFs are read back with pdftotext
// (poppler-utils) as a person's viewer shows them: the number, PDV base and amount that add up to the
// total, č ć đ š ž and a Cyrillic product name exactly as typed.

/** The text of a downloaded PDF, its layout kept. */
async function downloadedText(page: Page, click: () => Promise<void>): Promise<string> {
  return pdfTextOf(await (await downloadOf(page, click)).path())
}

/** 1.234,50 as a number. */
const amount = (text: string) => Number(text.replace(/\./g, '').replace(',', '.'))

// The file's one scenario, from the tax facts to the customer's page, takes longer than the default minute.
test.describe.configure({ timeout: 120_000 })

test('staff confirm an order and print its invoice and packing slip with the letters as typed', async ({
  page,
  request,
  adminHeaders: admin,
}) => {
  const suffix = uniqueSuffix()
  const latin = await createProduct(request, admin, {
    customId: `E2E-RAC-${suffix}`,
    name: 'Čaša ćup đon šal žica',
    price: 24.9,
    stock: 10,
  })
  const cyrillic = await createProduct(request, admin, {
    customId: `E2E-ЋИР-${suffix.slice(-4)}`,
    name: 'Ђурђевак чај од шипка',
    price: 13.35,
    stock: 10,
  })
  const customer = uniqueEmail('racun')
  const order = await placeOrderThroughApi<{ id: string; total: number }>(request, {
    email: customer,
    products: [
      { product_id: latin.id, quantity: 2 },
      { product_id: cyrillic.id, quantity: 1 },
    ],
    shippingAddress: { ...GRUDE_ADDRESS, full_name: `Đorđe Šćekić-Žužić ${suffix}`, street_address: 'Čapljinska 7' },
  })
  const number = order.id.slice(0, 8)

  // The company's tax facts, through their page: a wrong ID number is named, then the facts are saved.
  await openAsStaff(page, '/admin/orders')
  await page.getByRole('link', { name: 'Podaci za račune' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Podaci za račune' })).toBeVisible()
  await page.getByLabel('Puni naziv firme').fill('Trgovina Sovići d.o.o.')
  await page.getByLabel('Ulica i broj').fill('Sovići bb')
  await page.getByLabel('Poštanski broj i mjesto').fill('88344 Sovići')
  await page.getByLabel('ID broj (JIB/IDB)').fill('42271234500')
  await page.getByLabel('PDV broj').fill('227123450008')
  await page.getByLabel('Broj žiro računa').fill('BA39 1290 0794 0102 8494')
  await page.getByRole('button', { name: 'Spremi podatke' }).click()
  await expect(page.getByText('ID broj (JIB/IDB) mora imati tačno 13 cifara')).toBeVisible()
  await page.getByLabel('ID broj (JIB/IDB)').fill('4227123450008')
  await page.getByRole('button', { name: 'Spremi podatke' }).click()
  await expect(page.getByText('Podaci za račune su spremljeni.')).toBeVisible()
  await shoot(page, 'tax-facts-1280', { fullPage: true })

  // Confirming the order gives it its document number.
  await page.goto('/admin/orders')
  await page.getByLabel('Pretraži narudžbe').fill(customer)
  const card = page.getByRole('article', { name: `Narudžba #${number}` })
  await expect(card).toBeVisible()
  await expect(card.getByRole('button', { name: `Račun (PDF) narudžbe #${number}` })).toBeDisabled()
  await card.getByLabel(`Status narudžbe #${number}`).selectOption('processing')
  await expect(card.getByText(/Broj dokumenta: \d{4}-\d{6}/)).toBeVisible()
  const documentNumber = (await card.locator('.admin-order__document strong').textContent())!.trim()
  expect(documentNumber).toMatch(/^\d{4}-\d{6}$/)
  // The document number finds the order.
  await page.getByLabel('Pretraži narudžbe').fill(documentNumber)
  await expect(page.getByRole('article')).toHaveCount(1)
  await expect(card).toBeVisible()

  const invoice = await downloadedText(page, () =>
    card.getByRole('button', { name: `Račun (PDF) narudžbe #${number}` }).click(),
  )
  expect(invoice).toContain('RAČUN - OTPREMNICA')
  expect(invoice).toContain(`Broj: ${documentNumber}`)
  expect(invoice).toContain('Trgovina Sovići d.o.o.')
  expect(invoice).toContain('ID broj: 4227123450008')
  expect(invoice).toContain('Čaša ćup đon šal žica')
  expect(invoice).toContain('Ђурђевак чај од шипка')
  expect(invoice).toContain(`Đorđe Šćekić-Žužić ${suffix}`)
  const base = amount(/Osnovica \(iznos bez PDV-a\)\s+([\d.,]+) KM/.exec(invoice)![1]!)
  const vat = amount(/PDV 17 %\s+([\d.,]+) KM/.exec(invoice)![1]!)
  const total = amount(/UKUPNO ZA NAPLATU(?: POUZEĆEM)?\s+([\d.,]+) KM/.exec(invoice)![1]!)
  expect(total).toBe(order.total)
  expect(Math.round(base * 100) + Math.round(vat * 100)).toBe(Math.round(total * 100))
  expect(vat).toBe(Math.round(((total * 17) / 117) * 100) / 100)

  const slip = await downloadedText(page, () =>
    card.getByRole('button', { name: `Otpremnica (PDF) narudžbe #${number}` }).click(),
  )
  expect(slip).toContain('OTPREMNICA - LISTA ZA PAKOVANJE')
  expect(slip).toContain(`Uz račun broj: ${documentNumber}`)
  expect(slip).toContain('Ђурђевак чај од шипка')
  expect(slip).toContain('Čapljinska 7')
  expect(slip).toContain('063 123 456')
  expect(slip).not.toContain('KM')

  // The fiscal receipt number typed on the card prints on the invoice; a selection prints as one PDF.
  await card.getByLabel(`Broj fiskalnog računa narudžbe #${number}`).fill('004512/2026')
  await card.getByRole('button', { name: 'Spremi' }).click()
  await expect(page.getByText('Broj fiskalnog računa je spremljen.')).toBeVisible()
  await card.getByRole('checkbox', { name: `Odaberi narudžbu #${number}` }).check()
  await expect(page.getByText('Odabrano: 1')).toBeVisible()
  const bulk = await downloadedText(page, () => page.getByRole('button', { name: 'Ispiši račune' }).click())
  expect(bulk).toContain(`Broj: ${documentNumber}`)
  expect(bulk).toContain('Broj fiskalnog računa: 004512/2026')

  await shootAtWidths(page, 'order-card', { of: card })

  // The customer sees the document number on the order's page.
  await page.goto(`/order-confirmation/${order.id}`)
  await expect(page.getByText(documentNumber)).toBeVisible()
})
