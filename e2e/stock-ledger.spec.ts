import { expect, test } from './fixtures.ts'
import { authorizationOf, createOwnProduct, placeGuestOrder, shoot, signInAndWait, uniqueEmail } from './support.ts'

// docs/decisions.md, 'Stock ledger': a store manager opens a product's 'Stanje zaliha', corrects the
// stock with reason 'inventura' and sees her row with her e-mail; a shopper's order shows as a row.

test('a store manager corrects stock and reads the ledger, where a shopper’s order is a row', async ({
  page,
  request,
}) => {
  const manager = 'menadzer@demo.ba'
  const tile = { code: 'ZAL', name: 'Pločica', price: 9.5, stock: 20 }
  const product = await createOwnProduct(request, await authorizationOf(request, manager), tile)
  const shopper = uniqueEmail('zaliha')
  const order = await placeGuestOrder(request, {
    email: shopper,
    productId: product.id,
    quantity: 3,
    fullName: 'Ana Kupac',
  })

  await signInAndWait(page, manager)
  await page.goto('/admin/products')
  await page.getByLabel('Pretraži proizvode').fill(product.name)
  await page.getByRole('button', { name: `Zalihe: ${product.name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Stanje zaliha: ${product.name}` })
  await expect(dialog.getByText('Trenutno stanje: 17')).toBeVisible()
  const history = dialog.getByRole('table')
  const orderRow = history.getByRole('row').filter({ hasText: `Narudžba ${order.id}` })
  await expect(orderRow).toContainText(shopper)
  await expect(orderRow).toContainText('-3')

  // A wrong amount is refused in the form, before anything is sent.
  await dialog.getByLabel('Promjena (+/−)').fill('0')
  await dialog.getByRole('button', { name: 'Spremi korekciju' }).click()
  await expect(dialog.getByText('Promjena mora biti cijeli broj različit od nule.')).toBeVisible()

  await dialog.getByLabel('Promjena (+/−)').fill('-2')
  await dialog.getByLabel('Razlog', { exact: true }).selectOption('inventura')
  await dialog.getByRole('button', { name: 'Spremi korekciju' }).click()
  await expect(dialog.getByText('Trenutno stanje: 15')).toBeVisible()
  const correction = history.getByRole('row').filter({ hasText: 'inventura' })
  await expect(correction).toContainText(manager)
  await expect(correction).toContainText('Korekcija')
  await expect(correction).toContainText('-2')
  await expect(correction).toContainText('15')

  // Only the corrections, then the CSV of what is shown.
  await dialog.getByLabel('Vrsta').selectOption('correction')
  await expect(history.getByRole('row').filter({ hasText: `Narudžba ${order.id}` })).toHaveCount(0)
  const downloading = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Preuzmi CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`stanje-zaliha-${product.customId}.csv`)

  await shoot(page, 'stock-ledger-1280')
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(correction).toBeVisible()
  await shoot(page, 'stock-ledger-390')
})
