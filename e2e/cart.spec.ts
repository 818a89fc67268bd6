import { expect, test } from './fixtures.ts'
import { cartLine, createLampBeforeAll, fillCart, main, newCustomer, placePickupOrder } from './support.ts'

// The cart's lines (customer-side.md §4 Cart, §5 Stock (cart)): a quantity within the stock, and the
// option's own code as staff typed it, in the cart and on every page after. The lamp is this file's own.

const lamp = createLampBeforeAll()

test('a quantity above the stock leaves the box showing what is in the cart', async ({ page }) => {
  await fillCart(page, [cartLine(lamp, '2700K', 2)])
  await page.goto('/cart')
  const quantity = main(page).getByRole('spinbutton', { name: `Količina za ${lamp.name}` })
  await expect(quantity).toHaveValue('2')
  await expect(main(page).getByText('13,80 KM').first()).toBeVisible()

  await quantity.fill('9')
  await quantity.press('Enter')
  await expect(main(page).getByText('Not enough stock available')).toBeVisible()
  // The box, the line and the summary agree: 2 are in the cart.
  await expect(quantity).toHaveValue('2')
  await expect(main(page).locator('.cart-totals').getByText('2', { exact: true })).toBeVisible()
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('shop.cart') ?? '[]') as { quantity: number }[],
  )
  expect(stored.map((item) => item.quantity)).toEqual([2])

  // A quantity within the stock is taken as typed.
  await quantity.fill('4')
  await quantity.blur()
  await expect(main(page).getByText('Količina je ažurirana')).toBeVisible()
  await expect(quantity).toHaveValue('4')
  await expect(main(page).getByText('27,60 KM').first()).toBeVisible()
})

test("a line with an option shows the option's own code, as staff typed it, in the cart and after", async ({
  page,
  request,
}) => {
  const { session } = await newCustomer(request, 'sifra')
  await fillCart(page, [cartLine(lamp, '2700K', 1)], session)
  await page.goto('/cart')
  const item = main(page).getByRole('list', { name: 'Stavke' }).getByRole('listitem').filter({ hasText: lamp.name })
  await expect(item.getByText(`Šifra: ${lamp.customId}-2700K`, { exact: true })).toBeVisible()

  const order = await placePickupOrder(request, session, lamp, '2700K')
  await page.goto(`/order-confirmation/${order.id}`)
  await expect(main(page).getByText(`Šifra: ${lamp.customId}-2700K`, { exact: true })).toBeVisible()
  await page.goto('/orders')
  await expect(main(page).getByText(`Šifra: ${lamp.customId}-2700K`, { exact: true })).toBeVisible()
})

test('the demo keeps option codes in the spelling of their labels', async ({ page }) => {
  await page.goto('/store')
  const products = (await (await page.request.get('/api/products?search=100431')).json()) as
    | { customId: string; size_stock: { size: string; customId: string | null }[] }[]
    | { products: { customId: string; size_stock: { size: string; customId: string | null }[] }[] }
  const list = Array.isArray(products) ? products : products.products
  const bulb = list.find((product) => product.customId === '100431')
  expect(bulb?.size_stock.map((option) => option.customId)).toEqual(['100431-2700K', '100431-4000K', '100431-6500K'])
})
