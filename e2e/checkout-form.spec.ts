import { expect, test } from './fixtures.ts'
import { cartLine, createLampBeforeAll, main, openCheckoutOf } from './support.ts'

// The checkout form (customer-side.md §4 Checkout flow, §5 Checkout address): it opens clean, a field
// is judged when it is left and every field when 'Naručite' is pressed. The lamp is this file's own.

const lamp = createLampBeforeAll()

test('the first press of Nastavite only opens a clean form; errors come on leaving a field or on Naručite', async ({
  page,
}) => {
  // As a shopper does: the summary with its total is there before 'Nastavite' is pressed.
  await openCheckoutOf(page, [cartLine(lamp, '6500K', 1)], async () => {
    await expect(main(page).getByRole('region', { name: 'Pregled narudžbe' })).toContainText('KM')
  })
  await expect(main(page).getByRole('heading', { name: 'Podaci za dostavu' })).toBeVisible()
  const name = main(page).getByLabel('Ime i prezime')
  await expect(name).toBeFocused()
  await expect(main(page).locator('[aria-invalid="true"]')).toHaveCount(0)
  for (const message of ['Ime i prezime je obavezno', 'Broj telefona je obavezan', 'Email je obavezan']) {
    await expect(main(page).getByText(message, { exact: true })).toHaveCount(0)
  }

  // 'Naručite' pressed straight away (the name field still focused) judges every field.
  await main(page).getByRole('button', { name: 'Naručite' }).click()
  for (const message of ['Ime i prezime je obavezno', 'Broj telefona je obavezan', 'Email je obavezan']) {
    await expect(main(page).getByText(message, { exact: true })).toBeVisible()
  }
  // A reload keeps the checkout open (docs/decisions.md, Cart and orders (web)), clean again: nothing was typed.
  await page.reload()
  await expect(main(page).getByRole('button', { name: 'Nastavite', exact: true })).toHaveCount(0)
  await expect(name).toBeFocused()
  await expect(name).toHaveValue('')
  await expect(main(page).locator('[aria-invalid="true"]')).toHaveCount(0)

  // Leaving a field judges that field alone.
  await name.blur()
  await expect(main(page).getByText('Ime i prezime je obavezno', { exact: true })).toBeVisible()
  await expect(main(page).getByText('Broj telefona je obavezan', { exact: true })).toHaveCount(0)
  await name.fill('Ana Kupac')
  await expect(main(page).getByText('Ime i prezime je obavezno', { exact: true })).toHaveCount(0)

  // 'Naručite' judges them all, and no order is made.
  await main(page).getByRole('button', { name: 'Naručite' }).click()
  for (const message of ['Broj telefona je obavezan', 'Email je obavezan', 'Adresa je obavezna', 'Grad je obavezan']) {
    await expect(main(page).getByText(message, { exact: true })).toBeVisible()
  }
  await expect(page).toHaveURL(/\/cart$/)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 900 } })

  test('a tap on a shipping option right after Nastavite is not lost to an error moving it', async ({ page }) => {
    await openCheckoutOf(page, [cartLine(lamp, '6500K', 1)])
    await expect(main(page).getByLabel('Ime i prezime')).toBeFocused()
    const pickup = main(page).getByRole('radio', { name: /Osobno preuzimanje/ })
    await pickup.check()
    await expect(pickup).toBeChecked()
    await expect(main(page).getByRole('heading', { name: 'Podaci za preuzimanje' })).toBeVisible()
    // The field that was left is judged once the tap is over.
    await expect(main(page).getByText('Ime i prezime je obavezno', { exact: true })).toBeVisible()
    await main(page).getByRole('button', { name: 'Naručite' }).click()
    await expect(main(page).getByText('Broj telefona je obavezan', { exact: true })).toBeVisible()
  })
})
