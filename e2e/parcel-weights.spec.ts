import { expect, test } from './fixtures.ts'
import {
  authorizationOf,
  cartLine,
  createOwnProduct,
  currentVersion,
  fillCart,
  main,
  shootAtWidths,
  signInAndWait,
  uniqueSuffix,
} from './support.ts'

// docs/decisions.md, 'Product weights and shipping by weight': staff give a product its weight in the product
// form, a shopper sees it on the product page and the parcel's weight in the cart, and the weight-priced
// option costs what the published table (staff-and-content.md §9) says. Other spec files rely on the demo
// shipping settings, so the weight-priced option is offered only to carts of 4.000 KM and more (this
// test's product costs 2.000 KM) and the settings are put back through the API in any case.

test('staff weigh a product, the shopper sees its weight and pays delivery by the parcel price table', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const headers = await authorizationOf(request, 'admin@demo.ba')
  const original = (await (await request.get('/api/settings/shipping')).json()) as Record<string, unknown> & {
    options: Record<string, unknown>[]
  }
  const suffix = uniqueSuffix()
  const optionName = `Dostava po težini paketa ${suffix}`
  const mixer = { code: 'TEZINA', name: 'Mješalica za beton', price: 2000, stock: 10, suffix }
  const product = await createOwnProduct(request, headers, mixer)
  try {
    const saved = await request.patch('/api/settings/shipping', {
      headers,
      data: {
        ...original,
        version: await currentVersion(request, '/api/settings/shipping', headers),
        options: [
          ...original.options,
          {
            id: `e2e-parcel-${suffix.toLowerCase()}`,
            name: optionName,
            description: 'Kurirska služba',
            basePrice: 10,
            isActive: true,
            pricedByWeight: true,
            appliesFreeShipping: false,
            conditions: { minOrderValue: 4000, maxOrderValue: null, regions: [] },
          },
        ],
      },
    })
    expect(saved.status(), await saved.text()).toBe(200)

    // Staff: the product is listed among those without a weight until its form gives it one.
    await signInAndWait(page, 'admin@demo.ba')
    await page.goto('/admin/products')
    const notice = main(page).getByText(/Proizvodi bez težine: \d+/)
    await expect(notice).toBeVisible()
    await notice.click()
    await main(page).getByRole('button', { name: product.name, exact: true }).click()
    await page.getByRole('button', { name: `Uredi: ${product.name}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Uredi proizvod' })
    const weight = dialog.getByLabel('Težina (kg)')
    await weight.fill('4,2')
    await shootAtWidths(page, 'product-form-weight', { focus: weight })
    await weight.fill('-1')
    await dialog.getByRole('button', { name: 'Spremi' }).click()
    await expect(
      dialog.getByText('Težina mora biti broj 0 ili veći (u kg, najviše tri decimale) ili prazno'),
    ).toBeVisible()
    await weight.fill('4,2')
    await dialog.getByRole('button', { name: 'Spremi' }).click()
    await expect(page.getByText('Proizvod je spremljen.')).toBeVisible()
    await expect(main(page).getByRole('button', { name: product.name, exact: true })).toHaveCount(0)

    // The shopper: the weight on the product page, the parcel's weight in the cart, the table's price.
    const shopperContext = await browser.newContext({ baseURL })
    const shopper = await shopperContext.newPage()
    await shopper.goto(`/product/${product.id}`)
    await expect(main(shopper).getByRole('heading', { level: 1, name: product.name })).toBeVisible()
    const specifications = main(shopper).locator('.product-specifications')
    await expect(specifications).toContainText('Težina')
    await expect(specifications).toContainText('4,200 kg')
    await expect(main(shopper).getByText('Jedan komad (4,200 kg) po težini paketa: 12,00 KM.')).toBeVisible()

    await fillCart(shopper, [cartLine(product, null, 2)])
    await shopper.goto('/cart')
    await expect(main(shopper).getByText('Težina paketa: 8,400 kg')).toBeVisible()
    const parcel = main(shopper).locator('label.shipping-option', { hasText: optionName })
    await expect(parcel).toContainText('12,00 KM')
    await parcel.getByRole('radio').check()
    const summary = main(shopper).locator('.cart-summary')
    await expect(summary).toContainText('12,00 KM')
    await expect(summary).toContainText('4.012,00 KM')

    // One more mixer: 12,600 kg is in the band up to 20 kg.
    const quantity = main(shopper).getByRole('spinbutton', { name: `Količina za ${product.name}` })
    await quantity.fill('3')
    await quantity.press('Enter')
    await expect(main(shopper).getByText('Težina paketa: 12,600 kg')).toBeVisible()
    await expect(parcel).toContainText('14,50 KM')
    await expect(summary).toContainText('6.014,50 KM')
    await shootAtWidths(shopper, 'cart-parcel-weight')
    await shopperContext.close()
  } finally {
    await request.patch('/api/settings/shipping', {
      headers,
      data: { ...original, version: await currentVersion(request, '/api/settings/shipping', headers) },
    })
    await request.delete(`/api/products/${product.id}`, { headers })
  }
})
