import { expect, test, type APIRequestContext, type Page } from './fixtures.ts'
import {
  authorizationOf,
  cartLine,
  createOwnProduct,
  editProduct,
  fillCheckoutOf,
  main,
  shootAtWidths,
  uniqueEmail,
  type CreatedProduct,
} from './support.ts'

// An order carries the prices its buyer saw (docs/decisions.md, Prices the buyer saw): when staff
// change a price between the cart's check and 'Naručite', a dearer price stops the order and the cart
// shows it, a cheaper one is charged and said so. Every product here is the test's own.

let staff: { authorization: string }

test.beforeAll(async ({ request }) => {
  staff = await authorizationOf(request, 'admin@demo.ba')
})

async function newProduct(request: APIRequestContext, name: string, fields: object) {
  return createOwnProduct(request, staff, { code: 'CIJ', name, stock: 10, ...fields })
}

/** The cart of one product, checked, with the checkout form filled in and 'Naručite' not yet pressed. */
async function readyToOrder(page: Page, product: CreatedProduct, total: string) {
  await fillCheckoutOf(page, [cartLine(product, null, 1)], uniqueEmail('cijena'), {
    atCart: () => expect(main(page).locator('.cart-totals__total').getByText(total)).toBeVisible(),
  })
  await expect(main(page).getByRole('button', { name: 'Naručite' })).toBeEnabled()
}

/** Staff change the product between the cart's check and 'Naručite', which the buyer then presses. */
async function changeBeforeOrdering(
  page: Page,
  request: APIRequestContext,
  product: CreatedProduct,
  change: Record<string, unknown>,
) {
  await editProduct(request, staff, product.id, change)
  await main(page).getByRole('button', { name: 'Naručite' }).click()
}

const line = (page: Page, product: CreatedProduct) =>
  main(page).getByRole('list', { name: 'Stavke' }).getByRole('listitem').filter({ hasText: product.name })

test('a price raised after the cart was checked stops the order, and the cart shows the new price and asks again', async ({
  page,
  request,
}) => {
  const product = await newProduct(request, 'Bušilica', { price: 199.9 })
  await readyToOrder(page, product, '209,90 KM')
  await changeBeforeOrdering(page, request, product, { price: 265.86 })
  await expect(main(page).getByRole('alert').filter({ hasText: 'Cijene su se promijenile' })).toBeVisible()
  await expect(page).toHaveURL(/\/cart$/)
  const changed = line(page, product).locator('.cart-line__price-change')
  await expect(changed.getByText('Cijena je promijenjena')).toBeVisible()
  await expect(changed.locator('del')).toHaveText('199,90 KM')
  await expect(changed.getByText('265,86 KM')).toBeVisible()
  await expect(main(page).locator('.cart-totals__total').getByText('275,86 KM')).toBeVisible()
  await expect(main(page).getByText('Ukupan iznos je promijenjen: 275,86 KM (bilo je 209,90 KM)')).toBeVisible()
  // The form kept what was typed.
  await expect(main(page).getByLabel('Ime i prezime')).not.toHaveValue('')

  await shootAtWidths(page, 'cart-price-changed')
  await shootAtWidths(page, 'cart-price-changed-line', { of: line(page, product) })
  await shootAtWidths(page, 'cart-price-changed-summary', {
    of: main(page).getByRole('region', { name: 'Pregled narudžbe' }),
  })

  await main(page).getByRole('button', { name: 'Naručite' }).click()
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/)
  await expect(main(page).getByText('275,86 KM').first()).toBeVisible()
  await expect(main(page).getByText('Cijena se u međuvremenu snizila')).toHaveCount(0)
})

test('a sale price that ended after the cart was checked stops the order at the full price', async ({
  page,
  request,
}) => {
  const product = await newProduct(request, 'Kosilica', { price: 50, discount_price: 40 })
  await readyToOrder(page, product, '50,00 KM')
  await expect(line(page, product).getByText('Akcijska cijena')).toBeVisible()
  await changeBeforeOrdering(page, request, product, { discount_price: null })
  await expect(main(page).getByRole('alert').filter({ hasText: 'Cijene su se promijenile' })).toBeVisible()
  const changed = line(page, product).locator('.cart-line__price-change')
  await expect(changed.locator('del')).toHaveText('40,00 KM')
  await expect(changed.getByText('50,00 KM')).toBeVisible()
  await expect(line(page, product).getByText('Akcijska cijena')).toHaveCount(0)
  await expect(main(page).locator('.cart-totals__total').getByText('60,00 KM')).toBeVisible()
})

test('a price lowered after the cart was checked is charged at the lower price, and the confirmation says so', async ({
  page,
  request,
}) => {
  const product = await newProduct(request, 'Lampa', { price: 120 })
  await readyToOrder(page, product, '130,00 KM')
  await changeBeforeOrdering(page, request, product, { price: 100 })
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/)
  const notice = main(page).getByRole('status').filter({ hasText: 'Cijena se u međuvremenu snizila' })
  await expect(notice).toBeVisible()
  await expect(notice.getByText(`${product.name}: 100,00 KM umjesto 120,00 KM`)).toBeVisible()
  await expect(notice.getByText('Ukupno: 110,00 KM umjesto 130,00 KM')).toBeVisible()
  const orderId = page.url().split('/').pop()
  const order = (await (await request.get(`/api/orders/${orderId}`)).json()) as { total: number }
  expect(order.total).toBe(110)

  await shootAtWidths(page, 'confirmation-price-lowered')
})
