import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CatalogueProduct, ProductListResponse } from '@shop/shared/schemas/catalogue.ts'
import { createResponseCache, type ResponseCache } from '../../src/platform/response-cache.ts'
import { noteStockChange } from '../../src/platform/stock-changes.ts'
import {
  DELIVERY_ADDRESS,
  SHIPPING_SETTINGS,
  createProduct,
  liftOrderLimits,
  setShippingSettings,
} from '../../src/modules/orders/test-fixtures.ts'
import { buildTestApp, createUser } from '../helpers.ts'
import { isRedisReachable, TEST_REDIS_URL } from '../support/free-port.ts'
import { useTestApp } from '../support/use-test-app.ts'

// docs/decisions.md, Several processes: stock moved by orders and cancels reaches the catalogue
// cache at once, product by product (an order bumps no shared row). Runs on PGlite, and on
// PostgreSQL with TEST_DATABASE_URL.

const test = useTestApp(() => buildTestApp({ SHOP_EMAIL: 'shop@example.ba' }))
beforeAll(async () => {
  await setShippingSettings(test.db, SHIPPING_SETTINGS)
  await liftOrderLimits(test.db)
})

async function get<T = CatalogueProduct>(url: string) {
  const response = await test.app.inject({ url })
  return { cache: response.headers['x-cache'], body: JSON.parse(response.body) as T }
}

/** Reads until the answer is cached, so that a stale answer would show. */
async function warm(url: string): Promise<void> {
  await get(url)
  expect((await get(url)).cache).toBe('hit')
}

async function catalogueVersion(): Promise<number> {
  const { rows } = await test.db.query<{ version: number }>(
    "select version from cache_versions where name = 'catalogue'",
  )
  return Number(rows[0]?.version)
}

