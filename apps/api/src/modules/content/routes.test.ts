import { PARCEL_PRICE_BANDS } from '@shop/shared/rules/shipping-weight.ts'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Role } from '@shop/shared/rules/roles.ts'
import {
  saleConfig,
  saleProduct,
  shippingSettingsResponse,
  slide,
  workHoursList,
} from '@shop/shared/schemas/catalogue.ts'
import { buildTestApp, json, signInAs } from '../../../test/helpers.ts'
import { createCategory, createProduct } from '../catalogue/test-fixtures.ts'
import { useTestApp } from '../../../test/support/use-test-app.ts'

const test = useTestApp(() => buildTestApp({ CATALOGUE_CACHE: 'off' }))

async function get<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await test.app.inject({ url, headers })
  expect(response.statusCode).toBe(200)
  return json<T>(response)
}

describe('GET /api/slides', () => {
  it('answers only active slides, by order ascending, with the specification fields', async () => {
    const categoryId = await createCategory(test.db, 'Vrt')
    await test.db.query(
      `insert into slides (title, description, image_url, mobile_image_url, link, category_id, is_active, sort_order) values
         ('Drugi', null, '/uploads/slides/2.webp', null, '/store', null, true, 2),
         ('Skriveni', null, '/uploads/slides/3.webp', null, null, null, false, 0),
         ('Prvi', 'Proljetna akcija', '/uploads/slides/1.webp', '/uploads/slides/1-m.webp', null, $1, true, 1)`,
      [categoryId],
    )
    const slides = await get<Array<z.infer<typeof slide>>>('/api/slides')
    expect(slides.map((entry) => entry.title)).toEqual(['Prvi', 'Drugi'])
    for (const entry of slides) expect(() => slide.parse(entry)).not.toThrow()
    expect(slides[0]).toMatchObject({
      title: 'Prvi',
      description: 'Proljetna akcija',
      image_url: '/uploads/slides/1.webp',
      mobile_image_url: '/uploads/slides/1-m.webp',
      link: null,
      is_active: true,
      order: 1,
      categoryId,
    })
  })
})

describe('GET /api/sales/config and /api/sales/products', () => {
  it('answers an inactive sale before staff saves one', async () => {
    expect(await get('/api/sales/config')).toEqual({
      isActive: false,
      startDate: null,
      endDate: null,
      title: '',
      description: '',
      version: 0,
    })
  })

  it('answers the saved configuration with ISO dates', async () => {
    await test.db.query(
      `insert into sale_config (id, is_active, start_date, end_date, title, description)
       values (1, true, '2025-06-01T00:00:00Z', '2025-06-30T21:59:59Z', 'Ljetna akcija', 'Popusti do 30%')`,
    )
    const config = await get<z.infer<typeof saleConfig>>('/api/sales/config')
    expect(() => saleConfig.parse(config)).not.toThrow()
    expect(config).toEqual({
      isActive: true,
      startDate: '2025-06-01T00:00:00.000Z',
      endDate: '2025-06-30T21:59:59.000Z',
      title: 'Ljetna akcija',
      description: 'Popusti do 30%',
      version: 1,
    })
  })

  it.each<[Role | 'anonymous', boolean]>([
    ['anonymous', false],
    ['user', false],
    ['wholesale', true],
    ['store_manager', true],
    ['admin', true],
  ])('answers sale products with product and sale fields; %s sees wholesale prices: %s', async (role, isVisible) => {
    const { rows } = await test.db.query<{ count: number }>('select count(*)::int as count from sale_products')
    if (rows[0]!.count === 0) {
      const categoryId = await createCategory(test.db, 'Akcija')
      const productId = await createProduct(test.db, {
        customId: 'S-1',
        name: 'Vrtno crijevo 20 m',
        categoryId,
        price: 40,
        discountPrice: 30,
        wholesalePrice: 25,
        images: [{ url: '/uploads/products/s-1.webp' }],
      })
      await test.db.query(
        `insert into sale_products (product_id, original_price, discount_percentage, discounted_price) values ($1, 40, 25, 30)`,
        [productId],
      )
    }
    const products = await get<Array<z.infer<typeof saleProduct>>>('/api/sales/products', await signInAs(test, role))
    expect(products).toHaveLength(1)
    const [product] = products
    expect(() => saleProduct.parse(product)).not.toThrow()
    expect(product).toMatchObject({
      name: 'Vrtno crijevo 20 m',
      price: 40,
      discount_price: 30,
      original_price: 40,
      originalPrice: 40,
      discountPercentage: 25,
      discountedPrice: 30,
      images: [{ url: '/uploads/products/s-1.webp', is_primary: true }],
    })
    expect(product!.productId).toBe(product!.id)
    expect('wholesale_price' in product!).toBe(isVisible)
  })
})

