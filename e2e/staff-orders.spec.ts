import { expect, test } from './fixtures.ts'
import {
  authorizationOf,
  createOwnProduct,
  main,
  openAsStaff,
  shootAtWidths,
  signInAndWait,
  signOut,
} from './support.ts'

// docs/decisions.md, 'Orders entered by staff': a store manager enters a phone order for a registered
// customer at /admin/orders/new, with a 10 % discount and its reason; the stock drops and the customer
// finds the order in her history.

test('a manager enters a phone order with a discount for a customer, who sees it in her history', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const manager = await authorizationOf(request, 'menadzer@demo.ba')
  const product = await createOwnProduct(request, manager, { code: 'TEL', name: 'Bušilica', price: 100, stock: 10 })

  await openAsStaff(page, '/admin/orders')
  await main(page).getByRole('link', { name: 'Nova narudžba' }).click()
  await expect(page).toHaveURL(/\/admin\/orders\/new$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Nova narudžba' })).toBeVisible()

  // The customer, found by her e-mail; her details fill the form.
  await page.getByLabel('Pretraži registrovane kupce').fill('kupac@demo.ba')
  await main(page)
    .getByRole('button', { name: /^Odaberi / })
    .first()
    .click()
  await expect(page.getByText(/Registrovani kupac: .*kupac@demo\.ba/)).toBeVisible()

  // The product by its name, with the stock it has now.
  await page.getByLabel('Dodaj proizvod (naziv ili šifra)').fill(product.name)
  const match = main(page).getByRole('listitem').filter({ hasText: product.name })
  await expect(match.getByText('Na stanju: 10')).toBeVisible()
  await match.getByRole('button', { name: `Dodaj ${product.name}` }).click()

  const line = main(page).locator('.new-order__line').filter({ hasText: product.name })
  await line.getByLabel('Količina').fill('2')
  await line.getByLabel('Popust %').fill('10')
  // A discount without its reason is refused before it is sent.
  await main(page).getByRole('button', { name: 'Spremi narudžbu' }).click()
  await expect(line.getByText('Upišite razlog popusta.')).toBeVisible()
  await line.getByLabel('Razlog popusta').fill('Stalni kupac')
  await expect(line.getByText('Iznos: 180,00 KM')).toBeVisible()

  // Pickup at the shop when the shop offers it, so that the customer's address does not matter.
  const shipping = page.getByLabel('Način dostave')
  const labels = await shipping.locator('option').allTextContents()
  const pickup = labels.find((label) => /preuzim/i.test(label))
  if (pickup) await shipping.selectOption({ label: pickup })
  await page.getByLabel('Izvor narudžbe').selectOption({ label: 'Telefon' })
  await expect(page.getByLabel('Pošalji potvrdu kupcu')).toBeChecked()
  await expect(line.getByText('Upišite razlog popusta.')).toHaveCount(0)
  await shootAtWidths(page, 'new-order')

  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/orders/staff') && response.request().method() === 'POST',
  )
  await main(page).getByRole('button', { name: 'Spremi narudžbu' }).click()
  const response = await created
  expect(response.status()).toBe(201)
  const order = (await response.json()) as { id: string; source: string; email: string }
  expect(order).toMatchObject({ source: 'telefon', email: 'kupac@demo.ba' })
  const number = order.id.slice(0, 8)
  await expect(page.getByRole('heading', { name: 'Narudžba je spremljena' })).toBeVisible()
  await expect(page.getByText(`Narudžba #${number} je spremljena.`)).toBeVisible()
  await expect(page.getByText('−10 % (Stalni kupac)')).toBeVisible()

  // The stock dropped by the two pieces.
  const stored = (await (await request.get(`/api/products/${product.id}`)).json()) as { stock: number }
  expect(stored.stock).toBe(8)

  // The orders list shows where the order came from.
  await page.goto('/admin/orders')
  await page.getByLabel('Izvor narudžbe').selectOption({ label: 'Telefon' })
  const card = page.getByRole('article', { name: `Narudžba #${number}` })
  await expect(card.getByText('Izvor narudžbe: Telefon')).toBeVisible()

  // The customer sees it in her history.
  await signOut(page)
  await signInAndWait(page, 'kupac@demo.ba')
  await page.goto('/orders')
  await expect(main(page).getByRole('article', { name: `Narudžba #${number}` })).toBeVisible()
})
