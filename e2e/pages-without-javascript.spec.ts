import { expect, test, type APIRequestContext, type Page } from './fixtures.ts'
import { main, shootAtWidths } from './support.ts'

// A browser without JavaScript (and a crawler) gets the shop's frame and the not-found text with
// status 404 for an address that names nothing, pages through the store by its links
// (/store?page=N) and filters it with a GET form; with JavaScript the same links and selects
// work in place, without loading a page (docs/decisions.md, 'Pages without JavaScript').

type Listed = { name: string }

async function productNames(request: APIRequestContext, params: Record<string, string | number>): Promise<string[]> {
  const response = await request.get('/api/products', { params: { limit: 30, ...params } })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { products: Listed[] }).products.map((product) => product.name)
}

const cardNames = (page: Page) => page.locator('.product-grid .product-card__name')

/**
 * The page shows the store's page as the API lists it. Other spec files add products while this one runs, so the
 * expected names are read again, and the page reloaded, until both were taken from the same catalogue.
 */
async function expectCardsOf(page: Page, request: APIRequestContext, params: Record<string, string | number>) {
  await expect(async () => {
    const expected = await productNames(request, params)
    if ((await cardNames(page).allTextContents()).join('\n') !== expected.join('\n')) await page.reload()
    expect(await cardNames(page).allTextContents()).toEqual(expected)
  }).toPass({ timeout: 30_000 })
}
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Stranice proizvoda' })

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('an unknown address and a missing product answer 404 with the frame and the not-found text', async ({
    page,
  }) => {
    const unknown = await page.goto('/nema-ove-stranice')
    expect(unknown?.status()).toBe(404)
    await expect(page.getByRole('banner').getByRole('link', { name: 'Trgovina', exact: true })).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
    await expect(main(page).getByRole('heading', { level: 1, name: 'Stranica nije pronađena' })).toBeVisible()
    await expect(main(page).getByText('Tražena stranica ne postoji.')).toBeVisible()
    await expect(page).toHaveTitle(/^Stranica nije pronađena/)
    await shootAtWidths(page, 'not-found')

    const missing = await page.goto('/product/00000000-0000-4000-8000-000000000000')
    expect(missing?.status()).toBe(404)
    await expect(main(page).getByRole('heading', { level: 1, name: 'Proizvod nije pronađen' })).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
    // Its way back is a plain link that works without the app.
    await main(page).getByRole('link', { name: 'Natrag u trgovinu' }).click()
    await expect(page).toHaveURL(/\/store$/)
    await expect(cardNames(page)).toHaveCount(30)
    await shootAtWidths(page, 'product-not-found')
  })

  test('the store pages by its links, and they keep the filters the form sent', async ({ page, request }) => {
    await page.goto('/store')
    await expectCardsOf(page, request, { page: 1 })
    await expect(pagination(page).getByRole('button', { name: 'Prethodna' })).toBeDisabled()

    await pagination(page).getByRole('link', { name: 'Sljedeća' }).click()
    await expect(page).toHaveURL(/\/store\?page=2$/)
    await expectCardsOf(page, request, { page: 2 })
    await expect(pagination(page).locator('[aria-current="page"]')).toHaveText('2')

    await pagination(page).getByRole('link', { name: 'Stranica 3' }).click()
    await expect(page).toHaveURL(/\/store\?page=3$/)
    await expectCardsOf(page, request, { page: 3 })
    await pagination(page).getByRole('link', { name: 'Prethodna' }).click()
    await expect(page).toHaveURL(/\/store\?page=2$/)
    await shootAtWidths(page, 'store-page-2')

    // The filter form: a sort chosen and sent reloads /store with the query; its pages keep it.
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.getByLabel('Poredaj po').selectOption('name-desc')
    await page.getByRole('button', { name: 'Primijeni filtre' }).click()
    await expect(page).toHaveURL(/\/store\?search=&category=&brand=&sort=name-desc$/)
    await expectCardsOf(page, request, { sort: 'name-desc', page: 1 })
    await expect(page.getByLabel('Poredaj po')).toHaveValue('name-desc')
    await pagination(page).getByRole('link', { name: 'Sljedeća' }).click()
    await expect(page).toHaveURL(/\/store\?sort=name-desc&page=2$/)
    await expectCardsOf(page, request, { sort: 'name-desc', page: 2 })
  })

  test('on a phone the filters are in the page, and a brand and a search are sent with the button', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/store')
    // The sheet's toggle needs the app: without it the selects stand in the page.
    await expect(page.getByRole('button', { name: /^Filtri/ })).toBeHidden()
    const brand = page.getByLabel('Brend')
    await expect(brand).toBeVisible()
    const bosch = brand.locator('option', { hasText: /^Bosch \(\d+\)$/ })
    const boschId = (await bosch.getAttribute('value')) ?? ''
    await brand.selectOption(boschId)
    await page.getByRole('searchbox').fill('brusilica')
    await page.getByRole('button', { name: 'Primijeni filtre' }).click()
    await expect(page).toHaveURL(new RegExp(`/store\\?search=brusilica&category=&brand=${boschId}&sort=recommended$`))
    const expected = await productNames(request, { search: 'brusilica', brand: boschId })
    expect(expected.length).toBeGreaterThan(0)
    await expect(cardNames(page)).toHaveText(expected)
    await expect(page.locator('.product-card__brand')).toHaveText(Array(expected.length).fill('Bosch'))
  })
})