async function order(productId: string, quantity: number, headers: Record<string, string> = {}, size?: string) {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: {
      email: 'kupac@example.ba',
      products: [{ product_id: productId, quantity, ...(size ? { custom_size: size } : {}) }],
      shippingAddress: DELIVERY_ADDRESS,
      shippingMethod: { id: 'courier' },
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  return JSON.parse(response.body) as { id: string }
}

async function customer() {
  const user = await createUser(test.db, { email: `kupac-${randomUUID().slice(0, 6)}@example.ba` })
  const token = await test.app.tokens.sign({ userId: user.id, role: 'user', tokenVersion: 0 })
  return { authorization: `Bearer ${token}` }
}

async function staff() {
  const user = await createUser(test.db, { roles: ['admin'], email: `admin-${randomUUID().slice(0, 6)}@example.ba` })
  const token = await test.app.tokens.sign({ userId: user.id, role: 'admin', tokenVersion: 0 })
  return { authorization: `Bearer ${token}` }
}

describe('stock of orders in the catalogue cache (one process)', () => {
  it('shows the stock an order took at once, in the product and in lists, and keeps other products cached', async () => {
    const product = await createProduct(test.db, { name: 'Bušilica Bosch', stock: 10 })
    const other = await createProduct(test.db, { name: 'Čekić Stanley', stock: 10 })
    const list = '/api/products?page=1&limit=50&sort=name-asc'
    await warm(`/api/products/${product.id}`)
    await warm(`/api/products/${other.id}`)
    await warm(list)
    const version = await catalogueVersion()

    await order(product.id, 2)

    const read = await get(`/api/products/${product.id}`)
    expect([read.cache, read.body.stock]).toEqual(['miss', 8])
    const listed = await get<ProductListResponse>(list)
    expect(listed.body.products.find((entry) => entry.id === product.id)?.stock).toBe(8)
    // Only the answers that mention the product were dropped: no shared row was bumped.
    expect(await get(`/api/products/${other.id}`)).toMatchObject({ cache: 'hit' })
    expect(await catalogueVersion()).toBe(version)
  })

  it('shows the stock a customer cancel and a staff cancel gave back at once', async () => {
    const product = await createProduct(test.db, { stock: 10 })
    const url = `/api/products/${product.id}`
    const headers = await customer()
    const placed = await order(product.id, 3, headers)
    await warm(url)
    expect((await get(url)).body.stock).toBe(7)

    const cancel = await test.app.inject({ method: 'PATCH', url: `/api/orders/${placed.id}/cancel`, headers })
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect((await get(url)).body.stock).toBe(10)

    const guest = await order(product.id, 4)
    await warm(url)
    expect((await get(url)).body.stock).toBe(6)
    const status = await test.app.inject({
      method: 'PATCH',
      url: `/api/orders/${guest.id}/status`,
      headers: await staff(),
      payload: { status: 'cancelled' },
    })
    expect(status.statusCode, status.body).toBe(200)
    expect((await get(url)).body.stock).toBe(10)
  })

  it('moves a product that sells out to the end of every list at once (the generation is bumped)', async () => {
    const last = await createProduct(test.db, { name: 'Aaa lopata', stock: 1 })
    await createProduct(test.db, { name: 'Bbb grablje', stock: 5 })
    const list = '/api/products?page=1&limit=100&sort=name-asc'
    await warm(list)
    const version = await catalogueVersion()
    expect((await get<ProductListResponse>(list)).body.products[0]?.id).toBe(last.id)

    await order(last.id, 1)

    const after = await get<ProductListResponse>(list)
    expect(after.body.products.at(-1)).toMatchObject({ id: last.id, stock: 0 })
    expect(await catalogueVersion()).toBe(version + 1)
  })

  it('shows the stock of a size an order took at once', async () => {
    const product = await createProduct(test.db, {
      options: [
        { size: 'M', stock: 5 },
        { size: 'L', stock: 4 },
      ],
    })
    const url = `/api/products/${product.id}`
    await warm(url)
    await order(product.id, 2, {}, 'L')
    const sizes = (await get(url)).body.size_stock.map((option) => [option.size, option.stock])
    expect(sizes).toEqual([
      ['M', 5],
      ['L', 2],
    ])
  })
})

// The cache itself, as two API processes use it: a cache here stands for another process.
describe('stock changes in the response cache', () => {
  const servers: FastifyInstance[] = []
  const caches: ResponseCache[] = []
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()))
    await Promise.all(caches.map((cache) => cache.close()))
  })

  async function startProcess(options: { checkIntervalMs?: number; redisUrl?: string; redisPrefix?: string } = {}) {
    const app = Fastify({ logger: false })
    const cache = createResponseCache({ db: test.db, log: app.log, ...options })
    caches.push(cache)
    servers.push(app)
    const gate = { wait: Promise.resolve(), onEnter: () => undefined as void }
    let calls = 0
    app.get<{ Params: { id: string } }>('/thing/:id', async (request, reply) =>
      cache.send(reply, request.url, async () => {
        calls += 1
        const call = calls
        gate.onEnter()
        await gate.wait
        return { id: request.params.id, call }
      }),
    )
    await app.ready()
    const read = async (id: string) => {
      const response = await app.inject({ url: `/thing/${id}` })
      return { cache: response.headers['x-cache'], call: (JSON.parse(response.body) as { call: number }).call }
    }
    return { cache, gate, read }
  }

  it('does not keep an answer whose production began before a stock change of a product it mentions', async () => {
    const shop = await startProcess()
    const id = randomUUID()
    let open: () => void = () => undefined
    shop.gate.wait = new Promise<void>((resolve) => {
      open = resolve
    })
    const entered = new Promise<void>((resolve) => {
      shop.gate.onEnter = resolve
    })
    const early = shop.read(id)
    await entered
    await noteStockChange(test.db, [id], false)
    // A read after the change does not join the production that began before it.
    shop.gate.wait = Promise.resolve()
    const late = await shop.read(id)
    open()
    expect((await early).call).toBe(1)
    expect(late.call).toBe(2)
    const next = await shop.read(id)
    expect(next.cache).toBe('hit')
    expect(next.call).toBe(2)
  })

  it('hears a stock change of another process from the database, without Redis', async () => {
    const shop = await startProcess({ checkIntervalMs: 100 })
    const [changed, unchanged] = [randomUUID(), randomUUID()]
    await shop.read(changed)
    await shop.read(unchanged)
    // What another process's order writes, in its own transaction.
    await test.db.query('insert into cache_stock_changes (product_ids) values ($1::uuid[])', [[changed]])
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(await shop.read(changed)).toMatchObject({ cache: 'miss', call: 3 })
    expect(await shop.read(unchanged)).toMatchObject({ cache: 'hit', call: 2 })
  })

  const redisUrl = TEST_REDIS_URL
  it('hears a stock change of another process through Redis at once, on its own prefix only', async (context) => {
    if (!(await isRedisReachable(redisUrl))) {
      process.stdout.write(`skipped: no Redis answers at ${redisUrl}\n`)
      context.skip()
    }
    const prefix = `stock-test-${randomUUID().slice(0, 8)}:`
    const shop = await startProcess({ redisUrl, redisPrefix: prefix, checkIntervalMs: 60_000 })
    await new Promise((resolve) => setTimeout(resolve, 200))
    const id = randomUUID()
    await shop.read(id)
    const other = new Redis(redisUrl)
    try {
      await other.publish(`other-shop:stock-changed`, JSON.stringify([id]))
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(await shop.read(id)).toMatchObject({ cache: 'hit' })
      await other.publish(`${prefix}stock-changed`, JSON.stringify([id]))
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(await shop.read(id)).toMatchObject({ cache: 'miss' })
    } finally {
      other.disconnect()
    }
  })
})
