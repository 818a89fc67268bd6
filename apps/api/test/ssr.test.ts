import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createProduct, insertBrand, insertCategory } from '../src/modules/catalogue/test-fixtures.ts'
import { bumpCatalogueVersion } from '../src/platform/catalogue-version.ts'
import { noteStockChange } from '../src/platform/stock-changes.ts'
import { useBuiltWebTestApp } from './built-web.ts'
import { buildTestApp, json, signInAs } from './helpers.ts'
import { versionOf } from './support/record-version.ts'

// The storefront pages come rendered by the web app's server bundle, with their data
// embedded in a JSON script. Stored text is the attacker's: whatever a product's fields hold, the
// page has no script but the shop's own, and the embedded data reads back exactly.

const HOSTILE = 'Čekić </script><script>alert(1)</script><!-- \u2028\u2029 & "navodnici"'

const { test, web } = useBuiltWebTestApp('shop-ssr-web-')
let staff: Record<string, string>
let productId: string

beforeAll(async () => {
  staff = await signInAs(test, 'store_manager')
  const categoryId = await insertCategory(test.db, 'Alati')
  const created = await test.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: staff,
    payload: {
      customId: 'SSR-1',
      name: HOSTILE,
      short_description: `Kratko ${HOSTILE}`,
      description: `Opis proizvoda.\n${HOSTILE}`,
      price: 20,
      categoryId,
      stock: 12,
    },
  })
  expect(created.statusCode).toBe(201)
  productId = json<{ id: string }>(created).id
})

function embeddedData(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="shop-data">([\s\S]*?)<\/script>/.exec(html)
  if (!match) throw new Error('the page has no embedded data')
  return JSON.parse(match[1]!) as Record<string, unknown>
}

