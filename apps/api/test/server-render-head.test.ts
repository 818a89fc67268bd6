import { beforeAll, describe, expect, it } from 'vitest'
import { useBuiltWebTestApp } from './built-web.ts'

// The head and the crawler files the server render makes from the route table: robots.txt lets the
// product images through, the sitemap lists canonical addresses only, and a product with options
// offers each option's price in its JSON-LD.

const { test } = useBuiltWebTestApp('shop-server-render-head-')
let plainId: string
let optionsId: string
let categoryId: string

beforeAll(async () => {
  const category = await test.db.query<{ id: string }>(`insert into categories (name) values ('Ulja') returning id`)
  categoryId = category.rows[0]!.id
  const plain = await test.db.query<{ id: string }>(
    `insert into products (custom_id, name, price, category_id, stock) values ('SEO-1', 'Lopata', 35, $1, 2) returning id`,
    [categoryId],
  )
  plainId = plain.rows[0]!.id
  const withOptions = await test.db.query<{ id: string }>(
    `insert into products (custom_id, name, price, category_id, stock, has_sizes)
     values ('SEO-2', 'Maslinovo ulje', 24.9, $1, 0, true) returning id`,
    [categoryId],
  )
  optionsId = withOptions.rows[0]!.id
  // 0.5 l at the product's price, 1 l with its own discount, 3 l at its own price and sold out.
  await test.db.query(
    `insert into product_options (product_id, position, size, stock, infinite, price, discount_price) values
       ($1, 0, '0,5 l', 4, false, null, null),
       ($1, 1, '1 l', 0, true, 39.9, 34.9),
       ($1, 2, '3 l', 0, false, 54.9, null)`,
    [optionsId],
  )
})

function jsonLdOf(html: string): Record<string, unknown> {
  const text = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1]
  if (!text) throw new Error('no JSON-LD in the page')
  return JSON.parse(text.replace(/\\u003c/g, '<')) as Record<string, unknown>
}

describe('robots, sitemap and offers', () => {
  it('robots.txt lets crawlers fetch product images under /api/images/ and keeps the rest of /api/ closed', async () => {
    const robots = (await test.app.inject({ url: '/robots.txt' })).body
    const lines = robots.split('\n')
    expect(lines).toContain('Allow: /api/images/')
    expect(lines).toContain('Disallow: /api/')
    // Google picks the most specific (longest) rule; other crawlers take the first match: Allow comes first.
    expect(lines.indexOf('Allow: /api/images/')).toBeLessThan(lines.indexOf('Disallow: /api/'))
  })

  it('the sitemap lists only canonical addresses: no /store?category=… (their canonical is /store)', async () => {
    const sitemap = (await test.app.inject({ url: '/sitemap.xml' })).body
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!)
    expect(locations).toContain('http://shop.test/store')
    expect(locations).toContain(`http://shop.test/product/${plainId}`)
    expect(locations.filter((location) => location.includes('?'))).toEqual([])
    // Each listed page names itself as canonical.
    for (const location of locations.filter((entry) => entry.includes('/product/'))) {
      const html = (await test.app.inject({ url: location.replace('http://shop.test', '') })).body
      expect(html).toContain(`<link rel="canonical" href="${location}">`)
    }
    const category = (await test.app.inject({ url: `/store?category=${categoryId}` })).body
    expect(category).toContain('<link rel="canonical" href="http://shop.test/store">')
  })

  it('a product with options offers an AggregateOffer with the price range and one offer per option', async () => {
    const data = jsonLdOf((await test.app.inject({ url: `/product/${optionsId}` })).body)
    expect(data.offers).toEqual({
      '@type': 'AggregateOffer',
      priceCurrency: 'BAM',
      lowPrice: '24.90',
      highPrice: '54.90',
      offerCount: 3,
      availability: 'https://schema.org/InStock',
      offers: [
        expect.objectContaining({
          '@type': 'Offer',
          name: '0,5 l',
          price: '24.90',
          availability: 'https://schema.org/InStock',
        }),
        expect.objectContaining({
          '@type': 'Offer',
          name: '1 l',
          price: '34.90',
          availability: 'https://schema.org/InStock',
        }),
        expect.objectContaining({
          '@type': 'Offer',
          name: '3 l',
          price: '54.90',
          availability: 'https://schema.org/OutOfStock',
          priceCurrency: 'BAM',
          url: `http://shop.test/product/${optionsId}`,
        }),
      ],
    })
  })

  it('a product without options keeps its single Offer', async () => {
    const data = jsonLdOf((await test.app.inject({ url: `/product/${plainId}` })).body)
    expect(data.offers).toMatchObject({ '@type': 'Offer', price: '35.00', priceCurrency: 'BAM' })
  })
})
