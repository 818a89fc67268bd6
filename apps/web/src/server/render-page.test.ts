import { describe, expect, it } from 'vitest'
import { catalogueProductOf } from '@shop/shared/schemas/test-support.ts'
import serverEntry from '../entry-server.tsx'
import { ROUTES } from '../app/routes.tsx'
import { jsonForScript } from './compose-page.ts'

// The server render through its contract (contract.ts), with the API's answers faked: the route
// table decides what is rendered, and a product page's head and body share one read of the product.

const PRODUCT = catalogueProductOf({
  id: '5f0c2a52-8f3e-4a55-9d1e-0a6f1c6b1f01',
  _id: '5f0c2a52-8f3e-4a55-9d1e-0a6f1c6b1f01',
  customId: 'T-1',
  name: 'Lopata <čelična>',
  short_description: 'Kratki opis',
  description: 'Opis',
  price: 35,
  category: 'Vrt',
})

function fakeApi() {
  const calls: string[] = []
  const fetch = async (url: string) => {
    calls.push(url)
    const path = url.split('?')[0]
    if (path === `/api/products/${PRODUCT.id}`) return Response.json(PRODUCT)
    if (path === `/api/products/${PRODUCT.id}/recommendations`) return Response.json([])
    if (path === '/api/settings/company') return Response.json({ foundedYear: 1987 })
    return Response.json({ message: 'x', error: 'Not Found', code: 'NOT_FOUND' }, { status: 404 })
  }
  return { calls, fetch }
}

const INDEX_HTML =
  '<!doctype html><html><head><title>Shop</title><link rel="modulepreload" href="/assets/main.js"></head><body><div id="root"></div></body></html>'

