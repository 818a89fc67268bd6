import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts'
import { listProductsAs, shootAtWidths, signInThroughApi, waitForHydration } from './support.ts'

// The storefront pages arrive rendered, with the data they were rendered from;
// a browser without JavaScript (a crawler) reads them, the hydration asks nothing again and warns
// of nothing, and a wholesale customer gets the wholesale prices after it. The first-load budget is
// checked on the build the tests run against (its manifest).

type ListedProduct = {
  id: string
  name: string
  price: number
  discount_price: number | null
  has_sizes: boolean
  stock: number
  description: string | null
  wholesale_price?: number | null
}

async function listProducts(request: APIRequestContext, params: Record<string, string | number> = {}) {
  const response = await request.get('/api/products', { params: { limit: 100, ...params } })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { products: ListedProduct[] }).products
}

/** A product without options, well in stock, with a description: its page shows all the crawler needs. */
async function plainProduct(request: APIRequestContext): Promise<ListedProduct> {
  const product = (await listProducts(request)).find(
    (candidate) => !candidate.has_sizes && candidate.stock > 5 && (candidate.description ?? '').length > 20,
  )
  if (!product) throw new Error('The demo shop has no plain product in stock')
  return product
}

const formatKm = (value: number) => `${value.toFixed(2).replace('.', ',')} KM`

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('home: slides, the products and the services are in the HTML', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('region', { name: 'Istaknuto u ponudi' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Jesenska akcija' })).toBeVisible()
    await expect(page.locator('.product-scroller .product-card').first()).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Naše usluge' })).toBeVisible()
    await shootAtWidths(page, 'home')
  })

  test('store: the first page of products, a search and page 2', async ({ page, request }) => {
    const firstPage = await listProducts(request, { limit: 30, page: 1 })
    const secondPage = await listProducts(request, { limit: 30, page: 2 })
    await page.goto('/store')
    await expect(page.getByRole('heading', { level: 1, name: 'Trgovina' })).toBeVisible()
    const names = page.locator('.product-grid .product-card__name')
    await expect(names).toHaveCount(firstPage.length)
    await expect(names.first()).toHaveText(firstPage[0]!.name)
    await shootAtWidths(page, 'store')

    await page.goto('/store?search=kabel')
    await expect(page.locator('.product-grid .product-card__name').first()).toContainText(/kabel/i)
    await expect(page.getByRole('searchbox')).toHaveValue('kabel')

    await page.goto('/store?page=2')
    await expect(page.locator('.product-grid .product-card__name').first()).toHaveText(secondPage[0]!.name)
  })

  test('product: name, price, availability, description and its JSON-LD', async ({ page, request }) => {
    const product = await plainProduct(request)
    const response = await page.goto(`/product/${product.id}`)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
    const price =
      product.discount_price !== null && product.discount_price < product.price ? product.discount_price : product.price
    await expect(page.locator('.product-info__price')).toContainText(formatKm(price))
    await expect(page.locator('.availability')).toContainText('Na stanju')
    const firstLine = (product.description ?? '')
      .split('\n')[0]!
      .replace(/^[-*]\s+/, '')
      .trim()
    await expect(page.locator('.product-description')).toContainText(firstLine.slice(0, 30))
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
      name?: string
    }
    expect(jsonLd.name).toBe(product.name)
    await shootAtWidths(page, 'product')
  })

  test('restaurant, wholesale and about show their content', async ({ page, request }) => {
    const menu = (await (await request.get('/api/restaurant/menu')).json()) as unknown
    const items = Array.isArray(menu)
      ? (menu as Array<{ name: string }>)
      : ((menu as { items: Array<{ name: string }> }).items ?? [])
    await page.goto('/restoran')
    await expect(page.getByText(items[0]!.name, { exact: true }).first()).toBeVisible()
    await shootAtWidths(page, 'restaurant')

    await page.goto('/veleprodaja')
    await expect(page.getByRole('heading', { name: 'Zašto kupovati u veleprodaji' })).toBeVisible()
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(7)
    await shootAtWidths(page, 'wholesale')

    await page.goto('/about')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await shootAtWidths(page, 'about')
  })

  test('pages behind a sign-in stay rendered in the browser', async ({ request }) => {
    for (const address of ['/cart', '/account', '/admin']) {
      const html = await (await request.get(address)).text()
      expect(html).toContain('<div id="root"></div>')
      expect(html).not.toContain('id="shop-data"')
    }
  })
})

