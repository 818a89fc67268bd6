import { expect, test } from './fixtures.ts'
import { createLampBeforeAll, main, newCustomer, placePickupOrder, signInAndWait } from './support.ts'

// A customer's cancel (customer-side.md §4 Order status, §4 Order confirmation): it asks first, and a
// cancelled order's confirmation says so. Every order is of this file's own customers and lamp.

const lamp = createLampBeforeAll()

test('the confirmation of a cancelled order says it is cancelled, not thanks', async ({ page, request }) => {
  const { session } = await newCustomer(request, 'otkazana')
  const order = await placePickupOrder(request, session, lamp, '6500K')
  await page.goto(`/order-confirmation/${order.id}`)
  await expect(main(page).getByRole('heading', { level: 1, name: 'Hvala na narudžbi!' })).toBeVisible()

  const cancel = await request.patch(`/api/orders/${order.id}/cancel`, {
    headers: { authorization: `Bearer ${session.token}` },
  })
  expect(cancel.status(), await cancel.text()).toBe(200)
  await page.reload()
  await expect(main(page).getByRole('heading', { level: 1, name: 'Narudžba je otkazana' })).toBeVisible()
  await expect(main(page).getByText('Ova narudžba je otkazana i neće biti isporučena.')).toBeVisible()
  await expect(main(page).getByText('Hvala na narudžbi!')).toHaveCount(0)
  await expect(main(page).getByText(/je zaprimljena/)).toHaveCount(0)
  await expect(main(page).getByText('Otkazano')).toBeVisible()
})

test('Otkaži narudžbu asks first, on /orders and on the account page orders tab', async ({ page, request }) => {
  const { email, password, session } = await newCustomer(request, 'potvrda')
  const first = await placePickupOrder(request, session, lamp, '6500K')
  const second = await placePickupOrder(request, session, lamp, '6500K')
  await signInAndWait(page, email, password)

  await page.goto('/orders')
  const card = main(page).getByRole('article', { name: `Narudžba #${first.id.slice(0, 8)}` })
  await card.getByRole('button', { name: 'Otkaži narudžbu' }).click()
  const dialog = page.getByRole('dialog', { name: `Otkazati narudžbu #${first.id.slice(0, 8)}?` })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText('Narudžba će biti otkazana i to se ne može poništiti.', { exact: false })).toBeVisible()
  // 'Ne' keeps the order as it was.
  await dialog.getByRole('button', { name: 'Ne, zadrži narudžbu' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(card.getByText('Na čekanju')).toBeVisible()
  // Escape too.
  await card.getByRole('button', { name: 'Otkaži narudžbu' }).click()
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(card.getByText('Na čekanju')).toBeVisible()
  // 'Da' cancels.
  await card.getByRole('button', { name: 'Otkaži narudžbu' }).click()
  await dialog.getByRole('button', { name: 'Da, otkaži narudžbu' }).click()
  await expect(page.getByText('Narudžba uspješno otkazana')).toBeVisible()
  await expect(card.getByText('Otkazano')).toBeVisible()

  await page.goto('/account?tab=orders')
  const other = main(page).getByRole('article', { name: `Narudžba #${second.id.slice(0, 8)}` })
  await other.getByRole('button', { name: 'Otkaži narudžbu' }).click()
  const question = page.getByRole('dialog', { name: `Otkazati narudžbu #${second.id.slice(0, 8)}?` })
  await expect(question).toBeVisible()
  await question.getByRole('button', { name: 'Zatvori' }).click()
  await expect(other.getByText('Na čekanju')).toBeVisible()
  await other.getByRole('button', { name: 'Otkaži narudžbu' }).click()
  await question.getByRole('button', { name: 'Da, otkaži narudžbu' }).click()
  await expect(page.getByText('Narudžba je uspješno otkazana')).toBeVisible()
  await expect(other.getByText('Otkazano')).toBeVisible()
})
