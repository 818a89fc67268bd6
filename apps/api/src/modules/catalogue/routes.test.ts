import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Role } from '@shop/shared/rules/roles.ts'
import { cardOf } from '@shop/shared/rules/catalogue-card.ts'
import { compareProducts, PRODUCT_SORTS } from '@shop/shared/rules/sort.ts'
import { isOutOfStock } from '@shop/shared/rules/stock.ts'
import {
  brand,
  catalogueCard,
  catalogueProduct,
  category,
  facetCountsResponse,
  productCardListResponse,
  productListResponse,
  type CatalogueProduct,
  type FacetCountsResponse,
  type ProductCardListResponse,
  type ProductListResponse,
} from '@shop/shared/schemas/catalogue.ts'
import { catalogueProductOf } from '@shop/shared/schemas/test-support.ts'
import { json, signInAs } from '../../../test/helpers.ts'
import { useCatalogueTestApp } from './test-fixtures.ts'

// Every call bypasses the response cache here; its behaviour has its own tests (cache.test.ts).
const { test, shop } = useCatalogueTestApp()

async function get<T>(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const response = await test.app.inject({ url, headers })
  return { status: response.statusCode, body: json<T>(response) }
}

const names = (products: CatalogueProduct[]) => products.map((product) => product.name)

describe('GET /api/products', () => {
  it('answers the plain array of every product without parameters', async () => {
    const { status, body } = await get<CatalogueProduct[]>('/api/products')
    expect(status).toBe(200)
    expect(Array.isArray(body)).toBe(true)
    expect(body).toHaveLength(Object.keys(shop.ids).length)
    for (const product of body) expect(() => catalogueProduct.parse(product)).not.toThrow()
  })

  it('answers a page with total, pages and counts when any parameter is given', async () => {
    const { status, body } = await get<ProductListResponse>('/api/products?limit=5')
    expect(status).toBe(200)
    expect(() => productListResponse.parse(body)).not.toThrow()
    expect(body).toMatchObject({ total: 14, page: 1, pages: 3 })
    expect(body.products).toHaveLength(5)
  })

  it('maps every field of a product with the specification names', async () => {
    const { body } = await get<ProductListResponse>('/api/products?search=100001')
    const timestamp = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(body.products[0]).toEqual(
      catalogueProductOf({
        id: shop.ids.drill,
        _id: shop.ids.drill,
        name: 'Aku bušilica Makita DF333',
        short_description: 'Lagana aku bušilica 12 V',
        description: 'Bušilica za drvo i metal.\n- dvije baterije\n- kofer',
        discount_price: 179,
        images: [
          { url: '/uploads/products/100001-1.webp', is_primary: true },
          { url: '/uploads/products/100001-2.webp', is_primary: false },
        ],
        categoryId: shop.categories.tools,
        brandId: shop.brands.makita,
        brand: 'Makita',
        recommended: true,
        specifications: [{ name: 'Napon', value: '12 V' }],
        created_at: timestamp,
        updated_at: timestamp,
      }),
    )
  })

  it('lists the options of a product with sizes; an option without a price sells at the product price', async () => {
    const { body } = await get<ProductListResponse>('/api/products?search=200001')
    const shirt = body.products[0]!
    expect(shirt.sizes).toEqual(['S', 'M', 'XL'])
    expect(shirt.size_stock).toEqual([
      { size: 'S', customId: 'MJ-S-77', stock: 0, infinite: false, price: 20, discount_price: null, weight_kg: null },
      { size: 'M', customId: 'MJ-M-77', stock: 5, infinite: false, price: 18, discount_price: null, weight_kg: null },
      { size: 'XL', customId: 'MJ-XL-77', stock: 0, infinite: false, price: 25, discount_price: 21, weight_kg: null },
    ])
  })

  it.each(PRODUCT_SORTS)('sorts by %s, out-of-stock products last, as the shared comparator does', async (sort) => {
    const { body } = await get<ProductListResponse>(`/api/products?sort=${sort}&limit=100`)
    const expected = [...body.products].sort(compareProducts(sort))
    expect(names(body.products)).toEqual(names(expected))
    const firstOut = body.products.findIndex((product) => isOutOfStock(product))
    expect(firstOut).toBeGreaterThan(0)
    expect(body.products.slice(firstOut).every((product) => isOutOfStock(product))).toBe(true)
  })

  it('orders recommended: available, then recommended, then discounted, then by name (Č beside C)', async () => {
    const { body } = await get<ProductListResponse>('/api/products?sort=recommended&limit=100')
    expect(names(body.products)).toEqual([
      'Aku bušilica Makita DF333',
      'Radna majica',
      'Zimska kapa',
      'Aku bušilica Bosch GSR 18V',
      'Aku bušilica Makita DF331',
      'Čekić Stanley 500 g',
      'Kosilica Einhell GC',
      'LED sijalica E27',
      'PPR cijev 20 mm',
      'Ubodna pila Makita 4329',
      'Vodokotlić Geberit',
      'Zimska jakna',
      'Radne hlače',
      'Udarna bušilica Bosch PSB',
    ])
  })

  it('sorts sized products by their cheapest option', async () => {
    const { body } = await get<ProductListResponse>(`/api/products?category=${shop.categories.clothes}&sort=price-asc`)
    // Zimska kapa 9 (discount), Radna majica 18 (option M), Radne hlače out of stock last.
    expect(names(body.products)).toEqual(['Zimska kapa', 'Radna majica', 'Radne hlače'])
  })

  it('pages without overlap and reports the page count', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((page) => get<ProductListResponse>(`/api/products?limit=5&page=${page}`)),
    )
    const all = pages.flatMap(({ body }) => names(body.products))
    expect(all).toHaveLength(14)
    expect(new Set(all).size).toBe(14)
    expect(pages.map(({ body }) => [body.page, body.pages, body.products.length])).toEqual([
      [1, 3, 5],
      [2, 3, 5],
      [3, 3, 4],
    ])
    const beyond = await get<ProductListResponse>('/api/products?limit=5&page=9')
    expect(beyond.body).toMatchObject({ products: [], total: 14, page: 9, pages: 3 })
  })

  it('uses 30 products a page by default', async () => {
    const { body } = await get<ProductListResponse>('/api/products?page=1')
    expect(body.products).toHaveLength(14)
    expect(body.pages).toBe(1)
  })

  it('filters by category and brand; counts per category follow the brand, per brand the category', async () => {
    const { body } = await get<ProductListResponse>(
      `/api/products?category=${shop.categories.tools}&brand=${shop.brands.bosch}`,
    )
    expect(names(body.products).sort()).toEqual([
      'Aku bušilica Bosch GSR 18V',
      'LED sijalica E27',
      'Udarna bušilica Bosch PSB',
    ])
    expect(body.total).toBe(3)
    // Categories under brand Bosch: only Alati has Bosch products.
    expect(body.counts.categories).toEqual([{ id: shop.categories.tools, name: 'Alati', count: 3 }])
    // Brands under category Alati, by name.
    expect(body.counts.brands).toEqual([
      { id: shop.brands.bosch, name: 'Bosch', count: 3 },
      { id: shop.brands.einhell, name: 'Einhell', count: 1 },
      { id: shop.brands.makita, name: 'Makita', count: 2 },
    ])
  })

  it('counts every category and brand without filters, names sorted with Č beside C', async () => {
    const { body } = await get<ProductListResponse>('/api/products?sort=recommended')
    expect(body.counts.categories).toEqual([
      { id: shop.categories.tools, name: 'Alati', count: 7 },
      { id: shop.categories.pipes, name: 'Cijevi', count: 4 },
      { id: shop.categories.clothes, name: 'Odjeća', count: 3 },
    ])
    expect(body.counts.brands.map((entry) => [entry.name, entry.count])).toEqual([
      ['Bosch', 3],
      ['Einhell', 1],
      ['Makita', 3],
      ['Žutić', 2],
    ])
  })

  it('keeps a chosen category in the counts even when it has no products', async () => {
    const { body } = await get<ProductListResponse>(`/api/products?category=${shop.categories.nails}`)
    expect(body).toMatchObject({ products: [], total: 0, pages: 1 })
    expect(body.counts.categories).toContainEqual({ id: shop.categories.nails, name: 'Čavli', count: 0 })
    const unfiltered = await get<ProductListResponse>('/api/products?page=1')
    expect(unfiltered.body.counts.categories.map((entry) => entry.name)).not.toContain('Čavli')
  })

  it('counts under a search: categories follow search+brand, brands search+category', async () => {
    const { body } = await get<ProductListResponse>(`/api/products?search=busilica&brand=${shop.brands.bosch}`)
    expect(body.total).toBe(2)
    expect(body.counts.categories).toEqual([{ id: shop.categories.tools, name: 'Alati', count: 2 }])
    expect(body.counts.brands).toEqual([
      { id: shop.brands.bosch, name: 'Bosch', count: 2 },
      { id: shop.brands.makita, name: 'Makita', count: 2 },
    ])
  })

  it('filters featured products for the home page', async () => {
    const { body } = await get<ProductListResponse>('/api/products?featured=true&limit=8')
    expect(names(body.products)).toEqual(['Zimska kapa', 'PPR cijev 20 mm'])
    expect(body.total).toBe(2)
    expect(body.counts.categories.map((entry) => [entry.name, entry.count])).toEqual([
      ['Cijevi', 1],
      ['Odjeća', 1],
    ])
    const all = await get<ProductListResponse>('/api/products?featured=false')
    expect(all.body.total).toBe(14)
  })

  it('treats empty parameters as not given', async () => {
    const { status, body } = await get<ProductListResponse>('/api/products?category=&brand=&search=&sort=')
    expect(status).toBe(200)
    expect(body.total).toBe(14)
  })

  const limitMessage = 'Broj proizvoda po stranici mora biti cijeli broj od 1 do 100.'
  it.each([
    ['page=0', 'Broj stranice mora biti cijeli broj veći od 0.'],
    ['page=-1', 'Broj stranice mora biti cijeli broj veći od 0.'],
    ['page=1.5', 'Broj stranice mora biti cijeli broj veći od 0.'],
    ['page=abc', 'Broj stranice mora biti cijeli broj veći od 0.'],
    ['page=100001', 'Broj stranice mora biti cijeli broj veći od 0.'],
    ['limit=0', limitMessage],
    ['limit=101', limitMessage],
    ['limit=x', limitMessage],
    ['sort=cheapest', 'Neispravan redoslijed. Dopušteno: recommended, name-asc, name-desc, price-asc, price-desc.'],
    ['category=42', 'Neispravna kategorija.'],
    ['brand=%27%20or%201=1', 'Neispravan brend.'],
    ['featured=maybe', 'Parametar featured mora biti true ili false.'],
    [`search=${'a'.repeat(101)}`, 'Tekst pretrage je predug (najviše 100 znakova).'],
    ['search=a&search=b', 'Neispravan tekst pretrage.'],
    ['view=full', 'Parametar view može biti samo card ili counts.'],
  ])('refuses %s with 400 VALIDATION_FAILED and its message', async (query, message) => {
    const { status, body } = await get<{ message: string; code: string; error: string }>(`/api/products?${query}`)
    expect(status).toBe(400)
    expect(body).toEqual({ message, code: 'VALIDATION_FAILED', error: 'Bad Request' })
  })
})