// The first render imports the page's files: on a loaded machine that alone took over 5 s.
describe('the server render, through its contract', { timeout: 60_000 }, () => {
  const renderer = serverEntry.createRenderer({ indexHtml: INDEX_HTML, manifest: undefined })
  /** The page at `url` of http://shop.test, read from a fresh fake API unless `options` bring one. */
  const renderAt = (
    url: string,
    options: { fetch?: ReturnType<typeof fakeApi>['fetch']; isShellOnly?: boolean } = {},
  ) =>
    renderer.renderPage({
      url,
      publicUrl: 'http://shop.test',
      fetch: fakeApi().fetch,
      onError: () => undefined,
      ...options,
    })

  it('renders a product page and its head from one read of the product', async () => {
    const api = fakeApi()
    const page = await renderAt(`/product/${PRODUCT.id}`, { fetch: api.fetch })
    expect(page.status).toBe(200)
    expect(page.isServerRendered).toBe(true)
    expect(page.html).toContain('<title>Lopata &lt;čelična&gt; | Trgovina Sovići</title>')
    expect(page.html).toContain(`<link rel="canonical" href="http://shop.test/product/${PRODUCT.id}">`)
    expect(page.html).toContain('Lopata &lt;čelična&gt;</h1>')
    expect(page.html).not.toContain('rel="modulepreload"')
    expect(api.calls.filter((url) => url === `/api/products/${PRODUCT.id}`)).toHaveLength(1)
  })

  it('renders the same page from answers given as text (the in-process reads of the API) as from Responses', async () => {
    const api = fakeApi()
    const asText = async (url: string) => {
      const response = await api.fetch(url)
      return { status: response.status, body: await response.text() }
    }
    const request = { url: `/product/${PRODUCT.id}`, publicUrl: 'http://shop.test', onError: () => undefined }
    const fromText = await renderer.renderPage({ ...request, fetch: asText })
    const fromResponses = await renderer.renderPage({ ...request, fetch: fakeApi().fetch })
    expect(fromText).toMatchObject({ status: 200, isServerRendered: true, isComplete: true })
    expect(fromText.html).toBe(fromResponses.html)
    const missing = await renderer.renderPage({ ...request, url: '/product/nothing', fetch: asText })
    expect(missing).toMatchObject({ status: 404, isServerRendered: true })
    expect(missing.html).toContain('Proizvod nije pronađen</h1>')
  })

  it('renders a missing product and an unknown address with 404, and the shell with its head for a browser-only page', async () => {
    const missing = await renderAt('/product/nothing')
    expect(missing).toMatchObject({ status: 404, isServerRendered: true })
    expect(missing.html).toContain('Proizvod nije pronađen</h1>')
    expect(missing.html).toContain('<title>Proizvod nije pronađen | Trgovina Sovići</title>')

    const unknown = await renderAt('/nema/ove/stranice')
    expect(unknown).toMatchObject({ status: 404, isServerRendered: true })
    expect(unknown.html).toContain('Stranica nije pronađena</h1>')
    expect(unknown.html).toContain('<title>Stranica nije pronađena | Trgovina Sovići</title>')

    const cart = await renderAt('/cart')
    expect(cart).toMatchObject({ status: 200, isServerRendered: false })
    expect(cart.html).toContain('<link rel="modulepreload" href="/assets/main.js">')
    expect(renderer.isServerRendered('/store')).toBe(true)
    expect(renderer.isServerRendered('/admin/products')).toBe(false)
  })

  it('renders every storefront page in one pass from the loads its route plans, asking each address once', async () => {
    const addresses = [
      '/',
      '/store',
      '/store?category=c1&brand=b1&sort=price-asc&page=2',
      '/store?search=lopata',
      `/product/${PRODUCT.id}`,
      '/product/nothing',
      '/restoran',
      '/veleprodaja',
      '/about',
      '/TermsOfService',
      '/termsOfService',
      '/PrivacyPolicy',
      '/nema/ove/stranice',
    ]
    for (const address of addresses) {
      const api = fakeApi()
      const page = await renderAt(address, { fetch: api.fetch })
      expect({ address, ...page, html: undefined }).toMatchObject({
        address,
        isServerRendered: true,
        isComplete: true,
        isRenderedInOnePass: true,
      })
      expect(new Set(api.calls).size).toBe(api.calls.length)
    }
    const product = fakeApi()
    await renderAt(`/product/${PRODUCT.id}`, { fetch: product.fetch })
    expect(product.calls).toContain(`/api/products/${PRODUCT.id}/recommendations`)
  })

  it('renders a page whose plan misses a load as whole, waiting for it, with the same HTML', async () => {
    const about = ROUTES.find((route) => route.path === '/about')!
    const planned = await renderAt('/about')
    expect(planned.html).toContain('1987')
    const plan = about.page.loadPlan
    about.page.loadPlan = () => async () => undefined
    try {
      const waited = await renderAt('/about')
      expect(waited).toMatchObject({ status: 200, isComplete: true, isRenderedInOnePass: false })
      expect(waited.html).toBe(planned.html)
    } finally {
      about.page.loadPlan = plan
    }
  })

  it('keys a page by the parameters its route reads, in the route order, dropping every other one', () => {
    expect(renderer.pageKey('/store?utm_source=fb&sort=name-asc&search=%C4%8Deki%C4%87&fbclid=1')).toBe(
      '/store?search=%C4%8Deki%C4%87&sort=name-asc',
    )
    expect(renderer.pageKey('/store?page=2&brand=b&category=c')).toBe('/store?category=c&brand=b&page=2')
    expect(renderer.pageKey('/store?utm_campaign=jesen')).toBe('/store')
    expect(renderer.pageKey(`/product/${PRODUCT.id}?utm_source=newsletter`)).toBe(`/product/${PRODUCT.id}`)
    expect(renderer.pageKey('/about')).toBe('/about')
  })

  it('sends the shell with the head, not the page, when asked for the shell only', async () => {
    const api = fakeApi()
    const page = await renderAt(`/product/${PRODUCT.id}`, { fetch: api.fetch, isShellOnly: true })
    expect(page).toMatchObject({ status: 200, isServerRendered: false, isComplete: false })
    expect(page.html).toContain('<title>Lopata &lt;čelična&gt; | Trgovina Sovići</title>')
    expect(page.html).not.toContain('Lopata &lt;čelična&gt;</h1>')
  })

  it('lists the sitemap and the closed paths from the route table', () => {
    const updatedAt = new Date('2026-02-03T00:00:00Z')
    const entries = serverEntry.sitemap({ products: [{ id: 'p1', updatedAt }] })
    expect(entries.map((entry) => entry.path)).toEqual([
      '/',
      '/store',
      '/restoran',
      '/veleprodaja',
      '/about',
      '/TermsOfService',
      '/PrivacyPolicy',
      '/product/p1',
    ])
    expect(entries.at(-1)?.lastModified).toBe(updatedAt)
    expect(serverEntry.crawlerDisallowedPaths()).toEqual(['/veleprodaja/brza-narudzba', '/cart', '/account', '/admin'])
  })
})

describe('the embedded data', () => {
  it('reads back exactly, with nothing that could close its script or open a comment', () => {
    const value = { name: 'Čekić </script><!-- a & b > c \u2028\u2029 "x"', list: [1, '<'] }
    const text = jsonForScript(value)
    expect(text).not.toMatch(/[<>&\u2028\u2029]/)
    expect(JSON.parse(text)).toEqual(value)
  })
})
