import { expect, test } from './fixtures.ts'
import { authorizationOf, createOwnProduct, fillCheckoutAddress, main, uniqueEmail, waitForMail } from './support.ts'

// docs/decisions.md, 'Units of measure and lines without a limit': a product sold by the metre says so on
// its page, in the cart, on the confirmation page and in the mail, and 51 m pass the per-line limit.

test('51 metres of cable: the price per metre, the unit in the cart, the order and the mail', async ({
  page,
  request,
}) => {
  const headers = await authorizationOf(request, 'admin@demo.ba')
  const metreCable = { code: 'KABEL', name: 'Kabel PP-Y', price: 1.9, stock: 500, unit: 'm', no_line_limit: true }
  const cable = await createOwnProduct(request, headers, metreCable)
  const email = uniqueEmail('metri')
  try {
    await page.goto(`/product/${cable.id}`)
    await expect(main(page).getByRole('heading', { level: 1, name: cable.name })).toBeVisible()
    await expect(main(page).getByText('Cijena za 1 m')).toBeVisible()
    await main(page).getByRole('button', { name: 'Dodaj u košaricu' }).click()
    await expect(page).toHaveURL(/\/cart$/)

    const quantity = main(page).getByRole('spinbutton', { name: `Količina za ${cable.name}` })
    await quantity.fill('51')
    await quantity.blur()
    await expect(main(page).getByTestId('cart-line-unit')).toHaveText('m')
    await expect(main(page).getByText('96,90 KM').first()).toBeVisible()
    await expect(main(page).getByText(/Najviše \d+/)).toHaveCount(0)

    await main(page).getByRole('button', { name: 'Nastavite', exact: true }).click()
    await fillCheckoutAddress(main(page), email)
    await main(page).getByRole('button', { name: 'Naručite' }).click()
    await expect(main(page).getByRole('heading', { name: 'Hvala na narudžbi!' })).toBeVisible()
    const line = main(page).getByRole('listitem').filter({ hasText: cable.name })
    await expect(line.locator('.order-lines__quantity')).toHaveText('51 m ×')
    await expect(line.locator('.order-lines__price')).toHaveText('1,90 KM / m')

    const mail = await waitForMail(email, /Narudžba/)
    expect(mail.text).toContain(`- 51 m × ${cable.name}`)
    expect(mail.text).toContain('1,90 KM / m')
  } finally {
    await request.delete(`/api/products/${cable.id}`, { headers })
  }
})