describe('server-rendered product page', () => {
  it('shows the name, price, availability and description, with stored script made harmless', async () => {
    const response = await test.app.inject({ method: 'GET', url: `/product/${productId}` })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
    expect(response.headers['content-security-policy']).toContain("script-src 'self'")
    const html = response.body

    expect(html).toContain('<h1 class="product-info__name">Čekić &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('20,00 KM')
    expect(html).toContain('Na stanju')
    expect(html).toContain('Opis proizvoda.')
    // No script of the stored text: the only scripts are the module entry, the JSON-LD and the data.
    expect(html).not.toContain('<script>alert(1)')
    expect(html.match(/<script\b/g)).toHaveLength(3)

    const dataText = /id="shop-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? ''
    expect(dataText).not.toMatch(/[<>\u2028\u2029]/)
    const data = embeddedData(html)
    const product = Object.values(data).find(
      (value): value is { name: string; description: string } =>
        typeof value === 'object' && value !== null && (value as { id?: unknown }).id === productId,
    )
    expect(product?.name).toBe(HOSTILE)
    expect(product?.description).toBe(`Opis proizvoda.\n${HOSTILE}`)
  })

  it('keeps the rendered page until the catalogue changes, then renders the change', async () => {
    const url = `/product/${productId}`
    await test.app.inject({ method: 'GET', url })
    const kept = await test.app.inject({ method: 'GET', url })
    expect(kept.headers['x-cache']).toBe('hit')

    const renamed = await test.app.inject({
      method: 'PATCH',
      url: `/api/products/${productId}`,
      headers: staff,
      payload: { version: await versionOf(test.db, 'products', productId), name: 'Čekić 500 g' },
    })
    expect(renamed.statusCode).toBe(200)
    const fresh = await test.app.inject({ method: 'GET', url })
    expect(fresh.headers['x-cache']).toBe('miss')
    expect(fresh.body).toContain('<h1 class="product-info__name">Čekić 500 g</h1>')

    // An order that moves stock does not bump the generation, but the kept page goes too.
    expect((await test.app.inject({ method: 'GET', url })).headers['x-cache']).toBe('hit')
    await test.db.query('update products set stock = 4 where id = $1', [productId])
    await noteStockChange(test.db, [productId], false)
    const restocked = await test.app.inject({ method: 'GET', url })
    expect(restocked.headers['x-cache']).toBe('miss')
    expect(restocked.body).toContain('još samo 4 kom.')
  })

  it('sends a kept page compressed for the encoding the browser accepts, the same HTML', async () => {
    const url = `/product/${productId}`
    const plain = await test.app.inject({ method: 'GET', url })
    for (const [accepted, encoding, decode] of [
      ['gzip', 'gzip', zlib.gunzipSync],
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
    ] as const) {
      const kept = await test.app.inject({ method: 'GET', url, headers: { 'accept-encoding': accepted } })
      expect(kept.headers['x-cache']).toBe('hit')
      expect(kept.headers['content-encoding']).toBe(encoding)
      expect(kept.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(decode(kept.rawPayload).toString('utf8')).toBe(plain.body)
    }
  })

  it('renders the store with its search, as a guest', async () => {
    const store = await test.app.inject({ method: 'GET', url: '/store?search=%C4%8Deki%C4%87' })
    expect(store.statusCode).toBe(200)
    expect(store.body).toContain('product-card__name')
    expect(store.body).toContain('20,00 KM')
  })

  it('renders the store filters with their category counts, read apart from the list and embedded once', async () => {
    const store = await test.app.inject({ method: 'GET', url: '/store?page=1' })
    expect(store.statusCode).toBe(200)
    // The option's label is 'name (count)', escaped as the page writes the product's name.
    expect(store.body).toMatch(/<option value="[0-9a-f-]{36}">Alati \(\d+\)<\/option>/)
    const keys = Object.keys(embeddedData(store.body))
    expect(keys.filter((key) => key.startsWith('load counts '))).toHaveLength(1)
  })

  it("reads the store's and a product's data from the services, asking no API route during the render", async () => {
    const asked: string[] = []
    const inject = test.app.inject.bind(test.app)
    const spy = vi.spyOn(test.app, 'inject').mockImplementation(((options: { url?: string }) => {
      if (options.url?.startsWith('/api/')) asked.push(options.url)
      return inject(options as never)
    }) as never)
    try {
      await bumpCatalogueVersion(test.db)
      for (const url of [`/product/${productId}`, '/store?sort=price-desc']) {
        const page = await inject({ method: 'GET', url })
        expect(page.statusCode, url).toBe(200)
        expect(page.headers['x-cache'], url).toBe('miss')
      }
      expect(asked).toEqual([])
      // A search is asked of its route, which counts the visitor against the search limit.
      expect((await inject({ method: 'GET', url: '/store?search=%C4%8Deki%C4%87' })).statusCode).toBe(200)
      expect(asked.length).toBeGreaterThan(0)
      for (const url of asked) expect(url).toContain('search=')
    } finally {
      spy.mockRestore()
    }
  })

  it("carries the footer's work hours and company facts, so that the browser does not ask for them", async () => {
    const hours = json<
      { workHours?: Array<{ section: string; hours: string }> } | Array<{ section: string; hours: string }>
    >(await test.app.inject({ method: 'GET', url: '/api/work-hours' }))
    const list = Array.isArray(hours) ? hours : (hours.workHours ?? [])
    const storeHours = list.find((entry) => entry.section === 'store')?.hours
    expect(storeHours).toBeTruthy()
    const page = await test.app.inject({ method: 'GET', url: '/restoran' })
    const data = embeddedData(page.body)['site-info'] as { workHours: { store: string } } | undefined
    expect(data?.workHours.store).toBe(storeHours)
    // The footer shows them in the HTML: one line per day range (footer.tsx).
    const footer = page.body.slice(page.body.indexOf('<footer'))
    expect(footer).toContain(storeHours!.split(',')[0]!.trim())
  })

  it("paints before the app's scripts: the app's styles in the head, its module preloads left out", async () => {
    const shell = fs.readFileSync(path.join(web.dist, 'index.html'), 'utf8')
    const shellStyles = [...shell.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((match) => match[1])
    // The entry's styles and the app shell's (header, footer), which the entry only starts later.
    expect(shellStyles.length).toBeGreaterThanOrEqual(2)
    expect(shell).toMatch(/<link rel="modulepreload"[^>]*href="\/assets\/main-[^"]+\.js"/)

    for (const url of ['/', '/store', `/product/${productId}`, '/restoran', '/veleprodaja', '/about']) {
      const page = await test.app.inject({ method: 'GET', url })
      expect(page.statusCode, url).toBe(200)
      expect(page.body, url).toContain('id="shop-data"')
      for (const style of shellStyles) expect(page.body, url).toContain(`href="${style}"`)
      expect(page.body, url).not.toContain('rel="modulepreload"')
      expect(page.body.match(/<script type="module"/g), url).toHaveLength(1)
      // Each stylesheet once: the page's own are added only when index.html does not link them.
      const styles = [...page.body.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((match) => match[1])
      expect(new Set(styles).size, url).toBe(styles.length)
    }
  })
})

describe('pages without JavaScript', () => {
  /** The text of the page's main content, tags dropped: what a browser without JavaScript shows. */
  const mainOf = (html: string) => /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? ''
  const cardNames = (html: string) =>
    [...html.matchAll(/class="product-card__link"[^>]*>([^<]*)</g)].map((match) => match[1])
  const hrefs = (html: string) =>
    [...(/<nav class="pagination"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '').matchAll(/href="([^"]+)"/g)].map((match) =>
      match[1]!.replaceAll('&amp;', '&'),
    )

  let brandId: string
  let categoryId: string

  beforeAll(async () => {
    // 35 nails of one brand and 3 saws of another: two pages of 30, and a brand filter.
    categoryId = await insertCategory(test.db, 'Okov')
    brandId = await insertBrand(test.db, 'Pila-Brend')
    const otherBrand = await insertBrand(test.db, 'Čavao-Brend')
    for (let index = 1; index <= 35; index += 1) {
      const number = String(index).padStart(2, '0')
      await createProduct(test.db, {
        customId: `CAV-${number}`,
        name: `Čavao ${number}`,
        categoryId,
        brandId: otherBrand,
      })
    }
    for (const number of ['1', '2', '3']) {
      await createProduct(test.db, { customId: `PILA-${number}`, name: `Pila ${number}`, categoryId, brandId })
    }
    await bumpCatalogueVersion(test.db)
  })

  it('answers an unknown address 404 with the frame and the not-found text', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/nema-ove-stranice' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toContain('text/html')
    // The frame: top bar and footer, and the not-found page between them, all in the HTML.
    expect(response.body).toContain('<header')
    expect(response.body).toContain('<footer')
    expect(mainOf(response.body)).toContain('Stranica nije pronađena')
    expect(mainOf(response.body)).toContain('Tražena stranica ne postoji.')
    expect(response.body).toContain('<title>Stranica nije pronađena')
    expect(response.body).toContain('id="shop-data"')
    // Not kept as a page, and answered 404 again.
    const again = await test.app.inject({ method: 'GET', url: '/nema-ove-stranice' })
    expect(again.statusCode).toBe(404)
    expect(again.headers['x-cache']).not.toBe('hit')
  })

  it('answers a missing product 404 with the frame and "Proizvod nije pronađen"', async () => {
    for (const url of ['/product/00000000-0000-4000-8000-000000000000', '/product/NEMA-SIFRE']) {
      const response = await test.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(404)
      expect(response.body, url).toContain('<footer')
      expect(mainOf(response.body), url).toContain('Proizvod nije pronađen')
      expect(mainOf(response.body), url).toContain('href="/store"')
    }
  })

  it('links the store pages as /store?page=N and renders the page the address names', async () => {
    const filters = `category=${categoryId}&sort=name-asc`
    const first = await test.app.inject({ method: 'GET', url: `/store?${filters}` })
    expect(first.statusCode).toBe(200)
    expect(cardNames(first.body)).toHaveLength(30)
    // Prethodna is no link on page 1; pages 1 and 2 and Sljedeća are, keeping the filters.
    expect(hrefs(first.body)).toEqual([`/store?${filters}`, `/store?${filters}&page=2`, `/store?${filters}&page=2`])

    const second = await test.app.inject({ method: 'GET', url: `/store?${filters}&page=2` })
    expect(second.statusCode).toBe(200)
    expect(cardNames(second.body)).toEqual([
      'Čavao 31',
      'Čavao 32',
      'Čavao 33',
      'Čavao 34',
      'Čavao 35',
      'Pila 1',
      'Pila 2',
      'Pila 3',
    ])
    expect(second.body).toMatch(/<a href="[^"]*page=2"[^>]*aria-current="page"/)
    expect(hrefs(second.body)[0]).toBe(`/store?${filters}`)
  })

  it('renders what the filter form asks for (GET /store?search=&category=&brand=&sort=)', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/store?search=&category=${categoryId}&brand=${brandId}&sort=name-desc`,
    })
    expect(response.statusCode).toBe(200)
    expect(cardNames(response.body)).toEqual(['Pila 3', 'Pila 2', 'Pila 1'])
    // The form shows what it sent: the selects have their names and the chosen values.
    expect(response.body).toMatch(new RegExp(`<select[^>]*name="brand"`))
    expect(response.body).toMatch(new RegExp(`<option value="${brandId}" selected=""`))
    expect(response.body).toMatch(/<option value="name-desc" selected=""/)
    expect(response.body).toMatch(/<form[^>]*action="\/store"/)
    expect(response.body).toContain('Primijeni filtre')
  })
})

describe('pages that are not server-rendered', () => {
  it('answers the app shell for the cart, the account and the staff area', async () => {
    for (const url of ['/cart', '/account', '/admin/products']) {
      const response = await test.app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(200)
      expect(response.body).toContain('<div id="root"></div>')
      expect(response.body).not.toContain('id="shop-data"')
      // Rendered in the browser, at once: the app's files are preloaded with the entry.
      expect(response.body).toMatch(/<link rel="modulepreload"[^>]*href="\/assets\/main-[^"]+\.js"/)
    }
  })

  it('does not serve the server bundle or the build manifest as files', async () => {
    for (const url of ['/server/entry-server.js', '/.vite/manifest.json']) {
      const response = await test.app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(404)
      expect(response.body).not.toContain('createRenderer')
    }
  })
})

describe('kept pages', () => {
  it('keep one page per the parameters it reads: tracking parameters neither render nor keep another copy', async () => {
    const first = await test.app.inject({ method: 'GET', url: '/store?search=%C4%8Deki%C4%87&sort=name-asc' })
    expect(first.statusCode).toBe(200)
    for (const url of [
      '/store?search=%C4%8Deki%C4%87&sort=name-asc&utm_source=facebook&utm_campaign=jesen',
      '/store?fbclid=IwAR0abc&sort=name-asc&search=%C4%8Deki%C4%87',
      '/store?gclid=x&search=%C4%8Deki%C4%87&sort=name-asc',
    ]) {
      const same = await test.app.inject({ method: 'GET', url })
      expect(same.headers['x-cache'], url).toBe('hit')
      expect(same.body).toBe(first.body)
    }
    // A parameter the page reads is another page.
    const other = await test.app.inject({ method: 'GET', url: '/store?search=%C4%8Deki%C4%87&sort=name-desc' })
    expect(other.headers['x-cache']).toBe('miss')
    // The canonical address carries no parameter at all.
    expect(first.body).toContain('<link rel="canonical" href="http://shop.test/store">')
  })

  it('render at most MAX_CONCURRENT_RENDERS at once: past it the page is the app shell with its head', async () => {
    const { MAX_CONCURRENT_RENDERS } = await import('../src/server-render/render.ts')
    const addresses = Array.from({ length: MAX_CONCURRENT_RENDERS * 3 }, (_, index) => `/store?page=${index + 2}`)
    const answers = await Promise.all(addresses.map((url) => test.app.inject({ method: 'GET', url })))
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true)
    const rendered = answers.filter((answer) => answer.body.includes('id="shop-data"'))
    const shells = answers.filter((answer) => answer.body.includes('<div id="root"></div>'))
    expect(rendered.length).toBeGreaterThanOrEqual(1)
    expect(rendered.length).toBeLessThanOrEqual(MAX_CONCURRENT_RENDERS)
    expect(rendered.length + shells.length).toBe(addresses.length)
    // A shell has the page's head; the same address, asked again when the server is free, is rendered.
    expect(shells[0]?.body).toContain('<link rel="canonical" href="http://shop.test/store">')
    const url = addresses[answers.indexOf(shells[0]!)]!
    expect((await test.app.inject({ method: 'GET', url })).body).toContain('id="shop-data"')
  })

  it('are not kept when the operator switches the catalogue cache off (CATALOGUE_CACHE=off)', async () => {
    const uncached = await buildTestApp({ WEB_DIST: web.dist, CATALOGUE_CACHE: 'off' })
    try {
      for (let visit = 0; visit < 3; visit += 1) {
        const page = await uncached.app.inject({ method: 'GET', url: '/store' })
        expect(page.statusCode).toBe(200)
        expect(page.headers['x-cache']).toBe('miss')
        expect(page.body).toContain('id="shop-data"')
      }
    } finally {
      await uncached.close()
    }
  }, 120_000)
})
