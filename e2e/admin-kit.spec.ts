import { expect, test, type Page, type Route } from './fixtures.ts'
import { authorizationOf, placeGuestOrderOfNewProduct, shoot, signInAndWait } from './support.ts'

// The staff kit (docs/decisions.md 'Staff kit and staff orders'): fallback texts of empty failures,
// price fields, the undo of a status change, the unsaved-draft guard, every error at once and the
// staff menu on a phone. Every record made here is unique to the run and removed again.

function status(page: Page, text: string | RegExp) {
  return page.getByRole('status').filter({ hasText: text })
}

test('category and brand saves that fail with an empty 500 show the page fallback, not "HTTP error 500"', async ({
  page,
}) => {
  await signInAndWait(page, 'admin@demo.ba')
  for (const { path, add, dialogName, nameLabel, save, fallback } of [
    {
      path: '/admin/categories',
      add: 'Dodaj kategoriju',
      dialogName: 'Nova kategorija',
      nameLabel: 'Naziv kategorije',
      save: 'Spremi',
      fallback: 'Failed to save category',
    },
    {
      path: '/admin/brands',
      add: 'Add brand',
      dialogName: 'New brand',
      nameLabel: 'Brand name',
      save: 'Save',
      fallback: 'Failed to save brand',
    },
  ]) {
    await page.goto(path)
    await page.route(`**/api${path.replace('/admin', '')}`, (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    )
    await page.getByRole('button', { name: add }).click()
    const dialog = page.getByRole('dialog', { name: dialogName })
    await dialog.getByLabel(nameLabel).fill(`Kvar ${Date.now()}`)
    await dialog.getByRole('button', { name: save, exact: true }).click()
    await expect(dialog.getByRole('alert')).toHaveText(fallback)
    await expect(dialog.getByText('HTTP error 500')).toHaveCount(0)
    await page.unrouteAll()
  }
})

test('the product form: number price fields that take a decimal comma, checked on leaving, every error at once', async ({
  page,
}) => {
  await signInAndWait(page, 'admin@demo.ba')
  await page.goto('/admin/products')
  await page.getByRole('button', { name: 'Dodaj proizvod' }).click()
  const dialog = page.getByRole('dialog', { name: 'Novi proizvod' })

  // Staff price fields (docs/decisions.md 'Staff kit and staff orders'): a number input with a step
  // of 0.01 and a minimum above 0 …
  const price = dialog.getByLabel('Cijena (KM)', { exact: true })
  await expect(price).toHaveAttribute('type', 'number')
  await expect(price).toHaveAttribute('step', '0.01')
  await expect(price).toHaveAttribute('min', '0.01')
  // … that takes '12,5' as 12.5 …
  await price.pressSequentially('12,5')
  await expect(price).toHaveValue('12.5')
  // … and says what is wrong when the field is left, before any save.
  await price.fill('0')
  await dialog.getByLabel('Naziv proizvoda').focus()
  await expect(dialog.getByText('Cijena mora biti pozitivan broj veći od 0', { exact: true })).toBeVisible()
  await price.fill('100')
  await dialog.getByLabel('Naziv proizvoda').focus()
  await expect(dialog.getByText('Cijena mora biti pozitivan broj veći od 0', { exact: true })).toHaveCount(0)

  // One save shows the field errors together with the price and stock rules, and the
  // first invalid field has the focus, even when the code's lookup on leaving its field
  // answers while the save is running: both lookups are held here, the field's is answered
  // after the save has started and the save's own a moment later.
  const lookups: Route[] = []
  await page.route(
    (url) => url.pathname === '/api/admin/products' && url.searchParams.has('search'),
    (route) => void lookups.push(route),
  )
  await dialog.getByLabel('Šifra proizvoda').fill(`E2E-KIT-${Date.now()}`)
  await dialog.getByLabel('Kategorija').selectOption({ index: 1 })
  await dialog.getByLabel('Na akciji').check()
  await dialog.getByLabel('Akcijska cijena (KM)').pressSequentially('150,00')
  await dialog.getByRole('button', { name: 'Spremi' }).click()
  await expect.poll(() => lookups.length).toBe(2)
  const [fieldLookup, saveLookup] = lookups as [Route, Route]
  await fieldLookup.fulfill({ response: await fieldLookup.fetch() })
  // Time for the page to apply the field's answer, which changes nothing on screen to wait for. Too short a
  // wait only lets the save's answer come first, the order in which the test passes with or without the race.
  await page.waitForTimeout(300)
  await saveLookup.continue()
  await expect(dialog.getByText('Naziv proizvoda je obavezan', { exact: true })).toBeVisible()
  await expect(dialog.getByText('Akcijska cijena mora biti manja od osnovne cijene', { exact: true })).toBeVisible()
  await expect(dialog.getByText('Zaliha mora biti pozitivan broj', { exact: true })).toBeVisible()
  await expect(dialog.getByLabel('Naziv proizvoda')).toBeFocused()
  await page.unrouteAll()

  // Closing asks first, because the form holds changes.
  await dialog.getByRole('button', { name: 'Zatvori' }).click()
  await page
    .getByRole('dialog', { name: 'Nespremljene promjene' })
    .getByRole('button', { name: 'Odbaci promjene' })
    .click()
  await expect(dialog).toBeHidden()
})

test('work hours with unsaved changes: a staff link asks first, and leaving is a choice', async ({ page }) => {
  await signInAndWait(page, 'admin@demo.ba')
  await page.goto('/admin/work-hours')
  const store = page.getByLabel('Trgovina', { exact: true })
  await expect(store).not.toHaveValue('')
  const saved = await store.inputValue()
  await store.fill(`${saved} (izmjena)`)

  const menu = page.getByRole('navigation', { name: 'Administracija' })
  await menu.getByRole('link', { name: 'Proizvodi' }).click()
  const leave = page.getByRole('dialog', { name: 'Nespremljene promjene' })
  await leave.getByRole('button', { name: 'Ostani na stranici' }).click()
  await expect(page).toHaveURL(/\/admin\/work-hours$/)
  await expect(store).toHaveValue(`${saved} (izmjena)`)

  await menu.getByRole('link', { name: 'Proizvodi' }).click()
  await leave.getByRole('button', { name: 'Napusti bez spremanja' }).click()
  await expect(page).toHaveURL(/\/admin\/products$/)
  // Nothing was saved on the way out.
  await page.goto('/admin/work-hours')
  await expect(page.getByLabel('Trgovina', { exact: true })).toHaveValue(saved)
  // With nothing changed, links go at once.
  await menu.getByRole('link', { name: 'Proizvodi' }).click()
  await expect(page).toHaveURL(/\/admin\/products$/)
})

test('a status change can be undone while the customer mail waits; on a phone the status heads the card', async ({
  page,
  request,
}) => {
  const admin = await authorizationOf(request, 'admin@demo.ba')
  const { product, order } = await placeGuestOrderOfNewProduct(request, admin, {
    code: 'UNDO',
    name: 'Grablje',
    price: 20,
  })
  const number = order.id.slice(0, 8)

  try {
    await page.setViewportSize({ width: 390, height: 844 })
    await signInAndWait(page, 'menadzer@demo.ba')
    await page.goto('/admin/orders')
    await page.getByLabel('Pretraži narudžbe').fill(number)
    const card = page.getByRole('article', { name: `Narudžba #${number}` })
    const select = card.getByLabel(`Status narudžbe #${number}`)
    await expect(select).toBeVisible()
    // On a phone the status control comes before the address and the lines.
    const selectBox = await select.boundingBox()
    const itemsBox = await card.getByText('Stavke').boundingBox()
    expect(selectBox!.y).toBeLessThan(itemsBox!.y)

    // A cancel: instant, and 'Poništi' is offered while the mail waits.
    await select.selectOption('cancelled')
    await expect(card.locator('.order-status')).toHaveText('Otkazano')
    const offer = status(page, 'Kupac dobiva obavijest za minutu.')
    await expect(offer).toContainText(`#${number}`)
    await offer.getByRole('button', { name: `Poništi promjenu statusa narudžbe #${number}` }).click()
    await expect(status(page, `Promjena je poništena: narudžba #${number} je opet`)).toBeVisible()
    await expect(card.locator('.order-status')).toHaveText('Na čekanju')
    await expect(offer).toHaveCount(0)
    const stored = (await (await request.get(`/api/orders/${order.id}`)).json()) as { status: string }
    expect(stored.status).toBe('pending')
    // The undo took the held mail back: a second undo has nothing left to take.
    const again = await request.post(`/api/orders/${order.id}/status/undo`, { headers: admin })
    expect(again.status()).toBe(409)
    await shoot(page, 'kit-orders-390')
  } finally {
    await request.delete(`/api/orders/${order.id}`, { headers: admin })
    await request.delete(`/api/products/${product.id}`, { headers: admin })
  }
})

test('the staff menu on a phone: an arrow and a fade show there is more, and every section is recognisable', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signInAndWait(page, 'admin@demo.ba')
  await page.goto('/admin')
  await expect(page.getByRole('link', { name: /^Sistemski zapisi/ })).toBeVisible()
  // Every dashboard tile has an icon of its own (brands and sales, categories and logs differed not).
  const icons = await page.locator('.dashboard__tile-icon svg').evaluateAll((svgs) => svgs.map((svg) => svg.innerHTML))
  expect(icons.length).toBeGreaterThanOrEqual(12)
  expect(new Set(icons).size).toBe(icons.length)

  await page.goto('/admin/products')
  const nav = page.getByRole('navigation', { name: 'Administracija' })
  await expect(nav).toHaveClass(/staff__nav--more-right/)
  const list = nav.locator('ul')
  const logs = nav.getByRole('link', { name: 'Sistemski zapisi' })
  // The last section starts off screen; the arrow brings it in.
  const box = await logs.boundingBox()
  expect(box!.x).toBeGreaterThan(390)
  await nav.locator('.staff__nav-scroll--right').click()
  await expect.poll(() => list.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0)
  await expect(nav).toHaveClass(/staff__nav--more-left/)
  await shoot(page, 'kit-nav-390')

  // The current section is scrolled into view when a page opens.
  await page.goto('/admin/logs')
  await expect(nav.getByRole('link', { name: 'Sistemski zapisi' })).toBeInViewport()
})

