import { DEFAULT_ORDER_LIMITS } from '../packages/shared/src/rules/order-limits.ts'
import { expect, test } from './fixtures.ts'
import {
  authorizationOf,
  cartLine,
  createOwnProduct,
  currentVersion,
  fillCheckoutOf,
  main,
  openAsStaff,
  shoot,
  uniqueEmail,
} from './support.ts'

// Order limits (docs/decisions.md 'Order limits and suspicious orders'): the store manager lowers the pieces one order may take of a product; a guest who is
// already in the checkout meets the limit at the submit, then in the cart itself; the order placed
// near the limit is flagged, and staff find it under 'Sumnjive' with the reason. The limit is set
// to 10, above any quantity another spec file orders, and put back at the end.

test('staff set a limit, a guest meets it in the checkout, and staff see the order flagged', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  const manager = await authorizationOf(request, 'menadzer@demo.ba')
  const product = await createOwnProduct(request, manager, { code: 'LIM', name: 'Cigle', price: 2, stock: 100 })

  // The guest fills the checkout with 12 bricks while the limit is still 50.
  const guestContext = await browser.newContext({ locale: 'bs-BA', viewport: { width: 1280, height: 900 } })
  const guest = await guestContext.newPage()
  const email = uniqueEmail('granica')
  try {
    await fillCheckoutOf(guest, [cartLine(product, null, 12, 2)], email, { address: { fullName: 'Gost Granica' } })

    // The store manager opens the limits from the orders page and lowers the pieces per product to 10.
    await openAsStaff(page, '/admin/orders')
    await page.getByRole('link', { name: 'Ograničenja narudžbi' }).click()
    await expect(page).toHaveURL(/\/admin\/orders\/limits$/)
    const perLine = page.getByLabel('Najviše komada jednog proizvoda')
    await expect(perLine).toHaveValue('50')
    await perLine.fill('0')
    await page.getByRole('button', { name: 'Spremi promjene' }).click()
    await expect(page.getByText('Unesite cijeli broj od 1 do 10000')).toBeVisible()
    await perLine.fill('10')
    await page.getByRole('button', { name: 'Spremi promjene' }).click()
    await expect(page.getByText('Ograničenja narudžbi su spremljena')).toBeVisible()
    await shoot(page, 'staff-limits-1280', { fullPage: true })
    await page.setViewportSize({ width: 390, height: 844 })
    await shoot(page, 'staff-limits-390', { fullPage: true })
    await page.setViewportSize({ width: 1280, height: 900 })

    // The guest's page still knows 50: the server refuses at the submit, and the cart then shows why.
    const message = `Najviše 10 kom. proizvoda "${product.name}" po narudžbi. Za veću količinu nazovite nas ili pišite nam.`
    const order = main(guest).getByRole('button', { name: 'Naručite' })
    await order.click()
    await expect(main(guest).getByRole('alert').filter({ hasText: message }).first()).toBeVisible()
    await expect(main(guest).getByRole('listitem').filter({ hasText: product.name }).getByText(message)).toBeVisible()
    await expect(order).toBeDisabled()
    await shoot(guest, 'checkout-limit-1280', { fullPage: true })
    await guest.setViewportSize({ width: 390, height: 844 })
    await shoot(guest, 'checkout-limit-390', { fullPage: true })
    await shoot(main(guest).getByRole('listitem').filter({ hasText: product.name }), 'checkout-limit-390-line')
    await shoot(guest.locator('.cart-summary'), 'checkout-limit-390-summary')
    await guest.setViewportSize({ width: 1280, height: 900 })

    // 8 pieces pass, and 8 of 10 is near the limit.
    const quantity = main(guest).getByRole('spinbutton', { name: `Količina za ${product.name}` })
    await quantity.fill('8')
    await quantity.blur()
    await expect(main(guest).getByRole('listitem').filter({ hasText: product.name }).getByText(message)).toHaveCount(0)
    await expect(order).toBeEnabled()
    await order.click()
    await expect(guest).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/)
    const number = guest.url().split('/').at(-1)!.slice(0, 8)

    await page.goto('/admin/orders')
    await page.getByRole('checkbox', { name: 'Sumnjive' }).check()
    await page.getByLabel('Pretraži narudžbe').fill(email)
    const card = page.getByRole('article', { name: new RegExp(`Narudžba #${number}`) })
    await expect(card).toBeVisible()
    await expect(card.getByText('Sumnjiva', { exact: true })).toBeVisible()
    const reasons = card.getByRole('region', { name: 'Zašto provjeriti' })
    await expect(reasons).toContainText(`Količina blizu granice: "${product.name}" 8 kom. (granica 10)`)
    await shoot(card, 'staff-flagged-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await shoot(card, 'staff-flagged-390')

    // Staff checked it and found it genuine: the flag goes, and the order leaves 'Sumnjive'.
    await reasons.getByRole('button', { name: `Provjereno, ukloni oznaku sumnjive narudžbe #${number}` }).click()
    await expect(
      page.getByRole('status').filter({ hasText: `Oznaka sumnjive narudžbe #${number} je uklonjena.` }),
    ).toBeVisible()
    await expect(card).toHaveCount(0)
    await page.getByRole('checkbox', { name: 'Sumnjive' }).uncheck()
    await expect(card).toBeVisible()
    await expect(card.getByText('Sumnjiva', { exact: true })).toHaveCount(0)
    await expect(card.getByRole('region', { name: 'Zašto provjeriti' })).toHaveCount(0)
  } finally {
    const restored = await request.put('/api/settings/order-limits', {
      headers: manager,
      data: { ...DEFAULT_ORDER_LIMITS, version: await currentVersion(request, '/api/settings/order-limits', manager) },
    })
    expect(restored.status(), await restored.text()).toBe(200)
    await guestContext.close()
  }
})
