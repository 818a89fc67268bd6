import { beforeAll, describe, expect, it } from 'vitest'
import { useBuiltWebTestApp } from '../../test/built-web.ts'

// Every address gets its own head from the web's route table (through the server bundle), and the
// sitemap and robots.txt come from the same table.

const { test } = useBuiltWebTestApp('shop-crawler-pages-')
let productId: string
let categoryId: string

beforeAll(async () => {
  const category = await test.db.query<{ id: string }>(
    `insert into categories (name) values ('Električni alati') returning id`,
  )
  categoryId = category.rows[0]!.id
  const product = await test.db.query<{ id: string }>(
    `insert into products (custom_id, name, short_description, price, discount_price, category_id, stock)
     values ('100200', 'Bušilica <Udarna> 750 W', 'Snažna udarna bušilica', 189.9, 159.9, $1, 4) returning id`,
    [categoryId],
  )
  productId = product.rows[0]!.id
  await test.db.query(
    `insert into product_images (product_id, url, is_primary) values ($1, '/api/images/products/a.webp', true)`,
    [productId],
  )
})

describe('pages for crawlers', () => {
  it('sends a product page with its title, canonical URL, Open Graph and schema.org Product data', async () => {
    const response = await test.app.inject({ url: `/product/${productId}` })
    expect(response.statusCode).toBe(200)
    const html = response.body
    expect(html).toContain('<title>Bušilica &lt;Udarna&gt; 750 W | Trgovina Sovići</title>')
    expect(html).toContain(`<link rel="canonical" href="http://shop.test/product/${productId}">`)
    expect(html).toContain('<meta property="og:image" content="http://shop.test/api/images/products/a.webp">')
    expect(html.match(/<title>/g)).toHaveLength(1)
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1]
    const data = JSON.parse(jsonLd!.replace(/\\u003c/g, '<')) as { name: string; offers: Record<string, string> }
    expect(data.name).toBe('Bušilica <Udarna> 750 W')
    expect(data.offers).toMatchObject({
      priceCurrency: 'BAM',
      price: '159.90',
      availability: 'https://schema.org/InStock',
    })
  })

  it('answers 404 with the rendered not-found page for a missing product and an unknown address', async () => {
    const missing = await test.app.inject({ url: '/product/00000000-0000-4000-8000-000000000000' })
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toContain('Proizvod nije pronađen</h1>')
    expect(missing.body).toContain('<title>Proizvod nije pronađen | Trgovina Sovići</title>')
    const unknown = await test.app.inject({ url: '/nema/ove/stranice' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.body).toContain('<title>Stranica nije pronađena | Trgovina Sovići</title>')
    const malformed = await test.app.inject({ url: '/product/%E0%A4%A' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toHaveProperty('code')
    const store = await test.app.inject({ url: '/store?category=x' })
    expect(store.statusCode).toBe(200)
    expect(store.body).toContain('<link rel="canonical" href="http://shop.test/store">')
  })

  it('lists products (not the categories, whose canonical is /store) in /sitemap.xml and points to it from /robots.txt', async () => {
    const sitemap = await test.app.inject({ url: '/sitemap.xml' })
    expect(sitemap.headers['content-type']).toContain('application/xml')
    expect(sitemap.body).toContain(`<loc>http://shop.test/product/${productId}</loc>`)
    expect(sitemap.body).not.toContain(`/store?category=${categoryId}`)
    const robots = await test.app.inject({ url: '/robots.txt' })
    expect(robots.body).toContain('Sitemap: http://shop.test/sitemap.xml')
    expect(robots.body).toContain('Disallow: /admin')
  })

  it('keeps unknown /api routes as JSON 404s, not the app', async () => {
    const response = await test.app.inject({ url: '/api/nothing-here' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' })
  })

  it('sends the app with a Content-Security-Policy that admits only the shop itself, and never in a frame', async () => {
    const page = await test.app.inject({ url: '/store' })
    expect(page.statusCode).toBe(200)
    const policy = String(page.headers['content-security-policy'])
    expect(policy).toContain("default-src 'self'")
    expect(policy).toContain("script-src 'self'")
    expect(policy).not.toMatch(/script-src[^;]*unsafe/)
    expect(policy).toContain("frame-ancestors 'none'")
    expect(page.headers['x-frame-options']).toBe('DENY')
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')

    const api = await test.app.inject({ url: '/api/categories' })
    expect(api.headers['x-content-type-options']).toBe('nosniff')
    expect(api.headers['content-security-policy']).toBeUndefined()
  })
})
