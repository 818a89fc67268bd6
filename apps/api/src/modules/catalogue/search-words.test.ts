import { describe, expect, it } from 'vitest'
import type { ProductListResponse } from '@shop/shared/schemas/catalogue.ts'
import { json } from '../../../test/helpers.ts'
import { createProduct, useCatalogueTestApp } from './test-fixtures.ts'
import { listProducts } from './service.ts'

// docs/decisions.md, 'Search that ranks only what it shows': the kept words of a normalised query, the cheap
// first cut before the rank, and the page's count and pages.
const { test, shop } = useCatalogueTestApp()
const retail = { canSeeWholesalePrices: false }

async function searchKeepingWords(search: string, extra: { page?: number; limit?: number } = {}) {
  const answer = await listProducts(test.db, { search, ...extra }, retail, { keepsSearchWords: true })
  return JSON.parse(answer.text) as ProductListResponse
}

const names = (body: ProductListResponse) => body.products.map((product) => product.name)

describe('search with the kept words of a normalised query', () => {
  it.each(['bušilica', 'busilca', 'bušilica bosch', 'majica xl', '1234', 'MJ-XL', 'xyzzyqwerty'])(
    'answers %s the same with its kept words as without them',
    async (text) => {
      const fresh = json<ProductListResponse>(
        await test.app.inject({ url: `/api/products?search=${encodeURIComponent(text)}` }),
      )
      const first = await searchKeepingWords(text)
      const kept = await searchKeepingWords(text)
      expect(first).toEqual(fresh)
      expect(kept).toEqual(fresh)
    },
  )

  it('keeps one entry for the spellings of one query (Bušilica, busilica, BUŠILICA)', async () => {
    const answers = await Promise.all(['Bušilica', ' busilica ', 'BUŠILICA'].map((text) => searchKeepingWords(text)))
    expect(answers[1]).toEqual(answers[0])
    expect(answers[2]).toEqual(answers[0])
  })

  it('widens the words again once another process has started a new catalogue generation', async () => {
    // A typo of a word no product has yet: kept as it is, finding nothing.
    expect((await searchKeepingWords('zvonno')).total).toBe(0)
    expect((await searchKeepingWords('zvonno')).total).toBe(0)
    // Another process adds the word and bumps the generation: this process hears nothing of it.
    await createProduct(test.db, { customId: 'ZV-1', name: 'Zvono biciklističko', categoryId: shop.categories.tools })
    await test.db.query("update cache_versions set version = version + 1 where name = 'catalogue'")
    expect(names(await searchKeepingWords('zvonno'))).toEqual(['Zvono biciklističko'])
  })
})

describe('search pages', () => {
  it('gives every page of a search the order of one long page, with the same total', async () => {
    for (const text of ['bušilica', 'aku', 'bušilica bosch', 'alat']) {
      const whole = await searchKeepingWords(text, { limit: 100 })
      const paged: string[] = []
      for (let page = 1; page <= whole.total; page += 1) {
        const body = await searchKeepingWords(text, { page, limit: 1 })
        expect(body.total).toBe(whole.total)
        expect(body.pages).toBe(whole.total)
        paged.push(...names(body))
      }
      expect(paged).toEqual(names(whole))
    }
  })

  it('answers a page past the last with no products and the right total', async () => {
    const body = await searchKeepingWords('bušilica', { page: 9, limit: 30 })
    expect(body).toMatchObject({ products: [], total: 4, pages: 1 })
  })
})