describe('GET /api/work-hours', () => {
  it('answers every section with the default hours before staff saves any', async () => {
    const hours = await get<z.infer<typeof workHoursList>>('/api/work-hours')
    expect(hours).toEqual([
      { section: 'store', hours: 'Pon-Pet 08:00-20:00, Sub 08:00-15:00, Ned zatvoreno', version: 0 },
      { section: 'restaurant', hours: 'Pon-Sub 08:00-22:00, Ned zatvoreno', version: 0 },
      { section: 'wholesale', hours: 'Pon-Pet 08:00-16:30, vikend zatvoreno', version: 0 },
    ])
  })

  it('answers the saved hours of a section', async () => {
    await test.db.query(`insert into work_hours (section, hours) values ('restaurant', 'Svaki dan 07:00-23:00')`)
    const hours = await get<z.infer<typeof workHoursList>>('/api/work-hours')
    expect(hours[1]).toEqual({ section: 'restaurant', hours: 'Svaki dan 07:00-23:00', version: 1 })
    expect(hours.map((entry) => entry.section)).toEqual(['store', 'restaurant', 'wholesale'])
  })
})

describe('GET /api/settings/shipping and /api/settings/company', () => {
  it('answers the specification defaults when shipping was never saved', async () => {
    const settings = await get('/api/settings/shipping')
    expect(settings).toEqual({
      id: 'shipping',
      options: [],
      freeShippingThreshold: 300,
      basePrice: 10,
      pricePerItem: 2,
      defaultOptionId: null,
      // The published table by weight (staff-and-content.md §9) until staff save their own.
      parcelPriceBands: PARCEL_PRICE_BANDS,
      version: 0,
    })
  })

  it('answers the saved shipping object, defaults only for missing fields', async () => {
    const options = [
      {
        id: 'post',
        name: 'Brza pošta',
        description: '2-7 radnih dana',
        basePrice: 12,
        isActive: true,
        conditions: { regions: [] },
      },
      { id: 'pickup', name: 'Preuzimanje u trgovini', basePrice: 0, isActive: true },
    ]
    await test.db.query(`insert into settings (key, value) values ('shipping', $1)`, [
      JSON.stringify({ id: 'shipping-1', options, freeShippingThreshold: 250, defaultOptionId: 'post' }),
    ])
    const settings = await get<z.infer<typeof shippingSettingsResponse>>('/api/settings/shipping')
    expect(() => shippingSettingsResponse.parse(settings)).not.toThrow()
    expect(settings).toEqual({
      id: 'shipping-1',
      options,
      freeShippingThreshold: 250,
      basePrice: 10,
      pricePerItem: 2,
      defaultOptionId: 'post',
      parcelPriceBands: PARCEL_PRICE_BANDS,
      version: 1,
    })
  })

  it('answers {} for company settings never saved, then the saved object', async () => {
    expect(await get('/api/settings/company')).toEqual({})
    const company = { name: 'Trgovina Sovići (demo)', phone: '+387 36 000 000', email: 'info@trgovina-demo.ba' }
    await test.db.query(`insert into settings (key, value) values ('company', $1)`, [JSON.stringify(company)])
    expect(await get('/api/settings/company')).toEqual(company)
  })
})