test('a click that starts inside a dialog never closes it: "Spremi" right after a sale price of 0 is a save attempt, not a request to discard', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signInAndWait(page, 'admin@demo.ba')
  await page.goto('/admin/products')
  await page.getByRole('button', { name: 'Dodaj proizvod' }).click()
  const dialog = page.getByRole('dialog', { name: 'Novi proizvod' })
  const code = `E2E-CLICK-${Date.now()}`
  await dialog.getByLabel('Šifra proizvoda').fill(code)
  await dialog.getByLabel('Naziv proizvoda').fill(`Klik ${code}`)
  await dialog.getByLabel('Kategorija').selectOption({ index: 1 })
  await dialog.getByLabel('Cijena (KM)', { exact: true }).fill('100')
  await dialog.getByLabel('Na akciji').check()
  const salePrice = dialog.getByLabel('Akcijska cijena (KM)')
  await salePrice.fill('0')
  // As a person does: the pointer is on 'Spremi' while the sale price still has the focus; pressing
  // the button leaves the field, whose error text appears at once.
  const save = dialog.getByRole('button', { name: 'Spremi' })
  await save.scrollIntoViewIfNeeded()
  const before = await save.boundingBox()
  await page.mouse.move(before!.x + before!.width / 2, before!.y + before!.height / 2)
  await page.mouse.down()
  await page.mouse.up()
  await expect(dialog.getByText('Akcijska cijena mora biti pozitivan broj veći od 0', { exact: true })).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Nespremljene promjene' })).toHaveCount(0)
  await expect(dialog).toBeVisible()
  // The footer stayed where the pointer was.
  const after = await save.boundingBox()
  expect(Math.round(after!.y)).toBe(Math.round(before!.y))
  // A click on the backdrop (outside the dialog) still closes it, asking first.
  await page.mouse.click(5, 5)
  await expect(page.getByRole('dialog', { name: 'Nespremljene promjene' })).toBeVisible()
  const admin = await authorizationOf(request, 'admin@demo.ba')
  const found = (await (await request.get('/api/products', { params: { search: code }, headers: admin })).json()) as {
    products: { id: string }[]
  }
  expect(found.products).toHaveLength(0)
})
