import { expect, test } from './fixtures.ts'
import { cartLine, createLampBeforeAll, expectNoAxeViolations, openCheckoutOf, main } from './support.ts'

// Postcodes (docs/decisions.md ('Reorder, quick order and postcodes'), 'Postcodes'): the checkout and the registration suggest the place
// from the postcode and the postcode from the place, take the canton the place determines, and warn
// (without blocking) when the two disagree.

const lamp = createLampBeforeAll()

test('the checkout suggests the place of a postcode, takes its canton and warns when the place disagrees', async ({
  page,
}) => {
  await openCheckoutOf(page, [cartLine(lamp, '6500K', 1)])
  const form = main(page)
  const city = form.getByLabel('Grad', { exact: true })
  const zip = form.getByLabel('Poštanski broj')
  const canton = form.getByLabel('Kanton/Entitet')

  await zip.fill('88340')
  await expect(form.getByText('Pošta 88340: Grude')).toBeVisible()
  await form.getByRole('button', { name: 'Upiši mjesto Grude' }).click()
  await expect(city).toHaveValue('Grude')
  await expect(city).toBeFocused()
  await expect(canton).toHaveValue('Zapadno-Hercegovački kanton')

  // '88000 Grude' is told, not refused: Grude is 88340.
  await zip.fill('88000')
  await expect(
    form.getByText('Poštanski broj 88000 pripada mjestu Mostar, a upisano je Grude. Provjerite adresu.'),
  ).toBeVisible()
  await expect(zip).not.toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page, 'main form')
  // A canton the buyer has is never changed by the suggestion.
  await expect(canton).toHaveValue('Zapadno-Hercegovački kanton')
  await zip.fill('88340')
  await expect(form.getByText(/pripada mjestu/)).toHaveCount(0)
})

test('the registration offers the postcode of a place to the keyboard, in Cyrillic too', async ({ page }) => {
  await page.goto('/register')
  await page.getByLabel('Grad').fill('Широки Бријег')
  const use = page.getByRole('button', { name: 'Upiši broj 88220' })
  await expect(page.getByText('Pošta 88220: Široki Brijeg')).toBeVisible()
  await use.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Poštanski broj')).toHaveValue('88220')
  await expect(page.getByLabel('Poštanski broj')).toBeFocused()
  await expect(page.getByLabel('Kanton/Entitet')).toHaveValue('Zapadno-Hercegovački kanton')
})

test('GET /api/postcodes answers the office of a code and of a place', async ({ request }) => {
  const byCode = await request.get('/api/postcodes?q=88340')
  expect(byCode.status()).toBe(200)
  expect(await byCode.json()).toEqual({
    data: [{ code: '88340', place: 'Grude', region: 'Zapadno-Hercegovački kanton' }],
  })
  const byPlace = await request.get(`/api/postcodes?q=${encodeURIComponent('tuzla')}`)
  expect(await byPlace.json()).toEqual({ data: [{ code: '75000', place: 'Tuzla', region: 'Tuzlanski kanton' }] })
})
