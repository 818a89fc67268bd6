import { expect, test, type APIRequestContext, type Page } from './fixtures.ts'
import { createOwnProduct, signInAndWait, currentVersion } from './support.ts'

// The demo shop runs a sale that other spec files may show; the configuration saved before this
// test is put back through the API at the end, which re-applies the demo sale exactly.

type Product = { id: string; name: string; price: number; discount_price: number | null; has_sizes: boolean }
type SaleConfig = {
  isActive: boolean
  startDate: string | null
  endDate: string | null
  title: string
  description: string
}

/** A datetime-local value (browser time) with seconds. */
function localInput(time: number): string {
  const date = new Date(time)
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
}

const formatKm = (value: number) => `${value.toFixed(2).replace('.', ',')} KM`

/** A product of the test's own in the running sale at 20 % while `use` runs; then out of the sale and deleted. */
async function inTheSale(
  request: APIRequestContext,
  headers: { authorization: string },
  fields: Parameters<typeof createOwnProduct>[2],
  use: (product: Awaited<ReturnType<typeof createOwnProduct>>) => Promise<void>,
) {
  const product = await createOwnProduct(request, headers, fields)
  try {
    const added = await request.post('/api/sales/products', {
      headers,
      data: { productId: product.id, discountPercentage: 20 },
    })
    expect(added.status(), await added.text()).toBe(201)
    await use(product)
  } finally {
    await request.delete(`/api/sales/products/${product.id}`, { headers })
    await request.delete(`/api/products/${product.id}`, { headers })
  }
}

async function storeCard(page: Page, name: string) {
  await page.goto(`/store`)
  await page.getByPlaceholder('Traži proizvode, veličine...').fill(name)
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) })
    .first()
}

test('a sale scheduled a few seconds ahead starts and ends on its own', async ({
  page,
  request,
  adminHeaders: headers,
}) => {
  test.setTimeout(150_000)
  const original = (await (await request.get('/api/sales/config')).json()) as SaleConfig
  const onSale = new Set(
    ((await (await request.get('/api/sales/products')).json()) as Product[]).map((product) => product.id),
  )
  const listed = (await (await request.get('/api/products?limit=60')).json()) as { products: Product[] }
  const product = listed.products.find(
    (each) => !each.has_sizes && each.discount_price === null && !onSale.has(each.id) && each.price >= 10,
  )
  if (!product) throw new Error('no plain product to put on sale')
  const salePrice = Math.round(product.price * 100 * 0.8) / 100
  const title = `E2E akcija ${Date.now()}`

  try {
    await signInAndWait(page, 'admin@demo.ba')
    await page.goto('/admin/sales')
    await expect(page.getByRole('heading', { name: 'Akcije i popusti' })).toBeVisible()

    // The add dialog: the picker is searched by name; nothing chosen reads the §5 text.
    await page.getByRole('button', { name: 'Dodaj proizvod' }).click()
    const dialog = page.getByRole('dialog', { name: 'Dodaj proizvod u akciju' })
    await dialog.getByRole('button', { name: 'Dodaj u akciju' }).click()
    await expect(dialog.getByText('Molimo odaberite proizvod i unesite popust')).toBeVisible()
    await dialog.getByLabel('Pretraži proizvode po nazivu').fill(product.name)
    await dialog
      .getByRole('radio', { name: new RegExp(product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .first()
      .check()
    await dialog.getByLabel('Popust (%)').fill('20')
    await expect(dialog.getByText(`Cijena na akciji: ${formatKm(salePrice)}`)).toBeVisible()
    await dialog.getByRole('button', { name: 'Dodaj u akciju' }).click()
    await expect(page.getByText('Proizvod je uspješno dodan u akciju!')).toBeVisible()
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: product.name }) })
    await expect(row).toContainText('−20 %')

    // A window opening in 15 s and closing 20 s later.
    const startsAt = Date.now() + 15_000
    await page.getByLabel('Akcija je uključena').check()
    await page.getByLabel('Početak akcije').fill(localInput(startsAt))
    await page.getByLabel('Kraj akcije').fill(localInput(startsAt + 20_000))
    await page.getByLabel('Naslov akcije').fill(title)
    await page.getByRole('button', { name: 'Spremi konfiguraciju' }).click()
    await expect(page.getByText('Konfiguracija akcije je uspješno spremljena!')).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'Akcija je zakazana' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Primijeni popuste' })).toBeDisabled()

    // Before the start the shop shows the regular price.
    let card = await storeCard(page, product.name)
    await expect(card).toContainText(formatKm(product.price))
    await expect(card.locator('del')).toHaveCount(0)

    // It starts on its own: the server's timed job writes the sale prices.
    await expect
      .poll(async () => ((await (await request.get(`/api/products/${product.id}`)).json()) as Product).discount_price, {
        timeout: 30_000,
      })
      .toBe(salePrice)
    await page.goto('/')
    const section = page.locator('section[aria-labelledby="home-products-title"]')
    await expect(section.getByRole('heading', { name: title })).toBeVisible()
    const homeCard = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name: product.name }) })
    await expect(homeCard.locator('del')).toHaveText(formatKm(product.price))
    await expect(homeCard).toContainText(formatKm(salePrice))
    card = await storeCard(page, product.name)
    await expect(card.locator('del')).toHaveText(formatKm(product.price))
    await expect(card).toContainText(formatKm(salePrice))
    await page.goto('/admin/sales')
    await expect(page.getByRole('status').filter({ hasText: 'Akcija je u toku' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Primijeni popuste' })).toBeEnabled()

    // It ends on its own: the regular price is back, nothing struck through.
    await expect
      .poll(async () => ((await (await request.get(`/api/products/${product.id}`)).json()) as Product).discount_price, {
        timeout: 40_000,
      })
      .toBeNull()
    card = await storeCard(page, product.name)
    await expect(card).toContainText(formatKm(product.price))
    await expect(card.locator('del')).toHaveCount(0)
    await page.goto('/')
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0)
  } finally {
    await request.delete(`/api/sales/products/${product.id}`, { headers })
    await request.put('/api/sales/config', {
      headers,
      data: { ...original, version: await currentVersion(request, '/api/sales/config', headers) },
    })
    await request.post('/api/sales/check-status', { headers })
  }
})

