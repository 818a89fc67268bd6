import { randomUUID } from 'node:crypto'
import type { ShippingSettings } from '@shop/shared/rules/shipping.ts'
import type { Queryable } from '../../platform/db.ts'

// Products for the cart and order tests, made through SQL because the demo seed is not theirs.

export type OptionFixture = {
  size: string
  stock?: number
  infinite?: boolean
  price?: number | null
  discountPrice?: number | null
  wholesalePrice?: number | null
  customId?: string | null
}

export type ProductFixture = {
  name?: string
  customId?: string
  price?: number
  discountPrice?: number | null
  wholesalePrice?: number | null
  stock?: number
  infinite?: boolean
  image?: string
  options?: OptionFixture[]
}

export type CreatedProduct = { id: string; customId: string; name: string; options: { id: string; size: string }[] }

let categoryId: Promise<string> | undefined
let lastDb: Queryable | undefined

async function fixtureCategory(db: Queryable): Promise<string> {
  if (lastDb !== db || !categoryId) {
    lastDb = db
    categoryId = db
      .query<{ id: string }>(`insert into categories (name) values ('Alati') returning id`)
      .then((result) => result.rows[0]!.id)
  }
  return categoryId
}

export async function createProduct(db: Queryable, fixture: ProductFixture = {}): Promise<CreatedProduct> {
  const category = await fixtureCategory(db)
  const customId = fixture.customId ?? String(100000 + Math.floor(Math.random() * 899999)) + randomUUID().slice(0, 4)
  const name = fixture.name ?? `Proizvod ${customId}`
  const options = fixture.options ?? []
  const { rows } = await db.query<{ id: string }>(
    `insert into products (custom_id, name, price, discount_price, wholesale_price, category_id, stock, infinite_stock, has_sizes)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [
      customId,
      name,
      fixture.price ?? 100,
      fixture.discountPrice ?? null,
      fixture.wholesalePrice ?? null,
      category,
      fixture.stock ?? 10,
      fixture.infinite ?? false,
      options.length > 0,
    ],
  )
  const id = rows[0]!.id
  if (fixture.image) {
    await db.query('insert into product_images (product_id, url, is_primary) values ($1, $2, true)', [
      id,
      fixture.image,
    ])
  }
  const created: CreatedProduct['options'] = []
  for (const [position, option] of options.entries()) {
    const result = await db.query<{ id: string }>(
      `insert into product_options (product_id, position, size, custom_id, stock, infinite, price, discount_price, wholesale_price)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
      [
        id,
        position,
        option.size,
        option.customId ?? null,
        option.stock ?? 0,
        option.infinite ?? false,
        option.price ?? null,
        option.discountPrice ?? null,
        option.wholesalePrice ?? null,
      ],
    )
    created.push({ id: result.rows[0]!.id, size: option.size })
  }
  return { id, customId, name, options: created }
}

export async function setShippingSettings(db: Queryable, settings: unknown): Promise<void> {
  await db.query(
    `insert into settings (key, value) values ('shipping', $1)
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [JSON.stringify(settings)],
  )
}

export async function productStock(db: Queryable, id: string): Promise<number> {
  const { rows } = await db.query<{ stock: number }>('select stock from products where id = $1', [id])
  return rows[0]!.stock
}

export async function optionStock(db: Queryable, id: string): Promise<number> {
  const { rows } = await db.query<{ stock: number }>('select stock from product_options where id = $1', [id])
  return rows[0]!.stock
}

export const SHIPPING_SETTINGS: ShippingSettings = {
  id: 'shipping',
  freeShippingThreshold: 300,
  options: [
    { id: 'courier', name: 'Brza pošta', description: 'Dostava 2-7 radnih dana', basePrice: 12, isActive: true },
    { id: 'pickup', name: 'Osobno preuzimanje', description: 'U trgovini', basePrice: 0, isActive: true },
    { id: 'express', name: 'Ekspres', description: 'Sutra', basePrice: 25, isActive: false },
    {
      id: 'local',
      name: 'Lokalna dostava',
      description: 'Mostar i okolica',
      basePrice: 5,
      isActive: true,
      conditions: { regions: ['Hercegovačko-neretvanski kanton'], minOrderValue: 20, maxOrderValue: 0 },
    },
  ],
}

export const DELIVERY_ADDRESS = {
  full_name: 'Ana Anić',
  phone_number: '+387 61 123 456',
  street_address: 'Kralja Tvrtka 1',
  city: 'Mostar',
  state: 'Hercegovačko-neretvanski kanton',
  zip_code: '88000',
  country: 'Bosnia and Herzegovina',
}

/** The order limits, far out of the way of tests that are about something else (many orders from one e-mail). */
export async function liftOrderLimits(db: Queryable): Promise<void> {
  const high = {
    maxQuantityPerLine: 10_000,
    maxLinesPerOrder: 100,
    maxOrderTotalGuest: 1_000_000,
    maxOrderTotalCustomer: 1_000_000,
    maxOrdersPerAddressPerHour: 100_000,
    maxOrdersPerEmailPerHour: 100_000,
  }
  await db.query(
    `insert into settings (key, value) values ('order_limits', $1)
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [JSON.stringify(high)],
  )
}
