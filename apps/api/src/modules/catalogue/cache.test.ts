import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { CatalogueProduct, ProductListResponse } from '@shop/shared/schemas/catalogue.ts'
import { signInAs } from '../../../test/helpers.ts'
import { bumpCatalogueVersion } from '../../platform/catalogue-version.ts'
import { createCategory, createProduct, useCatalogueTestApp } from './test-fixtures.ts'

const { test, shop } = useCatalogueTestApp({ cache: true })

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await test.app.inject({ url, headers })
  return { status: response.statusCode, cache: response.headers['x-cache'], body: response.body }
}

describe('catalogue response cache', () => {
  it.each([
    '/api/products',
    '/api/products?category=&sort=recommended&page=1',
    '/api/products?search=bu%C5%A1ilica',
    '/api/products/200001',
    '/api/products/200001/recommendations',
    '/api/categories',
    '/api/brands',
    '/api/slides',
    '/api/sales/config',
    '/api/sales/products',
    '/api/work-hours',
    '/api/settings/shipping',
    '/api/settings/company',
  ])('answers a repeated %s from the cache with the same bytes', async (url) => {
    const first = await get(url)
    const second = await get(url)
    expect(first.status).toBe(200)
    expect([first.cache, second.cache]).toEqual(['miss', 'hit'])
    expect(second.body).toBe(first.body)
  })

  it('shows a staff write once the write bumps the catalogue version in its transaction', async () => {
    await get('/api/categories')
    expect((await get('/api/categories')).cache).toBe('hit')
    await test.db.transaction(async (client) => {
      await createCategory(client, 'Boje i lakovi')
      await bumpCatalogueVersion(client)
    })
    const after = await get('/api/categories')
    expect(after.cache).toBe('miss')
    expect((JSON.parse(after.body) as Array<{ name: string }>).map((entry) => entry.name)).toContain('Boje i lakovi')
  })

  it('invalidates product lists and pages with the same bump', async () => {
    const url = `/api/products?category=${shop.categories.tools}&sort=price-asc`
    const before = JSON.parse((await get(url)).body) as ProductListResponse
    expect((await get(url)).cache).toBe('hit')
    await test.db.transaction(async (client) => {
      await client.query('update products set stock = 0 where id = $1', [shop.ids.hammer])
      await bumpCatalogueVersion(client)
    })
    const after = await get(url)
    expect(after.cache).toBe('miss')
    const hammer = (body: ProductListResponse) =>
      body.products.find((product) => product.name === 'Čekić Stanley 500 g')
    expect(hammer(before)?.stock).toBe(10)
    expect(hammer(JSON.parse(after.body) as ProductListResponse)?.stock).toBe(0)
  })

  it('keeps wholesale prices out of the answers cached for other readers', async () => {
    const admin = await signInAs(test, 'admin')
    const forAdmin = await get('/api/products/200001', admin)
    const forGuest = await get('/api/products/200001')
    const forGuestAgain = await get('/api/products/200001')
    expect(JSON.parse(forAdmin.body)).toHaveProperty('wholesale_price', 14)
    expect(forGuest.cache).toBe('miss')
    expect(forGuestAgain.cache).toBe('hit')
    expect(JSON.parse(forGuestAgain.body)).not.toHaveProperty('wholesale_price')
    const user = await signInAs(test, 'user')
    const forUser = await get('/api/products/200001', user)
    expect(forUser.cache).toBe('hit')
    expect(JSON.parse(forUser.body)).not.toHaveProperty('wholesale_price')
    const wholesale = await signInAs(test, 'wholesale')
    const forWholesale = await get('/api/products/200001', wholesale)
    expect(forWholesale.cache).toBe('hit')
    expect(JSON.parse(forWholesale.body)).toHaveProperty('wholesale_price', 14)
  })

  it('sends a cached list compressed once, not again by the compression plugin', async () => {
    const url = '/api/products?limit=100'
    const plain = await get(url)
    const response = await test.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(response.headers['x-cache']).toBe('hit')
    expect(response.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(plain.body)
  })

  it('never caches a 404', async () => {
    expect((await get('/api/products/later')).status).toBe(404)
    await createProduct(test.db, { customId: 'later', name: 'Kasnije dodano', categoryId: shop.categories.tools })
    const found = await get('/api/products/later')
    expect(found.status).toBe(200)
    expect((JSON.parse(found.body) as CatalogueProduct).name).toBe('Kasnije dodano')
  })
})