test.describe('with JavaScript', () => {
  test('the page links and the filters change the store in place, without loading a page', async ({
    page,
    request,
  }) => {
    const [second, third] = await Promise.all([2, 3].map((number) => productNames(request, { page: number })))
    await page.goto('/store')
    await expect(cardNames(page)).toHaveCount(30)
    // A mark on the window survives only while no page is loaded.
    await page.evaluate(() => Object.assign(window, { storeWasNotReloaded: true }))
    const documents: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url())
    })

    await pagination(page).getByRole('link', { name: 'Sljedeća' }).click()
    await expect(cardNames(page)).toHaveText(second!)
    await pagination(page).getByRole('link', { name: 'Stranica 3' }).click()
    await expect(cardNames(page)).toHaveText(third!)
    await expect(page).toHaveURL(/\/store$/)

    await page.getByLabel('Poredaj po').selectOption('name-desc')
    await expect(cardNames(page)).toHaveText(await productNames(request, { sort: 'name-desc', page: 1 }))
    // The links still name their pages with the filters, for a new tab or a crawler.
    await expect(pagination(page).getByRole('link', { name: 'Sljedeća' })).toHaveAttribute(
      'href',
      '/store?sort=name-desc&page=2',
    )
    // The form's button is for a browser without JavaScript only; Enter in the search does not send the form.
    await expect(page.getByRole('button', { name: 'Primijeni filtre' })).toBeHidden()
    await page.getByRole('searchbox').fill('brusilica')
    await page.getByRole('searchbox').press('Enter')
    await expect(cardNames(page).first()).toContainText(/brusilica/i)
    await expect(page).toHaveURL(/\/store$/)

    expect(documents).toEqual([])
    expect(await page.evaluate(() => (window as { storeWasNotReloaded?: boolean }).storeWasNotReloaded)).toBe(true)
  })

  test('an unknown address shows the not-found page, and its links open pages in place', async ({ page }) => {
    const response = await page.goto('/nema-ove-stranice')
    expect(response?.status()).toBe(404)
    await expect(main(page).getByRole('heading', { level: 1, name: 'Stranica nije pronađena' })).toBeVisible()
    await page.evaluate(() => Object.assign(window, { notReloaded: true }))
    await main(page).getByRole('link', { name: 'Pogledajte trgovinu' }).click()
    await expect(page).toHaveURL(/\/store$/)
    await expect(cardNames(page)).toHaveCount(30)
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true)
  })
})