describe('GET /api/products?view=card (the store grid)', () => {
  it('answers the same page, order, prices and availability as whole products, with only what a card shows and no counts', async () => {
    for (const query of [
      'limit=100',
      'sort=price-desc&limit=5&page=2',
      'search=bušilica',
      `category=${shop.categories.tools}`,
    ]) {
      const whole = await get<ProductListResponse>(`/api/products?${query}`)
      const cards = await get<ProductCardListResponse>(`/api/products?${query}&view=card`)
      expect(cards.status).toBe(200)
      expect(() => productCardListResponse.parse(cards.body)).not.toThrow()
      for (const card of cards.body.products)
        expect(Object.keys(catalogueCard.strict().parse(card)).sort()).toEqual(
          Object.keys(catalogueCard.shape)
            .filter((key) => key !== 'wholesale_price')
            .sort(),
        )
      const { products: wholeProducts, counts: _counts, ...wholeRest } = whole.body
      const { products: cardProducts, ...cardRest } = cards.body
      expect(cardRest).toEqual(wholeRest)
      expect(cards.body).not.toHaveProperty('counts')
      // The card the database keeps is the one the shared rule makes from the whole product.
      expect(cardProducts).toEqual(wholeProducts.map(cardOf))
    }
  })

  it('adds the wholesale price for the readers who may see it, and for them only', async () => {
    const anonymous = await get<ProductCardListResponse>('/api/products?search=200001&view=card')
    expect(anonymous.body.products[0]).not.toHaveProperty('wholesale_price')
    const wholesale = await get<ProductCardListResponse>(
      '/api/products?search=200001&view=card',
      await signInAs(test, 'wholesale'),
    )
    expect(wholesale.body.products[0]).toMatchObject({ customId: '200001', wholesale_price: 14 })
  })

  it('is at most 40 % of the bytes of whole products', async () => {
    const whole = await test.app.inject({ url: '/api/products?limit=100' })
    const cards = await test.app.inject({ url: '/api/products?limit=100&view=card' })
    const productsBytes = (body: string) =>
      JSON.stringify((JSON.parse(body) as { products: unknown[] }).products).length
    expect(productsBytes(cards.body) * 5).toBeLessThanOrEqual(productsBytes(whole.body) * 2)
  })
})

