import { expect, test, type APIRequestContext, type Page } from './fixtures.ts'
import {
  authorizationOf,
  createOwnProduct,
  editProduct,
  expectNoAxeViolations,
  fillCart,
  main,
  newCustomer,
  orderPageFromMail,
  placeGuestOrder,
  placeOrderThroughApi,
  type CreatedProduct,
  uniqueEmail,
  uniqueSuffix,
} from './support.ts'

// 'Naruči ponovo' (docs/decisions.md ('Reorder, quick order and postcodes'), 'Reorder'): a past order's lines go back into the cart at
// today's prices and stock, and the buyer is told what changed and what could not be added.

let staff: { authorization: string }

test.beforeAll(async ({ request }) => {
  staff = await authorizationOf(request, 'admin@demo.ba')
})

const cartLines = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('shop.cart') ?? '[]') as {
        productId: string
        quantity: number
        price: number
      }[],
  )

async function newProducts(request: APIRequestContext, names: string[]): Promise<CreatedProduct[]> {
  const suffix = uniqueSuffix()
  const created: CreatedProduct[] = []
  for (const [index, name] of names.entries()) {
    created.push(
      await createOwnProduct(request, staff, { code: `PON${index}`, name, price: 10 * (index + 1), stock: 10, suffix }),
    )
  }
  return created
}

test('a customer reorders from her history: dearer, short, sold-out and deleted products are named', async ({
  page,
  request,
}) => {
  const [level, clamp, saw, drill] = await newProducts(request, ['Libela', 'Stega', 'Pila', 'Bušilica'])
  const customer = await newCustomer(request, 'ponovo')
  const order = await placeOrderThroughApi(
    request,
    {
      products: [level, clamp, saw, drill].map((product, index) => ({
        product_id: product!.customId,
        quantity: index + 2,
      })),
      shippingAddress: { full_name: 'Ana Ponovo', phone_number: '063 111 222' },
      shippingMethod: { id: 'pickup', name: 'Osobno preuzimanje' },
    },
    customer.session,
  )

  // Since then: the level costs more, two clamps are left, the saw sold out and the drill is gone.
  await editProduct(request, staff, level!.id, { price: 12.5 })
  await editProduct(request, staff, clamp!.id, { stock: 1 })
  await editProduct(request, staff, saw!.id, { stock: 0 })
  expect((await request.delete(`/api/products/${drill!.id}`, { headers: staff })).status()).toBeLessThan(300)

  await fillCart(page, [], customer.session)
  await page.goto('/orders')
  const number = order.id.slice(0, 8)
  await main(page)
    .getByRole('button', { name: `Naruči ponovo #${number}` })
    .click()

  const notice = main(page).getByRole('status').filter({ hasText: 'U korpu je dodano' })
  await expect(notice).toContainText('U korpu je dodano proizvoda: 2. Cijene i zalihe su današnje.')
  await expect(notice).toContainText(`${level!.name}: cijena je sada 12,50 KM (bila 10,00 KM).`)
  await expect(notice).toContainText(`${clamp!.name}: na stanju samo 1, dodano 1 umjesto 3.`)
  await expect(notice).toContainText(`${saw!.name}: trenutno nije na stanju.`)
  await expect(notice).toContainText(`${drill!.name}: više nije u ponudi.`)
  await expectNoAxeViolations(page)
  expect(await cartLines(page)).toEqual([
    expect.objectContaining({ productId: level!.customId, quantity: 2, price: 12.5 }),
    expect.objectContaining({ productId: clamp!.customId, quantity: 1, price: 20 }),
  ])

  await main(page).getByRole('link', { name: 'Idi u korpu' }).click()
  await expect(page).toHaveURL(/\/cart$/)
  await expect(main(page).getByRole('link', { name: level!.name })).toBeVisible()
  await expect(main(page).getByRole('link', { name: clamp!.name })).toBeVisible()
})

test('a guest reorders from the order page of her mail, and what the cart holds counts against the stock', async ({
  page,
  request,
}) => {
  const [level] = await newProducts(request, ['Metar'])
  const email = uniqueEmail('ponovo-gost')
  const order = await placeGuestOrder(request, { email, productId: level!.id, quantity: 3, fullName: 'Gost Ponovo' })
  const orderPage = await orderPageFromMail(email)
  // 7 of 10 are left after her order; she already has 5 in the cart.
  await fillCart(page, [
    { productId: level!.customId, name: level!.name, price: 10, image: '', size: null, quantity: 5 },
  ])
  await page.goto(orderPage)
  await main(page)
    .getByRole('button', { name: `Naruči ponovo #${order.id.slice(0, 8)}` })
    .click()
  const notice = main(page).getByRole('status').filter({ hasText: 'U korpu je dodano' })
  await expect(notice).toContainText('U korpu je dodano proizvoda: 1.')
  await expect(notice).toContainText(`${level!.name}: na stanju samo 2, dodano 2 umjesto 3.`)
  expect(await cartLines(page)).toEqual([expect.objectContaining({ productId: level!.customId, quantity: 7 })])
})
