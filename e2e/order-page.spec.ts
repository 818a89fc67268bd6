import { expect, test, type Page } from './fixtures.ts'
import {
  cartLine,
  createOwnProductBeforeAll,
  expectNoAxeViolations,
  openCheckoutOf,
  fillCheckoutAddress,
  main,
  newCustomer,
  orderPageFromMail,
  placeGuestOrder,
  placePickupOrder,
  signInAndWait,
  stockOf,
  uniqueEmail,
} from './support.ts'

// The private order page (docs/decisions.md, 'The private order page'): a guest follows the link in her
// confirmation mail, watches the status timeline grow as staff move the order on, and cancels a pending
// order from its page after a confirmation. A wrong token shows nothing of any order.

const { staff, product } = createOwnProductBeforeAll({ code: 'NAR', name: 'Libela 60 cm', price: 35, stock: 10 })

const timeline = (page: Page) => main(page).getByRole('list', { name: 'Tijek narudžbe' })

test('a guest follows the mailed link to her order and sees its timeline grow as staff move it on', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('stranica-narudzbe')
  await openCheckoutOf(page, [cartLine(product, null, 2)])
  await fillCheckoutAddress(main(page), email, { phone: '063 123 456', street: 'Kralja Tomislava 1' })
  await main(page).getByRole('button', { name: 'Naručite' }).click()

  // The confirmation reads the order by the checkout's token: the buyer's own data and a way to her page.
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/)
  await expect(main(page).getByRole('heading', { name: 'Hvala na narudžbi!' })).toBeVisible()
  await expect(main(page).getByText('Kralja Tomislava 1')).toBeVisible()
  await expect(main(page).getByRole('link', { name: 'Pratite narudžbu' })).toBeVisible()
  const orderId = page.url().split('/').pop() ?? ''

  const path = await orderPageFromMail(email)
  expect(path).toMatch(/^\/narudzba\/[A-Za-z0-9_-]{43}$/)
  expect(path).not.toContain(orderId)
  await page.goto(path)
  await expect(main(page).getByRole('heading', { level: 1, name: `Narudžba #${orderId.slice(0, 8)}` })).toBeVisible()
  await expect(main(page).getByText(product.name)).toBeVisible()
  await expect(main(page).getByText('Kralja Tomislava 1')).toBeVisible()
  // Phone and e-mail partly masked; the full ones are nowhere on the page.
  await expect(main(page).getByText('063 *** *56')).toBeVisible()
  await expect(main(page).getByText('st***@test.example')).toBeVisible()
  await expect(main(page)).not.toContainText(email)
  await expect(main(page)).not.toContainText('063 123 456')
  await expect(timeline(page).getByRole('listitem')).toHaveCount(1)
  await expect(timeline(page).getByRole('listitem').first()).toContainText('Na čekanju')
  await expect(timeline(page).getByRole('listitem').first()).toContainText(/\d{2}\.\d{2}\.\d{4}\. u \d{2}:\d{2}/)
  await expect(main(page).getByRole('button', { name: 'Otkaži narudžbu' })).toBeVisible()
  await expectNoAxeViolations(page)

  for (const [status, label, steps] of [
    ['processing', 'U obradi', 2],
    ['shipped', 'Poslano', 3],
  ] as const) {
    const changed = await request.patch(`/api/orders/${orderId}/status`, { headers: staff, data: { status } })
    expect(changed.status(), await changed.text()).toBe(200)
    await page.reload()
    await expect(timeline(page).getByRole('listitem')).toHaveCount(steps)
    await expect(timeline(page).getByRole('listitem').last()).toContainText(label)
  }
  // Once confirmed the order has its invoice number; once shipped, the expected delivery (creation + 7 days).
  await expect(main(page).getByText(/^\d{4}-\d{6}$/)).toBeVisible()
  await expect(main(page).getByText('Očekivana dostava')).toBeVisible()
  await expect(main(page).getByRole('button', { name: 'Otkaži narudžbu' })).toHaveCount(0)
  await page.setViewportSize({ width: 390, height: 900 })
  await expectNoAxeViolations(page)
})

test('a guest cancels a pending order from its page after saying yes', async ({ page, request }) => {
  const email = uniqueEmail('otkaz-stranica')
  const order = await placeGuestOrder(request, { email, productId: product.id, quantity: 3, fullName: 'Gost Otkaz' })
  const stockBefore = await stockOf(request, product.id)
  await page.goto(await orderPageFromMail(email))
  const number = order.id.slice(0, 8)

  const cancel = main(page).getByRole('button', { name: 'Otkaži narudžbu' })
  await cancel.click()
  const dialog = page.getByRole('dialog', { name: `Otkazati narudžbu #${number}?` })
  await expect(dialog.getByText('Narudžba će biti otkazana i to se ne može poništiti.', { exact: false })).toBeVisible()
  await expectNoAxeViolations(page)
  await dialog.getByRole('button', { name: 'Ne, zadrži narudžbu' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(timeline(page).getByRole('listitem')).toHaveCount(1)

  await cancel.click()
  await dialog.getByRole('button', { name: 'Da, otkaži narudžbu' }).click()
  await expect(page.getByText('Narudžba je uspješno otkazana')).toBeVisible()
  await expect(timeline(page).getByRole('listitem')).toHaveCount(2)
  await expect(timeline(page).getByRole('listitem').last()).toContainText('Otkazano')
  await expect(main(page).getByRole('button', { name: 'Otkaži narudžbu' })).toHaveCount(0)
  expect(await stockOf(request, product.id)).toBe(stockBefore + 3)

  await page.reload()
  await expect(timeline(page).getByRole('listitem').last()).toContainText('Otkazano')
})

test('a signed-in buyer opens the same page from her history, by the order id', async ({ page, request }) => {
  const { email, password, session } = await newCustomer(request, 'povijest-stranica')
  const order = await placePickupOrder(request, session, product, null)
  await signInAndWait(page, email, password)
  await page.goto('/orders')
  const number = order.id.slice(0, 8)
  await main(page)
    .getByRole('article', { name: `Narudžba #${number}` })
    .getByRole('link', { name: 'Detalji narudžbe' })
    .click()
  await expect(page).toHaveURL(`/orders/${order.id}`)
  await expect(main(page).getByRole('heading', { level: 1, name: `Narudžba #${number}` })).toBeVisible()
  await expect(timeline(page).getByRole('listitem')).toHaveCount(1)
  await expect(main(page).getByText('063 *** *22')).toBeVisible()
})

test('a wrong or guessed token shows no order, and the API answers it 404 with no data', async ({ page, request }) => {
  for (const token of ['A'.repeat(43), 'nije-token']) {
    await page.goto(`/narudzba/${token}`)
    await expect(main(page).getByRole('heading', { name: 'Narudžba nije pronađena' })).toBeVisible()
    await expect(main(page).getByText('Poveznica nije ispravna ili je istekla.', { exact: false })).toBeVisible()
    const response = await request.get(`/api/order-status/${token}`)
    expect(response.status()).toBe(404)
    expect(await response.json()).toEqual({
      message: 'Narudžba nije pronađena',
      error: 'Not Found',
      code: 'ORDER_NOT_FOUND',
    })
  }
})