describe('GET /api/products?view=counts (the store filters)', () => {
  it('answers the counts of the whole page alone, the same for every page, sort and size of a filter set', async () => {
    for (const filters of ['', 'search=bušilica', `category=${shop.categories.tools}`, `brand=${shop.brands.makita}`]) {
      const whole = await get<ProductListResponse>(`/api/products?${filters}&limit=5`)
      for (const rest of ['', '&page=2&sort=price-desc&limit=3']) {
        const counts = await get<FacetCountsResponse>(`/api/products?${filters}${rest}&view=counts`)
        expect(counts.status).toBe(200)
        expect(counts.body).toEqual({ counts: whole.body.counts })
        expect(() => facetCountsResponse.strict().parse(counts.body)).not.toThrow()
      }
    }
  })
})

describe('GET /api/products/:id', () => {
  it('finds a product by id and by customId', async () => {
    const byId = await get<CatalogueProduct>(`/api/products/${shop.ids.shirt}`)
    expect(byId.status).toBe(200)
    expect(() => catalogueProduct.parse(byId.body)).not.toThrow()
    expect(byId.body.name).toBe('Radna majica')
    const byCode = await get<CatalogueProduct>('/api/products/200001')
    expect(byCode.body.id).toBe(shop.ids.shirt)
  })

  it.each([
    '00000000-0000-4000-8000-000000000000',
    'not-a-product',
    '%27%3B%20drop%20table%20products',
    '12345678-1234',
    'x'.repeat(100),
  ])('answers 404 PRODUCT_NOT_FOUND for %s', async (id) => {
    const { status, body } = await get(`/api/products/${id}`)
    expect(status).toBe(404)
    expect(body).toEqual({ message: 'Proizvod nije pronađen', error: 'Not Found', code: 'PRODUCT_NOT_FOUND' })
  })
})

