import fs from 'node:fs'
import path from 'node:path'
import argon2 from 'argon2'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { imageVariantUrl, IMAGE_VARIANT_WIDTHS } from '@shop/shared/rules/image-variants.ts'
import { buildTestApp, json, type TestApp } from '../../test/helpers.ts'
import type { Config } from '../platform/config.ts'
import type { Database } from '../platform/db.ts'
import { createStorage, storageKeyOfUrl } from '../platform/storage.ts'
import { seedIfEmpty, type SeedResult } from './seed.ts'

// Drawing ~300 pictures takes a while on a busy 2-core machine.
const SEED_TIMEOUT = 240_000
const CARD_IMAGE_MAX_BYTES = 60 * 1024

let test: TestApp
let demoConfig: Config
beforeAll(async () => {
  test = await buildTestApp()
  demoConfig = { ...test.config, seed: 'demo' }
})
afterAll(async () => {
  await test.close()
})

async function count(sql: string, values: unknown[] = []): Promise<number> {
  const { rows } = await test.db.query<{ count: number }>(sql, values)
  return rows[0]?.count ?? 0
}

/** The number of rows in `from`: a table, with its joins and where clause. */
function countRows(from: string, values: unknown[] = []): Promise<number> {
  return count(`select count(*)::int as count from ${from}`, values)
}

function uploadedFiles(): string[] {
  const root = path.join(test.config.dataDir, 'uploads')
  if (!fs.existsSync(root)) return []
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
}

