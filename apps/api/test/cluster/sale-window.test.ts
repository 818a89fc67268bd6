import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/platform/db.ts'
import { createProduct } from '../../src/modules/orders/test-fixtures.ts'
import { createUser, TEST_PASSWORD } from '../helpers.ts'
import { callApi, type ApiProcess } from '../support/api-process.ts'
import { TEST_REDIS_URL } from '../support/free-port.ts'
import { clusterSkipReason, signInThrough, type TwoProcessShop } from '../support/two-processes.ts'
import { postOrder, startOrderingShop, until } from './support.ts'

// docs/decisions.md ('Sales campaigns'): a sale starts and ends by itself at its window's edges, once across all
// API processes. Two real processes (A and B) on one PostgreSQL database and one Redis, both running the timed
// job on the real clock: right after the edge (seen in the database, no sleep) both answer the price of that
// instant from their kept catalogue, and an order through either charges it, the lower price at once and a
// higher one only after PRICE_CHANGED.
const redisUrl = TEST_REDIS_URL
const skipReason = await clusterSkipReason('test/cluster/sale-window.test.ts', { needsRedis: true })

let shop: TwoProcessShop | undefined
let db: pg.Pool
let a: ApiProcess
let b: ApiProcess

type Product = { id: string; price: number; discount_price: number | null }

const signIn = (api: ApiProcess, email: string) => signInThrough(api, email, TEST_PASSWORD, '198.51.100.7')

describe.skipIf(skipReason !== undefined)('a sale at its window’s edges with two API processes', () => {
  let productId: string
  let admin: string
  let customer: string

  beforeAll(async () => {
    shop = await startOrderingShop('sale-window', {
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `sale-window-${randomUUID().slice(0, 8)}:`,
      SHOP_EMAIL: 'trgovina@sale-window.test',
    })
    ;({ db, a, b } = shop)
    const pool = db as unknown as Database
    await createUser(pool, { email: 'admin@sale-window.test', roles: ['user', 'admin'] })
    await createUser(pool, { email: 'kupac@sale-window.test' })
    const product = {
      customId: 'SALE-EDGE-1',
      name: 'Akumulatorska bušilica',
      price: 100,
      discountPrice: 95,
      stock: 50,
    }
    productId = (await createProduct(db, product)).id
    admin = await signIn(a, 'admin@sale-window.test')
    customer = await signIn(b, 'kupac@sale-window.test')
  }, 300_000)

  afterAll(async () => {
    await shop?.stop()
  }, 60_000)

  const isApplied = async () =>
    (await db.query<{ is_applied: boolean }>('select is_applied from sale_config where id = 1')).rows[0]?.is_applied
  const discountOn = async (api: ApiProcess) =>
    (await callApi<Product>(api, `/api/products/${productId}`)).body.discount_price
  const listedDiscountOn = async (api: ApiProcess) =>
    (await callApi<{ products: Product[] }>(api, '/api/products?view=card')).body.products.find(
      (product) => product.id === productId,
    )?.discount_price
  const order = (api: ApiProcess, expectedPrice: number) =>
    postOrder<{ id?: string; code?: string; changes?: unknown }>(
      api,
      [{ product_id: productId, quantity: 1, expectedPrice }],
      { token: customer, ip: '203.0.113.7' },
    )
  const chargedFor = async (orderId: string) =>
    Number(
      (await db.query<{ price: string }>('select price from order_items where order_id = $1', [orderId])).rows[0]!
        .price,
    )

  it('switches both processes to the sale price at its start and back at its end, applied and restored once', async () => {
    const added = await callApi(a, '/api/sales/products', {
      method: 'POST',
      token: admin,
      body: { productId, discountPercentage: 20 },
    })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    // Both keep the product and the list before the start.
    for (const api of [a, b]) {
      expect(await discountOn(api)).toBe(95)
      expect(await listedDiscountOn(api)).toBe(95)
      expect(await discountOn(api)).toBe(95)
      expect(await listedDiscountOn(api)).toBe(95)
    }

    const config = (await callApi<{ version: number }>(a, '/api/sales/config')).body
    const startsAt = Date.now() + 4000
    const saved = await callApi(a, '/api/sales/config', {
      method: 'PUT',
      token: admin,
      body: {
        version: config.version,
        isActive: true,
        startDate: new Date(startsAt).toISOString(),
        endDate: new Date(startsAt + 6000).toISOString(),
        title: 'Akcija na rubu',
        description: '',
      },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)

    await until(isApplied, (applied) => applied === true, 60_000, 'the sale to start')
    expect(Date.now()).toBeGreaterThanOrEqual(startsAt)
    // The next requests after the start: the sale's price on both, and charged through B to a buyer who saw 95.
    expect([await discountOn(b), await listedDiscountOn(b), await discountOn(a), await listedDiscountOn(a)]).toEqual([
      80, 80, 80, 80,
    ])
    const during = await order(b, 95)
    expect(during.status, JSON.stringify(during.body)).toBe(201)
    expect(await chargedFor(during.body.id!)).toBe(80)

    await until(isApplied, (applied) => applied === false, 60_000, 'the sale to end')
    expect([await discountOn(a), await listedDiscountOn(a), await discountOn(b), await listedDiscountOn(b)]).toEqual([
      95, 95, 95, 95,
    ])
    // A buyer who saw the sale's price is asked again, through either process.
    const after = await order(a, 80)
    expect(after.status, JSON.stringify(after.body)).toBe(409)
    expect(after.body.code).toBe('PRICE_CHANGED')
    const again = await order(a, 95)
    expect(again.status, JSON.stringify(again.body)).toBe(201)
    expect(await chargedFor(again.body.id!)).toBe(95)

    const { rows } = await db.query<{ action: string; count: number }>(
      `select action, count(*)::int as count from audit_log where action in ('sale.started', 'sale.ended')
        group by action order by action`,
    )
    expect(rows).toEqual([
      { action: 'sale.ended', count: 1 },
      { action: 'sale.started', count: 1 },
    ])
  }, 180_000)
})