describe('GET /api/products/:id/recommendations', () => {
  it('recommends up to 8 products: close names first, then closer price, out of stock last', async () => {
    const { status, body } = await get<CatalogueProduct[]>(`/api/products/${shop.ids.drill}/recommendations`)
    expect(status).toBe(200)
    expect(body.length).toBeLessThanOrEqual(8)
    expect(names(body)).not.toContain('Aku bušilica Makita DF333')
    // DF331 (another category) is the one name at least 0.7 similar; then Alati by distance to the price 179.
    expect(names(body)).toEqual([
      'Aku bušilica Makita DF331',
      'Ubodna pila Makita 4329',
      'Aku bušilica Bosch GSR 18V',
      'Čekić Stanley 500 g',
      'LED sijalica E27',
      'Kosilica Einhell GC',
      'Udarna bušilica Bosch PSB',
    ])
  })

  it('adds products containing the first word of the name when fewer than 4 are found', async () => {
    const { body } = await get<CatalogueProduct[]>('/api/products/200003/recommendations')
    // Zimska kapa: 2 others in Odjeća, no similar name; 'Zimska jakna' shares the first word.
    expect(names(body)).toEqual(['Radna majica', 'Zimska jakna', 'Radne hlače'])
    const pipe = await get<CatalogueProduct[]>(`/api/products/${shop.ids.pipe}/recommendations`)
    expect(names(pipe.body)).toEqual(['Zimska jakna', 'Vodokotlić Geberit', 'Aku bušilica Makita DF331'])
  })

  it('answers 404 for a missing product', async () => {
    const { status, body } = await get('/api/products/nema/recommendations')
    expect(status).toBe(404)
    expect(body).toEqual({ message: 'Proizvod nije pronađen', error: 'Not Found', code: 'PRODUCT_NOT_FOUND' })
  })
})