/** The catalogue and menu reads a page makes for its content (the footer's facts are not embedded). */
const DATA_CALL = /\/api\/(products|slides|brands|sales\/|restaurant\/|work-hours|settings\/company)/

function watch(page: Page) {
  const problems: string[] = []
  const dataCalls: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('request', (request) => {
    if (DATA_CALL.test(new URL(request.url()).pathname)) dataCalls.push(request.url())
  })
  return { problems, dataCalls }
}

async function expectHydrated(page: Page) {
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
}

test('with JavaScript: every storefront page hydrates without a warning and without asking for its data again', async ({
  page,
  request,
}) => {
  const product = await plainProduct(request)
  const { problems, dataCalls } = watch(page)
  for (const address of [
    '/',
    '/store',
    '/store?search=kabel',
    `/product/${product.id}`,
    '/restoran',
    '/veleprodaja',
    '/about',
    '/TermsOfService',
    '/PrivacyPolicy',
  ]) {
    await page.goto(address)
    await expectHydrated(page)
    expect(dataCalls, address).toEqual([])
    expect(problems, address).toEqual([])
  }
  // After the hydration the page is the app: a new search asks the server.
  await page.goto('/store')
  await expectHydrated(page)
  await page.getByRole('searchbox').fill('kabel')
  await expect(page.locator('.product-grid .product-card__name').first()).toContainText(/kabel/i)
  expect(dataCalls.length).toBeGreaterThan(0)
  expect(problems).toEqual([])
})

test('a signed-in wholesale customer gets the wholesale price after the hydration, without a mismatch', async ({
  page,
  request,
}) => {
  const session = await signInThroughApi(request, 'veleprodaja@demo.ba')
  const products = await listProductsAs<ListedProduct>(request, session)
  const product = products.find((candidate) => !candidate.has_sizes && (candidate.wholesale_price ?? 0) > 0)
  if (!product) throw new Error('The demo shop has no product with a wholesale price')

  // The server's HTML is a guest's: no wholesale figure in it, whoever asks.
  const html = await (await request.get(`/product/${product.id}`)).text()
  expect(html).not.toContain('Veleprodajna cijena')

  await page.addInitScript(
    ([token, user]) => {
      localStorage.setItem('shop.token', token)
      localStorage.setItem('shop.user', user)
    },
    [session.token, JSON.stringify(session.user)] as const,
  )
  const { problems } = watch(page)
  await page.goto(`/product/${product.id}`)
  await expect(page.getByText('Veleprodajna cijena (VP)')).toBeVisible()
  await expect(page.locator('.product-info__price')).toContainText(formatKm(product.wholesale_price ?? 0))
  await page.goto('/store')
  await expect(page.locator('.price-tag__wholesale').first()).toBeVisible()
  expect(problems).toEqual([])
})

// ARCHITECTURE (Performance budgets): the first load of home, store and product pages within 120 KB
// of gzip. Counted from the build manifest of the build under test: the entry (boot.ts), the app it
// starts (main.tsx), the page's chunk and their static imports.
test('first-load JavaScript of home, store and product is within 120 KB of gzip', () => {
  const dist = path.resolve(import.meta.dirname, '..', process.env.E2E_WEB_DIST ?? 'apps/web/dist')
  type Chunk = { file: string; imports?: string[]; isEntry?: boolean }
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!
  const pages = {
    home: 'src/features/catalogue/pages/home-page.tsx',
    store: 'src/features/catalogue/pages/store-page.tsx',
    product: 'src/features/catalogue/pages/product-page.tsx',
  }
  for (const [name, source] of Object.entries(pages)) {
    const files = new Set<string>()
    const visit = (key: string) => {
      const chunk = manifest[key]
      if (!chunk) throw new Error(`${key} is not in the build manifest`)
      if (files.has(chunk.file)) return
      files.add(chunk.file)
      for (const imported of chunk.imports ?? []) visit(imported)
    }
    visit(entry)
    visit('src/main.tsx')
    visit(source)
    const bytes = [...files].reduce(
      (total, file) => total + zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length,
      0,
    )
    expect(bytes, `${name}: ${(bytes / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(120 * 1024)
  }
})
