import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type { ShippingSettings } from '@shop/shared/rules/shipping.ts'
import { DELIVERY_ADDRESS as CHECKOUT_DELIVERY_ADDRESS } from '@shop/shared/schemas/test-support.ts'
import type { Queryable } from '../../platform/db.ts'
import type { Role } from '@shop/shared/rules/roles.ts'
import { buildTestApp, json, signedInUser, type TestApp } from '../../../test/helpers.ts'
import { useTestApp } from '../../../test/support/use-test-app.ts'
import { insertProduct, type OptionFixture } from '../catalogue/test-fixtures.ts'

// Products for the cart and order tests, made through SQL because the demo seed is not theirs: the
// catalogue's insertProduct with defaults that suit an order (a category of their own, stock 10).

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
  const customId = fixture.customId ?? String(100000 + Math.floor(Math.random() * 899999)) + randomUUID().slice(0, 4)
  const name = fixture.name ?? `Proizvod ${customId}`
  const options = fixture.options ?? []
  const { id, optionIds } = await insertProduct(db, {
    customId,
    name,
    categoryId: await fixtureCategory(db),
    price: fixture.price ?? 100,
    discountPrice: fixture.discountPrice ?? null,
    wholesalePrice: fixture.wholesalePrice ?? null,
    stock: fixture.stock ?? 10,
    infiniteStock: fixture.infinite ?? false,
    images: fixture.image ? [{ url: fixture.image, isPrimary: true }] : [],
    options,
  })
  return { id, customId, name, options: options.map((option, index) => ({ id: optionIds[index]!, size: option.size })) }
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

/** A product without options with `stock` and one with the single `option`: the pair stocksOf reads. */
export async function plainAndSized(db: Queryable, stock: number, option: OptionFixture) {
  return { plain: await createProduct(db, { stock }), sized: await createProduct(db, { options: [option] }) }
}

/** The stock of a product without options and of the first option of another, in that order. */
export async function stocksOf(db: Queryable, plain: CreatedProduct, sized: CreatedProduct): Promise<number[]> {
  return [await productStock(db, plain.id), await optionStock(db, sized.options[0]!.id)]
}

/** A fresh guest's e-mail, so that mails and limits of one test do not count in another. */
export const guestEmail = () => `${randomUUID().slice(0, 8)}@kupac.ba`

/** The order-status mails queued to `to`, oldest first. */
export async function statusMails(db: Queryable, to: string) {
  const { rows } = await db.query<{ subject: string; text_body: string; html_body: string; reply_to: string }>(
    `select subject, text_body, html_body, reply_to from outbox
      where kind = 'order_status' and to_address = $1 order by id`,
    [to],
  )
  return rows
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

export const DELIVERY_ADDRESS = { ...CHECKOUT_DELIVERY_ADDRESS, country: 'Bosnia and Herzegovina' }

export type OrderLine = { product: CreatedProduct; quantity: number; size?: string }

/**
 * Places an order through POST /api/orders and answers its body; the order must be accepted (201). By default a
 * guest's (a fresh e-mail, no headers) to DELIVERY_ADDRESS by courier; `address` changes fields of that address.
 */
export async function placeOrder<T>(
  test: TestApp,
  lines: OrderLine[],
  {
    email = guestEmail(),
    address = {},
    shipping = 'courier',
    headers = {},
  }: {
    email?: string
    address?: Partial<typeof DELIVERY_ADDRESS>
    shipping?: string
    headers?: Record<string, string>
  } = {},
): Promise<T> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: {
      email,
      products: lines.map(({ product, quantity, size }) => ({ product_id: product.id, quantity, custom_size: size })),
      shippingAddress: { ...DELIVERY_ADDRESS, ...address },
      shippingMethod: { id: shipping },
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  return json<T>(response)
}

/**
 * POSTs `payload` to `url` as a guest, or as a fresh user with `roles`: the cart's calls price and check for
 * their caller.
 */
export async function postAs(test: TestApp, url: string, payload: unknown, roles: Role[] | null = null) {
  const headers = roles ? (await signedInUser(test, { roles })).headers : {}
  return test.app.inject({ method: 'POST', url, payload: payload as object, headers })
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

/**
 * A test app with SHIPPING_SETTINGS stored and, unless the test is about them, the order limits out of
 * the way (liftOrderLimits).
 */
export async function buildOrderTestApp(
  overrides: Record<string, string> = {},
  { liftLimits = true }: { liftLimits?: boolean } = {},
): Promise<TestApp> {
  const test = await buildTestApp(overrides)
  await setShippingSettings(test.db, SHIPPING_SETTINGS)
  if (liftLimits) await liftOrderLimits(test.db)
  return test
}

/** The file's order test app (useTestApp): built by buildOrderTestApp before the first test, closed after the last. */
export function useOrderTestApp(...options: Parameters<typeof buildOrderTestApp>): TestApp {
  return useTestApp(() => buildOrderTestApp(...options))
}