describe('GET /api/categories and /api/brands', () => {
  it('lists categories by name with their fields', async () => {
    const { status, body } = await get<Array<z.infer<typeof category>>>('/api/categories')
    expect(status).toBe(200)
    expect(body.map((entry) => entry.name)).toEqual(['Alati', 'Čavli', 'Cijevi', 'Odjeća'])
    for (const entry of body) expect(() => category.parse(entry)).not.toThrow()
    expect(body[0]).toMatchObject({
      id: shop.categories.tools,
      _id: shop.categories.tools,
      description: 'Ručni i električni alati',
    })
  })

  it('lists brands by name with image_url', async () => {
    const { body } = await get<Array<z.infer<typeof brand>>>('/api/brands')
    expect(body.map((entry) => entry.name)).toEqual(['Bosch', 'Einhell', 'Makita', 'Žutić'])
    for (const entry of body) expect(() => brand.parse(entry)).not.toThrow()
    expect(body.find((entry) => entry.name === 'Makita')?.image_url).toBe('/uploads/brands/makita.webp')
  })
})

describe('wholesale prices', () => {
  const cases: Array<[Role | 'anonymous', boolean]> = [
    ['anonymous', false],
    ['user', false],
    ['wholesale', true],
    ['store_manager', true],
    ['admin', true],
  ]

  it.each(cases)('%s sees wholesale prices: %s', async (role, isVisible) => {
    const headers = await signInAs(test, role)
    const hasWholesale = (product: CatalogueProduct) =>
      'wholesale_price' in product || product.size_stock.some((option) => 'wholesale_price' in option)
    const list = await get<ProductListResponse>('/api/products?limit=100', headers)
    const plain = await get<CatalogueProduct[]>('/api/products', headers)
    const shirt = await get<CatalogueProduct>('/api/products/200001', headers)
    const recommendations = await get<CatalogueProduct[]>(`/api/products/${shop.ids.hammer}/recommendations`, headers)
    for (const product of [...list.body.products, ...plain.body, shirt.body, ...recommendations.body]) {
      expect(hasWholesale(product)).toBe(isVisible)
    }
    if (isVisible) {
      expect(shirt.body.wholesale_price).toBe(14)
      expect(shirt.body.size_stock.map((option) => option.wholesale_price)).toEqual([null, null, 15])
    }
  })
})

