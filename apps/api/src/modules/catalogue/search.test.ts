import { describe, expect, it } from 'vitest'
import { foldForSearch } from '@shop/shared/rules/search.ts'
import { isOutOfStock } from '@shop/shared/rules/stock.ts'
import type { ProductListResponse } from '@shop/shared/schemas/catalogue.ts'
import { json } from '../../../test/helpers.ts'
import { createProduct, useCatalogueTestApp } from './test-fixtures.ts'

const { test, shop } = useCatalogueTestApp()

async function search(text: string, extra = ''): Promise<ProductListResponse> {
  const response = await test.app.inject({ url: `/api/products?search=${encodeURIComponent(text)}${extra}` })
  expect(response.statusCode).toBe(200)
  return json<ProductListResponse>(response)
}

const names = (body: ProductListResponse) => body.products.map((product) => product.name)

const DRILLS = [
  'Aku bušilica Makita DF333',
  'Aku bušilica Bosch GSR 18V',
  'Aku bušilica Makita DF331',
  'Udarna bušilica Bosch PSB',
]

describe('search (customer-side.md §9)', () => {
  it.each(['busilica', 'bušilica', 'BUŠILICA', 'bušlica', 'busilca', 'busil'])(
    '%s finds every Bušilica and nothing unrelated',
    async (text) => {
      const body = await search(text)
      expect(names(body).sort()).toEqual([...DRILLS].sort())
      expect(body.total).toBe(4)
    },
  )

  it.each(['бушилица', 'БУШИЛИЦА', 'бушил'])('%s (Cyrillic) finds every Bušilica, as busilica does', async (text) => {
    const body = await search(text)
    expect(names(body).sort()).toEqual([...DRILLS].sort())
  })

  it('finds a product named in Cyrillic by its Latin spelling, and by the Cyrillic one', async () => {
    await createProduct(test.db, {
      customId: 'CYR-1',
      name: 'Ђубриво за цвијеће',
      categoryId: shop.categories.tools,
      stock: 3,
    })
    expect(names(await search('djubrivo'))).toEqual(['Ђубриво за цвијеће'])
    expect(names(await search('ђубриво'))).toEqual(['Ђубриво за цвијеће'])
    expect(names(await search('Đubrivo cvijeće'))).toEqual(['Ђубриво за цвијеће'])
  })

  it.each(['cekic', 'čekić', 'ČEKIĆ', 'cekić'])('%s finds Čekić and not Vodokotlić', async (text) => {
    const body = await search(text)
    expect(names(body)).toEqual(['Čekić Stanley 500 g'])
  })

  it('finds a product by part of its code, first', async () => {
    const body = await search('1234')
    expect(names(body)[0]).toBe('PPR cijev 20 mm')
  })

  it('finds a product by part of an option code', async () => {
    expect(names(await search('MJ-XL'))).toEqual(['Radna majica'])
    expect(names(await search('xl-77'))).toEqual(['Radna majica'])
  })

  it('finds a product by an option label', async () => {
    expect(names(await search('XL'))).toContain('Radna majica')
  })

  it('puts an exact code before products that only mention it', async () => {
    await createProduct(test.db, {
      customId: 'P-100003-SET',
      name: 'Set dlijeta',
      categoryId: shop.categories.tools,
      description: 'Dolazi uz čekić 100003.',
      stock: 4,
    })
    const body = await search('100003')
    expect(names(body)[0]).toBe('Čekić Stanley 500 g')
    expect(names(body)).toContain('Set dlijeta')
  })

  it('finds a product by its id and by the start of its id', async () => {
    expect(names(await search(shop.ids.shirt))).toEqual(['Radna majica'])
    expect(names(await search(shop.ids.shirt.slice(0, 13)))[0]).toBe('Radna majica')
  })

  it('favours products that match all words of 4+ characters', async () => {
    const body = await search('bušilica bosch')
    // Aku bušilica Bosch GSR 18V matches both words; the out-of-stock Udarna bušilica Bosch still goes last.
    expect(names(body)[0]).toBe('Aku bušilica Bosch GSR 18V')
    expect(names(body).at(-1)).toBe('Udarna bušilica Bosch PSB')
    const makita = await search('makita aku bušilica df331')
    expect(names(makita)).toEqual(['Aku bušilica Makita DF331'])
  })

  it('shows only the products matching all words of 4+ characters when there are any', async () => {
    // 'Radne hlače' matches 'radna' (a typo away) but not 'majica'.
    expect(names(await search('radna majica'))).toEqual(['Radna majica'])
    expect(names(await search('bušilica makita')).sort()).toEqual([
      'Aku bušilica Makita DF331',
      'Aku bušilica Makita DF333',
    ])
  })

  it('falls back to products matching any word when none matches all', async () => {
    expect(names(await search('bušilica qqzzyy')).sort()).toEqual([...DRILLS].sort())
  })

  it('chooses products by the words of 4+ characters; shorter words only rank them', async () => {
    // 'xl' alone would choose every product with an XL option; beside 'majica' it only ranks.
    const body = await search('majica xl')
    expect(names(body)).toEqual(['Radna majica'])
    expect(names(await search('aku')).sort()).toEqual([
      'Aku bušilica Bosch GSR 18V',
      'Aku bušilica Makita DF331',
      'Aku bušilica Makita DF333',
    ])
  })

  it('matches the short description and the description with lower weight than the name', async () => {
    await createProduct(test.db, {
      customId: 'K-1',
      name: 'Kofer za alat',
      categoryId: shop.categories.tools,
      shortDescription: 'Stane i bušilica',
      stock: 2,
    })
    const body = await search('bušilica')
    expect(names(body)).toContain('Kofer za alat')
    expect(names(body).indexOf('Kofer za alat')).toBeGreaterThan(names(body).indexOf('Aku bušilica Makita DF331'))
  })

  it('orders by relevance only while searching, even when a sort is asked, out of stock last', async () => {
    const byRelevance = names(await search('makita aku bušilica df331'))
    const withSort = names(await search('makita aku bušilica df331', '&sort=price-desc'))
    expect(withSort).toEqual(byRelevance)
    const body = await search('bušilica')
    const firstOut = body.products.findIndex((product) => isOutOfStock(product))
    expect(body.products.slice(firstOut).every((product) => isOutOfStock(product))).toBe(true)
  })

  it('combines search with the category and brand filters and pages the result', async () => {
    const body = await search('bušilica', `&brand=${shop.brands.makita}&limit=1&page=2`)
    expect(body.total).toBe(2)
    expect(body.pages).toBe(2)
    expect(body.products).toHaveLength(1)
  })

  it.each(['%', '_', "'", '\\', ':*', '!(', 'a & b | c', '<->', "o'brien", '日本'])(
    'answers a harmless empty or partial result for %j, never an error',
    async (text) => {
      const response = await test.app.inject({ url: `/api/products?search=${encodeURIComponent(text)}` })
      expect(response.statusCode).toBe(200)
    },
  )

  it('finds nothing for text that matches no product', async () => {
    expect(await search('xyzzyqwerty')).toMatchObject({ products: [], total: 0, pages: 1 })
  })
})

describe('foldForSearch and SQL shop_fold agree', () => {
  it.each([
    'Bušilica',
    'ČEKIĆ Žuti',
    'Đurđevak',
    'Šiljilo ćup',
    'Crème brûlée',
    'Łódź',
    'ABC-123/x',
    'бушилица',
    'БУШИЛИЦА',
    'Ђурђевак џеп љиљан њива',
    'ЧЕКИЋ ЖУТИ',
  ])('%s', async (value) => {
    const { rows } = await test.db.query<{ folded: string }>('select shop_fold($1) as folded', [value])
    expect(foldForSearch(value)).toBe(rows[0]!.folded)
  })
})
