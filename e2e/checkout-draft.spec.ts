import { expect, test } from './fixtures.ts'
import { authorizationOf, cartLine, createOwnProduct, fillCheckoutOf, main, uniqueEmail } from './support.ts'

// The checkout in progress is kept for the tab (docs/decisions.md, Cart and orders (web)): a reload, or
// a phone that discarded the tab, reopens the form with what was typed; the order clears it.

test('a reload in the middle of checkout keeps the form open with what was typed, and the order clears it', async ({
  page,
  request,
}) => {
  const headers = await authorizationOf(request, 'admin@demo.ba')
  const product = await createOwnProduct(request, headers, { code: 'NAC', name: 'Kanta', price: 15, stock: 10 })
  const email = uniqueEmail('nacrt')
  await fillCheckoutOf(page, [cartLine(product, null, 2)], email, {
    address: { street: 'Ulica Nacrta 7', zip: '88340' },
    atCart: () =>
      main(page)
        .getByRole('radio', { name: /Brza dostava/ })
        .check(),
  })

  await page.reload()
  const form = main(page)
  await expect(form.getByLabel('Ime i prezime')).toHaveValue('Gost Kupac')
  await expect(form.getByLabel('Email')).toHaveValue(email)
  await expect(form.getByLabel('Adresa')).toHaveValue('Ulica Nacrta 7')
  await expect(form.getByLabel('Kanton/Entitet')).toHaveValue('Zapadno-Hercegovački kanton')
  await expect(form.getByLabel('Poštanski broj')).toHaveValue('88340')
  await expect(form.getByRole('radio', { name: /Brza dostava/ })).toBeChecked()
  await expect(form.getByRole('button', { name: 'Naručite' })).toBeVisible()

  await form.getByRole('button', { name: 'Naručite' }).click()
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/)
  expect(await page.evaluate(() => sessionStorage.getItem('shop.checkout-draft'))).toBeNull()

  // The next checkout in this tab starts clean.
  await page.evaluate((lines) => localStorage.setItem('shop.cart', JSON.stringify(lines)), [cartLine(product, null, 1)])
  await page.goto('/cart')
  await expect(main(page).getByRole('button', { name: 'Nastavite', exact: true })).toBeVisible()
  await main(page).getByRole('button', { name: 'Nastavite', exact: true }).click()
  await expect(main(page).getByLabel('Ime i prezime')).toHaveValue('')
})