// Runs last: it changes the shop. Product answers are stored JSON kept by triggers (migration 0004).
describe('product answers follow every kind of write', () => {
  it('shows renamed categories and brands, new images, option stock and prices, and product edits', async () => {
    await test.db.query("update categories set name = 'Odjeća i obuća' where id = $1", [shop.categories.clothes])
    await test.db.query("update brands set name = 'Žutić d.o.o.' where id = $1", [shop.brands.zutic])
    await test.db.query(
      "insert into product_images (product_id, url, is_primary, position) values ($1, '/uploads/products/m.webp', true, 0)",
      [shop.ids.shirt],
    )
    await test.db.query("update product_options set stock = 9, price = 19 where product_id = $1 and size = 'S'", [
      shop.ids.shirt,
    ])
    await test.db.query("update products set name = 'Radna majica kratki rukav', wholesale_price = 13 where id = $1", [
      shop.ids.shirt,
    ])
    const { body } = await get<CatalogueProduct>('/api/products/200001', await signInAs(test, 'admin'))
    expect(body).toMatchObject({
      name: 'Radna majica kratki rukav',
      category: 'Odjeća i obuća',
      brand: 'Žutić d.o.o.',
      wholesale_price: 13,
      images: [{ url: '/uploads/products/m.webp', is_primary: true }],
    })
    expect(body.size_stock[0]).toEqual({
      size: 'S',
      customId: 'MJ-S-77',
      stock: 9,
      infinite: false,
      price: 19,
      discount_price: null,
      wholesale_price: null,
      weight_kg: null,
    })
    const guest = await get<CatalogueProduct>('/api/products/200001')
    expect(guest.body).toMatchObject({
      name: 'Radna majica kratki rukav',
      category: 'Odjeća i obuća',
      brand: 'Žutić d.o.o.',
    })
    expect(guest.body).not.toHaveProperty('wholesale_price')
    // The stored card follows the same writes (migration 0032).
    const card = async () =>
      (await get<ProductCardListResponse>('/api/products?search=200001&view=card')).body.products[0]
    expect(await card()).toMatchObject({
      name: 'Radna majica kratki rukav',
      brand: 'Žutić d.o.o.',
      images: [{ url: '/uploads/products/m.webp', is_primary: true }],
      is_available: true,
    })
    await test.db.query('update product_options set stock = 0, infinite = false where product_id = $1', [
      shop.ids.shirt,
    ])
    expect(await card()).toMatchObject({ is_available: false })
    await test.db.query("update product_options set stock = 2 where product_id = $1 and size = 'M'", [shop.ids.shirt])
    expect(await card()).toMatchObject({ is_available: true })
    await test.db.query('delete from product_images where product_id = $1', [shop.ids.shirt])
    await test.db.query("delete from product_options where product_id = $1 and size = 'XL'", [shop.ids.shirt])
    const after = await get<CatalogueProduct>('/api/products/200001')
    expect(after.body.images).toEqual([])
    expect(after.body.sizes).toEqual(['S', 'M'])
  })
})

describe('counts follow moves and deletes', () => {
  it('counts as many products per category and brand as the catalogue holds', async () => {
    await test.db.query('update products set category_id = $1, brand_id = $2 where id = $3', [
      shop.categories.nails,
      shop.brands.einhell,
      shop.ids.hammer,
    ])
    await test.db.query('update products set brand_id = null where id = $1', [shop.ids.jigsaw])
    await test.db.query('delete from products where id = $1', [shop.ids.bulb])
    const all = (await get<CatalogueProduct[]>('/api/products')).body
    const tally = (
      key: 'categoryId' | 'brandId',
      id: string,
      filter: (product: CatalogueProduct) => boolean = () => true,
    ) => all.filter((product) => product[key] === id && filter(product)).length
    const { body } = await get<ProductListResponse>('/api/products?page=1')
    expect(body.total).toBe(all.length)
    for (const entry of body.counts.categories) expect(entry.count).toBe(tally('categoryId', entry.id))
    for (const entry of body.counts.brands) expect(entry.count).toBe(tally('brandId', entry.id))
    expect(body.counts.categories.find((entry) => entry.name === 'Čavli')?.count).toBe(1)
    const tools = await get<ProductListResponse>(`/api/products?category=${shop.categories.tools}`)
    for (const entry of tools.body.counts.brands) {
      expect(entry.count).toBe(tally('brandId', entry.id, (product) => product.categoryId === shop.categories.tools))
    }
    const einhell = await get<ProductListResponse>(`/api/products?brand=${shop.brands.einhell}`)
    expect(einhell.body.counts.categories.map((entry) => [entry.name, entry.count])).toEqual([
      ['Alati', 1],
      ['Čavli', 1],
    ])
  })
})