describe('demo seed', () => {
  it('does nothing with SEED=none', async () => {
    const result = await seedIfEmpty(test.db, test.config, test.app.log)
    expect(result.isLoaded).toBe(false)
    expect(await countRows('products')).toBe(0)
  })

  it(
    'leaves no rows and no pictures behind when a write fails',
    async () => {
      const failingDb: Database = {
        ...test.db,
        transaction: (work) =>
          test.db.transaction((client) => {
            const query = client.query.bind(client)
            const failing = Object.create(client, {
              query: {
                value: (text: unknown, ...rest: unknown[]) => {
                  if (typeof text === 'string' && text.includes('insert into orders')) {
                    return Promise.reject(new Error('simulated failure'))
                  }
                  return (query as (...args: unknown[]) => unknown)(text, ...rest)
                },
              },
            }) as typeof client
            return work(failing)
          }),
      }
      await expect(seedIfEmpty(failingDb, demoConfig, test.app.log)).rejects.toThrow('simulated failure')
      expect(await countRows('products')).toBe(0)
      expect(await countRows('users')).toBe(0)
      // The migrations' own settings rows (order limits) are there before any seed; the seed adds none.
      expect(await countRows(`settings where key <> 'order_limits'`)).toBe(0)
      expect(uploadedFiles()).toEqual([])
    },
    SEED_TIMEOUT,
  )

  describe('on an empty database', () => {
    let result: SeedResult
    const logged: string[] = []
    beforeAll(async () => {
      const { log } = Fastify({
        logger: {
          level: 'info',
          stream: { write: (line: string) => void logged.push((JSON.parse(line) as { msg: string }).msg) },
        },
      })
      result = await seedIfEmpty(test.db, demoConfig, log)
    }, SEED_TIMEOUT)

    it('says each step as it goes, with its time, for an operator watching the first start', () => {
      expect(logged[0]).toBe('empty database: loading the demo shop')
      for (const step of [
        /^demo shop: images made and stored \(\d+ ms\)$/,
        /^demo shop: \d+ products written \(\d+ ms\)$/,
        /^demo shop: sale written/,
        /^demo shop: slides, settings and work hours written/,
        /^demo shop: restaurant menu written/,
        /^demo shop: \d+ accounts and \d+ orders written/,
        /^demo shop loaded; sign in with any demo account/,
      ]) {
        expect(logged).toContainEqual(expect.stringMatching(step))
      }
    })

    it('loads the catalogue: products, categories and brands', async () => {
      expect(result.isLoaded).toBe(true)
      expect(await countRows('products')).toBeGreaterThanOrEqual(150)
      expect(await count('select count(distinct category_id)::int as count from products')).toBeGreaterThanOrEqual(10)
      expect(await countRows('categories')).toBeGreaterThanOrEqual(12)
      expect(await countRows("brands where description <> '' and image_url is not null")).toBeGreaterThanOrEqual(12)
      expect(await countRows('products where brand_id is not null')).toBeGreaterThan(100)
    })

    it('gives about a third of the products options with their own codes and prices', async () => {
      const total = await countRows('products')
      const sized = await countRows('products where has_sizes')
      expect(sized / total).toBeGreaterThanOrEqual(0.3)
      expect(
        await countRows(
          'products p where has_sizes and not exists (select 1 from product_options o where o.product_id = p.id)',
        ),
      ).toBe(0)
      expect(
        await countRows(`product_options o join products p on p.id = o.product_id
                           where o.custom_id <> p.custom_id || '-' || o.size`),
      ).toBe(0)
      expect(await countRows('product_options where discount_price is not null and discount_price >= price')).toBe(0)
      expect(await countRows('product_options where wholesale_price >= price')).toBe(0)
      expect(await countRows('product_options where discount_price is not null')).toBeGreaterThan(0)
    })

    it('has products out of stock, with infinite stock, featured, recommended, discounted and wholesale', async () => {
      expect(
        await countRows(`products p
        where (not has_sizes and not infinite_stock and stock = 0)
           or (has_sizes and not exists (select 1 from product_options o where o.product_id = p.id and (o.infinite or o.stock > 0)))`),
      ).toBeGreaterThanOrEqual(5)
      expect(await countRows('products where infinite_stock')).toBeGreaterThanOrEqual(3)
      expect(await countRows('products where featured')).toBeGreaterThanOrEqual(8)
      expect(await countRows('products where recommended')).toBeGreaterThanOrEqual(12)
      // What the buyer pays: the own discounts and the running sale's.
      expect(await countRows('products p where product_charged_discount(p) < p.price')).toBeGreaterThanOrEqual(12)
      const total = await countRows('products')
      expect(await countRows('products where wholesale_price < price')).toBeGreaterThan(total / 2)
    })

    it('keeps every demo price and the demo sale at or above its floor (docs/decisions.md, Money rules)', async () => {
      const below = (price: string, floor: string) => `${price} is not null and ${price} < coalesce(${floor}, 0.01)`
      expect(await countRows(`products p where ${below('p.discount_price', 'p.price_floor, p.wholesale_price')}`)).toBe(
        0,
      )
      expect(
        await countRows(`product_options o join products p on p.id = o.product_id
                          where ${below('o.discount_price', 'p.price_floor, o.wholesale_price')}`),
      ).toBe(0)
      expect(
        await countRows(`sale_products s join products p on p.id = s.product_id
                          where ${below('s.discounted_price', 'p.price_floor, p.wholesale_price')}`),
      ).toBe(0)
    })

    it('writes multi-line descriptions with bullets and specifications', async () => {
      const { rows } = await test.db.query<{ description: string; specifications: { name: string; value: string }[] }>(
        `select description, specifications from products where custom_id = '100101'`,
      )
      const product = rows[0]
      expect(product?.description.split('\n').some((line) => line.startsWith('- '))).toBe(true)
      expect(product?.specifications).toContainEqual({ name: 'Snaga', value: '750 W' })
      expect(await countRows(`products where description like '%' || chr(10) || '* %'`)).toBeGreaterThan(10)
      expect(await countRows(`products where jsonb_array_length(specifications) = 0`)).toBe(0)
    })

    it('stores pictures for every product, one primary each, with variants within the card budget', async () => {
      expect(
        await countRows('products p where not exists (select 1 from product_images i where i.product_id = p.id)'),
      ).toBe(0)
      expect(
        await countRows(
          '(select product_id from product_images group by product_id having count(*) filter (where is_primary) <> 1) wrong',
        ),
      ).toBe(0)
      const storage = createStorage(test.config)
      const { rows } = await test.db.query<{ url: string }>(
        `select url from product_images union all select image_url from brands union all select image_url from slides
         union all select mobile_image_url from slides union all select image from restaurant_items where image is not null`,
      )
      expect(rows.length).toBeGreaterThan(200)
      for (const { url } of rows) {
        for (const each of [url, ...IMAGE_VARIANT_WIDTHS.map((width) => imageVariantUrl(url, width))]) {
          const key = storageKeyOfUrl(each)
          expect(key, each).not.toBeNull()
          const file = await storage.get(key ?? '')
          expect(file, each).not.toBeNull()
          file?.body.destroy()
        }
      }
      const cards = uploadedFiles().filter((file) => /-w(320|640)\.webp$/.test(file))
      expect(cards.length).toBeGreaterThan(400)
      for (const file of cards) expect(fs.statSync(file).size, file).toBeLessThanOrEqual(CARD_IMAGE_MAX_BYTES)
    })

    it('serves a seeded picture through the images route', async () => {
      const { rows } = await test.db.query<{ url: string }>('select url from product_images where is_primary limit 1')
      const response = await test.app.inject({ url: rows[0]?.url ?? '' })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('image/webp')
    })

    it('creates the four demo accounts with their roles, verified, with full profiles', async () => {
      const { rows } = await test.db.query<{
        email: string
        roles: string[]
        is_verified: boolean
        password_hash: string
        full_name: string
        phone_number: string
        state: string
        zip_code: string
        country: string
        date_of_birth: string
        gender: string
      }>(`select u.email, u.roles, u.is_verified, u.password_hash, p.full_name, p.phone_number, p.state, p.zip_code,
                 p.country, p.date_of_birth, p.gender
            from users u join profiles p on p.user_id = u.id order by u.email`)
      expect(rows.map((row) => [row.email, [...row.roles].sort()])).toEqual([
        ['admin@demo.ba', ['admin', 'user']],
        ['kupac@demo.ba', ['user']],
        ['menadzer@demo.ba', ['store_manager', 'user']],
        ['veleprodaja@demo.ba', ['user', 'wholesale']],
      ])
      for (const row of rows) {
        expect(row.is_verified).toBe(true)
        expect(row.password_hash).toMatch(/^\$argon2id\$/)
        expect(row.phone_number).toMatch(/^\+387 /)
        expect(row.zip_code).toMatch(/^\d{5}$/)
        expect(row.country).toBe('Bosna i Hercegovina')
        expect(row.date_of_birth).toMatch(/^\d{4}-\d{2}-\d{2}$/)
        expect(row.full_name.length).toBeGreaterThan(3)
        expect(['Zapadno-Hercegovački kanton', 'Hercegovačko-neretvanski kanton']).toContain(row.state)
        expect(['male', 'female', 'other']).toContain(row.gender)
      }
      expect(await argon2.verify(rows[0]?.password_hash ?? '', 'Demo1234!')).toBe(true)
    })

    it('runs a sale of 8 products whose prices are applied', async () => {
      const { rows } = await test.db.query<{
        is_active: boolean
        is_applied: boolean
        title: string
        start_date: Date
        end_date: Date
      }>('select is_active, is_applied, title, start_date, end_date from sale_config where id = 1')
      const sale = rows[0]
      expect(sale).toMatchObject({ is_active: true, is_applied: true, title: 'Jesenska akcija' })
      expect(sale!.start_date.getTime()).toBeLessThan(Date.now() - 2 * 24 * 3600 * 1000)
      expect(sale!.end_date.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000)
      expect(await countRows('sale_products')).toBe(8)
      expect(
        await countRows(`sale_products s join products p on p.id = s.product_id
        where s.original_price = p.price and s.discounted_price = product_charged_discount(p)
          and s.discounted_price = round(p.price * (100 - s.discount_percentage) / 100, 2)`),
      ).toBe(8)
    })

    it('loads slides, settings, work hours and the restaurant menu', async () => {
      const { rows: slides } = await test.db.query<{ sort_order: number; link: string; is_active: boolean }>(
        'select sort_order, link, is_active from slides order by sort_order',
      )
      expect(slides.map((slide) => slide.sort_order)).toEqual([0, 1, 2, 3])
      expect(slides.every((slide) => slide.is_active && slide.link.startsWith('/store'))).toBe(true)
      expect(slides.some((slide) => slide.link.startsWith('/store?category='))).toBe(true)
      const { rows: settings } = await test.db.query<{ key: string; value: Record<string, unknown> }>(
        `select key, value from settings where key <> 'order_limits' order by key`,
      )
      // order_limits comes from its migration, not from the seed.
      expect(settings.map((row) => row.key)).toEqual(['company', 'shipping'])
      expect(settings[1]?.value).toMatchObject({
        id: 'default',
        freeShippingThreshold: 300,
        defaultOptionId: 'courier',
      })
      expect((settings[1]?.value.options as { id: string }[]).map((option) => option.id)).toEqual([
        'courier',
        'express',
        'pickup',
      ])
      expect(settings[0]?.value).toMatchObject({ address: 'Sovići bb', city: '88340 Grude', returnDays: 15 })
      const { rows: hours } = await test.db.query<{ section: string; hours: string }>(
        'select section, hours from work_hours order by section',
      )
      expect(hours).toEqual([
        { section: 'restaurant', hours: 'Pon-Sub 08:00-22:00, Ned zatvoreno' },
        { section: 'store', hours: 'Pon-Pet 08:00-20:00, Sub 08:00-15:00, Ned zatvoreno' },
        { section: 'wholesale', hours: 'Pon-Pet 08:00-16:30, vikend zatvoreno' },
      ])
      expect(await countRows('restaurant_categories where parent_id is not null')).toBeGreaterThanOrEqual(4)
      expect(await countRows('restaurant_items')).toBeGreaterThanOrEqual(28)
      expect(await countRows('restaurant_items where featured')).toBeGreaterThan(0)
      expect(await countRows('restaurant_items where not is_available')).toBeGreaterThan(0)
      expect(await countRows(`restaurant_items where cardinality(ingredients) = 0`)).toBe(0)
    })

    it('gives the demo customer orders in several statuses with consistent totals', async () => {
      const { rows } = await test.db.query<{ status: string; total: number; shipping_cost: number; lines: number }>(
        `select o.status, o.total, o.shipping_cost, coalesce(sum(i.price * i.quantity), 0)::float8 as lines
           from orders o join users u on u.id = o.user_id left join order_items i on i.order_id = o.id
          where u.email = 'kupac@demo.ba' group by o.id`,
      )
      expect(rows.length).toBeGreaterThanOrEqual(5)
      expect(new Set(rows.map((row) => row.status)).size).toBeGreaterThanOrEqual(5)
      for (const row of rows) expect(row.total).toBeCloseTo(row.lines + row.shipping_cost, 2)
      expect(await countRows('order_items where product_id is null')).toBe(0)
    })

    it('does nothing the second time', async () => {
      const before = await countRows('products')
      const files = uploadedFiles().length
      const second = await seedIfEmpty(test.db, demoConfig, test.app.log)
      expect(second.isLoaded).toBe(false)
      expect(await countRows('products')).toBe(before)
      expect(uploadedFiles().length).toBe(files)
    })

    it('answers an unknown image with 404 after seeding too', async () => {
      const response = await test.app.inject({ url: '/api/images/products/00000000-0000-4000-8000-000000000000.webp' })
      expect(response.statusCode).toBe(404)
      expect(json(response)).toEqual({ message: 'Slika nije pronađena.', error: 'Not Found', code: 'IMAGE_NOT_FOUND' })
    })
  })
})
