import { expect, test } from './fixtures.ts'
import { linkIn, openAsStaff, placeGuestOrderOfNewProduct, signInAndWait, signOut, waitForMail } from './support.ts'

// Orders admin (staff-and-content.md §2 Orders admin, §4 Order status, §6, §8 Orders): a guest
// orders a product of our own, the store manager finds the order and changes its status (the
// customer is mailed), and the admin deletes it. Only this spec's order is touched.

test('staff find an order, change its status with a mail to the customer, and an admin deletes a pending one', async ({
  page,
  request,
  adminHeaders: admin,
}) => {
  // The status mail is held a minute for the undo before it goes (docs/decisions.md 'Staff kit and
  // staff orders').
  test.setTimeout(180_000)
  const { product, order, customer } = await placeGuestOrderOfNewProduct(request, admin, {
    code: 'NAR',
    name: 'Kosilica',
    price: 250,
  })
  const number = order.id.slice(0, 8)

  // The store manager: search, status change at once and after the reload, the customer's mail.
  await openAsStaff(page, '/admin/orders')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.getByLabel('Pretraži narudžbe').fill(customer)
  const card = page.getByRole('article', { name: `Narudžba #${number}` })
  await expect(card).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(1)
  await expect(card.getByText(product.name)).toBeVisible()
  await expect(card.locator('.order-status')).toHaveText('Na čekanju')
  await expect(card.getByRole('button', { name: /Obriši/ })).toHaveCount(0)

  // A failed change: the error shows for 3 seconds and the order keeps its status.
  const statusFailed = 'Failed to update order status. Please try again.'
  await page.route('**/api/orders/*/status', (route) => route.fulfill({ status: 500, json: { message: 'Greška' } }), {
    times: 1,
  })
  await card.getByLabel(`Status narudžbe #${number}`).selectOption('completed')
  await expect(page.getByRole('alert').filter({ hasText: statusFailed })).toBeVisible()
  await expect(card.locator('.order-status')).toHaveText('Na čekanju')
  await expect(page.getByText(statusFailed)).toBeHidden({ timeout: 5_000 })

  const patched = page.waitForResponse((response) => response.url().endsWith(`/api/orders/${order.id}/status`))
  await card.getByLabel(`Status narudžbe #${number}`).selectOption('shipped')
  await expect(card.locator('.order-status')).toHaveText('Poslano')
  expect((await patched).status()).toBe(200)
  await expect(card.locator('.order-status--shipped')).toBeVisible()
  // The customer's mail waits a minute for a possible 'Poništi' (docs/decisions.md 'Staff kit and staff
  // orders'), then goes.
  await expect(page.getByRole('status').filter({ hasText: 'Kupac dobiva obavijest za minutu.' })).toBeVisible()
  const mail = await waitForMail(customer, new RegExp(`Narudžba #${number}: Poslano`), 100_000)
  expect(mail.text).toContain('Novi status: Poslano')
  // docs/decisions.md, 'The private order page': the link opens the order by a token, never by its id.
  expect(linkIn(mail, '/narudzba/')).toMatch(/\/narudzba\/[A-Za-z0-9_-]{43}$/)
  expect(mail.text).not.toContain(order.id)

  // The filter agrees with the server: the order is now among the shipped ones only.
  await page.getByLabel('Status', { exact: true }).selectOption('pending')
  await expect(page.getByText('Ništa ne odgovara pretrazi.')).toBeVisible()
  await page.getByLabel('Status', { exact: true }).selectOption('shipped')
  await expect(card).toBeVisible()

  // The admin cannot delete it: it has a document number, and invoice numbers run without gaps
  // (docs/decisions.md, 'Invoices and packing slips'). A pending order is deleted after the confirmation.
  const pending = await placeGuestOrderOfNewProduct(request, admin, { code: 'NAR', name: 'Grablje', price: 20 })
  const pendingNumber = pending.order.id.slice(0, 8)
  await signOut(page)
  await signInAndWait(page, 'admin@demo.ba')
  await page.goto('/admin/orders')
  await page.getByLabel('Pretraži narudžbe').fill(number)
  await expect(card).toBeVisible()
  await expect(card.getByText(/Broj dokumenta: \d{4}-\d{6}/)).toBeVisible()
  await expect(card.getByRole('button', { name: /Obriši/ })).toHaveCount(0)
  await page.getByLabel('Pretraži narudžbe').fill(pendingNumber)
  const pendingCard = page.getByRole('article', { name: `Narudžba #${pendingNumber}` })
  await expect(pendingCard).toBeVisible()
  let confirmation = ''
  page.once('dialog', (dialog) => {
    confirmation = dialog.message()
    void dialog.accept()
  })
  await pendingCard.getByRole('button', { name: `Obriši narudžbu #${pendingNumber}` }).click()
  await expect(page.getByText('Order deleted successfully')).toBeVisible()
  expect(confirmation).toContain(`#${pendingNumber}`)
  await expect(pendingCard).toHaveCount(0)
  expect((await request.get(`/api/orders/${pending.order.id}`)).status()).toBe(404)
})

test('a customer is sent away from the orders admin', async ({ page }) => {
  await signInAndWait(page, 'kupac@demo.ba')
  await page.goto('/admin/orders')
  await expect(page).not.toHaveURL(/\/admin\/orders/)
  // Where the customer lands may show product cards; no order card is among them.
  await expect(page.getByRole('article', { name: /^Narudžba #/ })).toHaveCount(0)
})

test('a failed access check says so and goes to the home page', async ({ page }) => {
  await signInAndWait(page, 'menadzer@demo.ba')
  await page.route('**/api/auth/me', (route) => route.fulfill({ status: 503, json: { message: 'Nedostupno' } }))
  await page.goto('/admin/orders')
  await expect(page.getByText('Failed to verify access permissions. Please try again.')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
})
