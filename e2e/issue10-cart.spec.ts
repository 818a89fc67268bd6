import { expect, test, type APIRequestContext, type Page } from './fixtures.ts'
import { DEMO_PASSWORD, linkIn, registerThroughApi, signInAndWait, uniqueEmail, waitForMail } from './support.ts'

// Issue 10, the cart helper's items: 1 (quantity above the stock), 7 (cancel asks first),
// 11 (the lowest price wins), 14 (free shipping where it applies), 15 (the option's own code),
// 18 (the confirmation says what is true), 22 (the checkout form opens clean). Every test orders
// products it created itself, so that no other spec file can empty their stock.

type Session = { token: string; user: Record<string, unknown> }
type Created = { id: string; customId: string; name: string }
type StoredLine = {
  productId: string
  name: string
  price: number
  image: string
  size: string | null
  quantity: number
}

const main = (page: Page) => page.getByRole('main')

async function signInThroughApi(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<Session> {
  const response = await request.post('/api/auth/login', { data: { email, password } })
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as Session
}

let lamp: Created
let onSale: Created
let cheaperWholesale: Created
let bulky: Created
let suffix: string

/** Products of our own: a lamp whose options have staff-typed codes, a product on sale below its wholesale price. */
test.beforeAll(async ({ request }) => {
  const admin = await signInThroughApi(request, 'admin@demo.ba')
  const headers = { authorization: `Bearer ${admin.token}` }
  const categories = (await (await request.get('/api/categories')).json()) as { id: string }[]
  suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase()
  const create = async (data: Record<string, unknown>) => {
    const response = await request.post('/api/products', { headers, data: { categoryId: categories[0]?.id, ...data } })
    expect(response.status(), await response.text()).toBe(201)
    return (await response.json()) as Created
  }
  lamp = await create({
    customId: `I10-LED-${suffix}`,
    name: `LED žarulja ${suffix}`,
    price: 6.9,
    stock: 0,
    has_sizes: true,
    sizes: ['2700K', '6500K'],
    size_stock: [
      { size: '2700K', customId: `I10-LED-${suffix}-2700K`, stock: 4, infinite: false, price: 6.9 },
      { size: '6500K', customId: `I10-LED-${suffix}-6500K`, stock: 10, infinite: false, price: 7.9 },
    ],
  })
  onSale = await create({
    customId: `I10-AKC-${suffix}`,
    name: `Lonac na akciji ${suffix}`,
    price: 49.9,
    discount_price: 37.43,
    wholesale_price: 39.92,
    is_wholesale: true,
    stock: 20,
  })
  cheaperWholesale = await create({
    customId: `I10-VP-${suffix}`,
    name: `Tava ${suffix}`,
    price: 40,
    discount_price: 36,
    wholesale_price: 30,
    is_wholesale: true,
    stock: 20,
  })
  bulky = await create({ customId: `I10-KOS-${suffix}`, name: `Kosilica ${suffix}`, price: 320, stock: 20 })
})

/** The cart as the product page stores it, set once before the app starts. */
async function fillCart(page: Page, lines: StoredLine[], session?: Session) {
  await page.addInitScript(
    ({ lines, session }) => {
      if (sessionStorage.getItem('e2e-seeded')) return
      sessionStorage.setItem('e2e-seeded', '1')
      localStorage.setItem('shop.cart', JSON.stringify(lines))
      if (session) {
        localStorage.setItem('shop.token', session.token)
        localStorage.setItem('shop.user', JSON.stringify(session.user))
      }
    },
    { lines, session },
  )
}

const line = (product: Created, size: string | null, quantity: number): StoredLine => ({
  productId: product.customId,
  name: product.name,
  price: 1,
  image: '',
  size,
  quantity,
})

/** A verified customer of our own, signed in through the API. */
async function newCustomer(request: APIRequestContext, prefix: string) {
  const email = uniqueEmail(prefix)
  const password = 'Lozinka123!'
  await registerThroughApi(request, email, password)
  const token =
    linkIn(await waitForMail(email, /Potvrdite svoju e-poštu/), '/verify-email/').split('/verify-email/')[1] ?? ''
  expect((await request.post(`/api/auth/verify-email/${token}`)).status()).toBe(200)
  return { email, password, session: await signInThroughApi(request, email, password) }
}

async function placePickupOrder(request: APIRequestContext, session: Session, product: Created, size: string | null) {
  const response = await request.post('/api/orders', {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      products: [{ product_id: product.customId, quantity: 1, custom_size: size }],
      shippingAddress: { full_name: 'Ana Kupac', phone_number: '063 111 222' },
      shippingMethod: { id: 'pickup', name: 'Osobno preuzimanje' },
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as { id: string }
}

test('item 1: a quantity above the stock leaves the box showing what is in the cart', async ({ page }) => {
  await fillCart(page, [line(lamp, '2700K', 2)])
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
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('shop.cart') ?? '[]') as StoredLine[])
  expect(stored.map((item) => item.quantity)).toEqual([2])

  // A quantity within the stock is taken as typed.
  await quantity.fill('4')
  await quantity.blur()
  await expect(main(page).getByText('Količina je ažurirana')).toBeVisible()
  await expect(quantity).toHaveValue('4')
  await expect(main(page).getByText('27,60 KM').first()).toBeVisible()
})

test('item 22: the first press of Nastavite only opens a clean form; errors come on leaving a field or on Naručite', async ({
  page,
}) => {
  await fillCart(page, [line(lamp, '6500K', 1)])
  await page.goto('/cart')
  // As a shopper does: the summary with its total is there before 'Nastavite' is pressed.
  await expect(main(page).getByRole('region', { name: 'Pregled narudžbe' })).toContainText('KM')
  await main(page).getByRole('button', { name: 'Nastavite', exact: true }).click()
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
  await page.reload()
  await main(page).getByRole('button', { name: 'Nastavite', exact: true }).click()
  await expect(name).toBeFocused()
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

  test('item 22: a tap on a shipping option right after Nastavite is not lost to an error moving it', async ({
    page,
  }) => {
    await fillCart(page, [line(lamp, '6500K', 1)])
    await page.goto('/cart')
    await main(page).getByRole('button', { name: 'Nastavite', exact: true }).click()
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

test("item 15: a line with an option shows the option's own code, as staff typed it, in the cart and after", async ({
  page,
  request,
}) => {
  const { session } = await newCustomer(request, 'sifra')
  await fillCart(page, [line(lamp, '2700K', 1)], session)
  await page.goto('/cart')
  const item = main(page).getByRole('list', { name: 'Stavke' }).getByRole('listitem').filter({ hasText: lamp.name })
  await expect(item.getByText(`Šifra: ${lamp.customId}-2700K`, { exact: true })).toBeVisible()

  const order = await placePickupOrder(request, session, lamp, '2700K')
  await page.goto(`/order-confirmation/${order.id}`)
  await expect(main(page).getByText(`Šifra: ${lamp.customId}-2700K`, { exact: true })).toBeVisible()
  await page.goto('/orders')
  await expect(main(page).getByText(`Šifra: ${lamp.customId}-2700K`, { exact: true })).toBeVisible()
})

test('item 15: the demo keeps option codes in the spelling of their labels', async ({ page }) => {
  await page.goto('/store')
  const products = (await (await page.request.get('/api/products?search=100431')).json()) as
    | { customId: string; size_stock: { size: string; customId: string | null }[] }[]
    | { products: { customId: string; size_stock: { size: string; customId: string | null }[] }[] }
  const list = Array.isArray(products) ? products : products.products
  const bulb = list.find((product) => product.customId === '100431')
  expect(bulb?.size_stock.map((option) => option.customId)).toEqual(['100431-2700K', '100431-4000K', '100431-6500K'])
})

test('item 18: the confirmation of a cancelled order says it is cancelled, not thanks', async ({ page, request }) => {
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

test('item 7: Otkaži narudžbu asks first, on /orders and on the account page orders tab', async ({ page, request }) => {
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

test('item 11: a wholesale customer pays a sale price below the wholesale price and sees which price applies', async ({
  page,
  request,
}) => {
  const session = await signInThroughApi(request, 'veleprodaja@demo.ba')
  await fillCart(page, [line(onSale, null, 2), line(cheaperWholesale, null, 1)], session)
  await page.goto('/cart')
  const lines = main(page).getByRole('list', { name: 'Stavke' }).getByRole('listitem')
  const sale = lines.filter({ hasText: onSale.name })
  await expect(sale.getByText('37,43 KM').first()).toBeVisible()
  await expect(sale.getByText('74,86 KM')).toBeVisible()
  await expect(sale.getByText('Akcijska cijena')).toBeVisible()
  await expect(sale.getByText('Veleprodajna cijena')).toHaveCount(0)
  await expect(sale.getByText('39,92 KM')).toHaveCount(0)
  const wholesale = lines.filter({ hasText: cheaperWholesale.name })
  await expect(wholesale.getByText('30,00 KM').first()).toBeVisible()
  await expect(wholesale.getByText('Veleprodajna cijena')).toBeVisible()
  // 2 x 37,43 + 30 = 104,86, plus delivery 10.
  await expect(main(page).getByText('114,86 KM')).toBeVisible()

  // The order charges the same.
  const response = await request.post('/api/orders', {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      products: [{ product_id: onSale.customId, quantity: 1, price: 39.92 }],
      shippingAddress: { full_name: 'Veleprodaja Demo', phone_number: '063 111 222' },
      shippingMethod: { id: 'pickup', name: 'Osobno preuzimanje' },
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  expect(((await response.json()) as { products: { price: number }[] }).products[0]?.price).toBe(37.43)

  // The product page strikes the wholesale price out and says why.
  await page.goto(`/product/${onSale.id}`)
  const price = main(page).locator('.price-tag--large')
  await expect(price.getByText('37,43 KM')).toBeVisible()
  await expect(price.locator('del', { hasText: '39,92 KM' })).toBeVisible()
  await expect(price.getByText('Akcijska cijena je niža od veleprodajne i vrijedi i za vas.')).toBeVisible()
  await page.goto(`/product/${cheaperWholesale.id}`)
  await expect(main(page).locator('.price-tag--large').locator('del', { hasText: '30,00 KM' })).toHaveCount(0)
  await expect(main(page).getByText('Akcijska cijena je niža od veleprodajne')).toHaveCount(0)
})

test('item 14: the free-shipping hint only where it applies; express keeps its price above the threshold', async ({
  page,
}) => {
  await fillCart(page, [line(lamp, '6500K', 1)])
  await page.goto('/cart')
  const hint = main(page).getByText('Besplatna dostava za narudžbe od 300,00 KM.')
  await expect(main(page).getByRole('radio', { name: /Dostava kurirskom službom/ })).toBeChecked()
  await expect(hint).toBeVisible()
  await main(page)
    .getByRole('radio', { name: /Osobno preuzimanje/ })
    .check()
  await expect(hint).toHaveCount(0)
  await main(page)
    .getByRole('radio', { name: /Brza dostava/ })
    .check()
  await expect(hint).toHaveCount(0)

  // Above the threshold the standard delivery is free, express is not.
  await page.evaluate(
    (lines) => {
      localStorage.setItem('shop.cart', JSON.stringify(lines))
      window.dispatchEvent(new Event('shop:cart-changed'))
    },
    [line(bulky, null, 1)],
  )
  const express = main(page).locator('label.shipping-option', { hasText: 'Brza dostava' })
  const courier = main(page).locator('label.shipping-option', { hasText: 'Dostava kurirskom službom' })
  await expect(express.getByText('20,00 KM')).toBeVisible()
  await expect(courier.getByText('Besplatno')).toBeVisible()
  await expect(main(page).getByText('340,00 KM')).toBeVisible() // 320 + express 20
  await courier.getByRole('radio').check()
  await expect(main(page).locator('.cart-totals').getByText('Besplatno')).toBeVisible()
  await expect(main(page).locator('.cart-totals').getByText('320,00 KM').last()).toBeVisible()
})

test('item 14: staff see the free-shipping switch of each option, off for the demo express option', async ({
  page,
}) => {
  await signInAndWait(page, 'admin@demo.ba')
  await page.goto('/admin/shipping')
  const label = 'Vrijedi besplatna dostava iznad praga (isključite za ekspresnu dostavu)'
  const editOf = async (name: string) => {
    await main(page)
      .getByRole('button', { name: `Uredi: ${name}` })
      .click()
    return page.getByRole('dialog')
  }
  let dialog = await editOf('Brza dostava')
  await expect(dialog.getByRole('checkbox', { name: label })).not.toBeChecked()
  await dialog.getByRole('button', { name: 'Zatvori' }).first().click()
  dialog = await editOf('Dostava kurirskom službom')
  await expect(dialog.getByRole('checkbox', { name: label })).toBeChecked()
})