test('the sales list shows what the buyer pays, and removing a product says "Ukloni iz akcije", not "Obriši"', async ({
  page,
  request,
  adminHeaders: headers,
}) => {
  // Its own discount (70,00 KM) is lower than the sale's 20 % (80,00 KM): the buyer pays 70,00 KM.
  const mower = { code: 'SALELIST', name: 'Kosilica', price: 100, discount_price: 70, stock: 5 }
  await inTheSale(request, headers, mower, async (product) => {
    await signInAndWait(page, 'admin@demo.ba')
    await page.goto('/admin/sales')
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: product.name }) })
    await expect(row).toContainText('−30 %')
    await expect(row).toContainText('70,00 KM')
    await expect(row).not.toContainText('80,00 KM')

    await row.getByRole('button', { name: `Ukloni ${product.name} iz akcije` }).click()
    const question = page.getByRole('dialog')
    await expect(question).toContainText(`Ukloniti proizvod ${product.name} iz akcije?`)
    await expect(question.getByRole('button', { name: 'Obriši' })).toHaveCount(0)
    await question.getByRole('button', { name: 'Ukloni iz akcije' }).click()
    await expect(row).toHaveCount(0)
    // The product itself stays in the catalogue.
    expect((await request.get(`/api/products/${product.id}`)).status()).toBe(200)
  })
})

test("the product form marks a discount price the running sale set as the sale's, and a save of the name keeps it so", async ({
  page,
  request,
  adminHeaders: headers,
}) => {
  // Its own discount (95,00 KM) is above the sale's 20 % (80,00 KM): the running demo sale writes 80,00 KM.
  const trimmer = { code: 'SALEFORM', name: 'Trimer', price: 100, discount_price: 95, stock: 5 }
  type Staff = { customId: string; discount_price: number | null; sale_discount: { own_discount_price: number } | null }
  const staffRead = async (customId: string) =>
    (
      (await (await request.get('/api/admin/products', { headers, params: { search: customId } })).json()) as {
        products: Staff[]
      }
    ).products.find((listed) => listed.customId === customId)
  await inTheSale(request, headers, trimmer, async (product) => {
    expect(await staffRead(product.customId)).toMatchObject({
      discount_price: 80,
      sale_discount: { own_discount_price: 95 },
    })

    await signInAndWait(page, 'admin@demo.ba')
    await page.goto('/admin/products')
    await page.getByLabel('Pretraži proizvode').fill(product.name)
    await page.getByRole('button', { name: `Uredi: ${product.name}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Uredi proizvod' })
    const discount = dialog.getByLabel('Akcijska cijena (KM)')
    await expect(discount).toHaveValue('80')
    const saleNote = 'Ovu cijenu postavila je akcija u tijeku. Po završetku akcije vraća se cijena proizvoda: 95,00 KM.'
    await expect(dialog.getByText(saleNote)).toBeVisible()
    // A price typed by hand is the product's own and says so.
    await discount.fill('75')
    await expect(
      dialog.getByText('Promijenjena cijena više nije akcijska: ostaje i nakon završetka akcije.'),
    ).toBeVisible()
    await discount.fill('80')
    await expect(dialog.getByText(saleNote)).toBeVisible()

    // Saved for its name, the product keeps the sale's price as the sale's.
    await dialog.getByLabel('Naziv proizvoda').fill(`${product.name} novi`)
    await dialog.getByRole('button', { name: 'Spremi' }).click()
    await expect(dialog).toBeHidden()
    expect(await staffRead(product.customId)).toMatchObject({
      discount_price: 80,
      sale_discount: { own_discount_price: 95 },
    })
  })
})
