import { describe, expect, it } from 'vitest'
import { SYSTEM_ACTOR } from '../../platform/actor.ts'
import { json } from '../../../test/helpers.ts'
import { useSignInAs, useTestApp } from '../../../test/support/use-test-app.ts'
import { versionOf } from '../../../test/support/record-version.ts'
import { buildOrderTestApp, createProduct, DELIVERY_ADDRESS, type CreatedProduct } from '../orders/test-fixtures.ts'
import { syncSale } from './service.ts'

// docs/decisions.md, 'Sales computed when read': a sale's start and end write no product; every read (the list, the
// search, the product page, the cart and the order) shows and charges the lowest entitled price by the sale's state.

const test = useTestApp(() => buildOrderTestApp())
const manager = useSignInAs(test, 'store_manager')
const HOUR = 3_600_000

type Listed = {
  id: string
  discount_price: number | null
  size_stock?: { size: string; discount_price: number | null }[]
}

const get = async <T>(url: string) => json<T>(await test.app.inject({ method: 'GET', url }))
const staff = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  test.app.inject({ method, url, headers: manager, ...(payload ? { payload } : {}) })

/** These products in the store's price order, with the discount price each shows. */
async function listed(products: readonly CreatedProduct[], view: 'product' | 'card' = 'product') {
  const ids = new Set(products.map((product) => product.id))
  const page = await get<{ products: Listed[] }>(
    `/api/products?sort=price-asc&limit=50${view === 'card' ? '&view=card' : ''}`,
  )
  return page.products.filter((product) => ids.has(product.id)).map((product) => [product.id, product.discount_price])
}

async function quoted(lines: { productId: string; size?: string }[]) {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/cart/quote',
    payload: { lines: lines.map((line) => ({ ...line, quantity: 1 })), shippingOptionId: 'courier' },
  })
  return json<{ lines: { price: number }[] }>(response).lines.map((line) => line.price)
}

async function runSale(window: { startIn: number; endIn: number }) {
  const saved = await staff('PUT', '/api/sales/config', {
    version: await versionOf(test.db, 'sale_config', 1),
    isActive: true,
    startDate: new Date(test.clock.now + window.startIn).toISOString(),
    endDate: new Date(test.clock.now + window.endIn).toISOString(),
    title: 'Akcija',
    description: '',
  })
  expect(saved.statusCode, saved.body).toBe(200)
}

async function productVersions(products: readonly CreatedProduct[]) {
  return Promise.all(products.map((product) => versionOf(test.db, 'products', product.id)))
}

describe('a sale computed when read', () => {
  it('switches what the list, search, product page, cart and order charge at its start and end', async () => {
    const shirt = await createProduct(test.db, {
      name: 'Majica Preklopnik',
      price: 50,
      stock: 0,
      options: [
        { size: 'S', stock: 1 },
        { size: 'L', stock: 1, price: 60, discountPrice: 58 },
      ],
    })
    const hammer = await createProduct(test.db, { name: 'Čekić Preklopnik', price: 100, discountPrice: 70 })
    const saw = await createProduct(test.db, { name: 'Pila Preklopnik', price: 90, discountPrice: 85 })
    const plain = await createProduct(test.db, { name: 'Klješta Preklopnik', price: 88 })
    const drill = await createProduct(test.db, { name: 'Bušilica Preklopnik', price: 100 })
    const all = [shirt, hammer, saw, plain, drill]
    for (const [product, discountPercentage] of [
      [shirt, 20],
      [hammer, 20],
      [saw, 10],
      [drill, 20],
    ] as const) {
      expect(
        (await staff('POST', '/api/sales/products', { productId: product.id, discountPercentage })).statusCode,
      ).toBe(201)
    }
    await runSale({ startIn: HOUR, endIn: 2 * HOUR })

    const before = [
      [shirt.id, null],
      [hammer.id, 70],
      [saw.id, 85],
      [plain.id, null],
      [drill.id, null],
    ]
    expect(await listed(all)).toEqual(before)
    expect(await quoted([{ productId: drill.id }, { productId: hammer.id }])).toEqual([100, 70])
    const versions = await productVersions(all)

    test.clock.now += HOUR
    expect((await syncSale(test.db, test.clock.now, SYSTEM_ACTOR)).changed).toBe('applied')
    // The start wrote no product: a form opened before it is not stale.
    expect(await productVersions(all)).toEqual(versions)

    // The drill moves up the price order; the hammer's own 70 stays below the sale's 80 (the lowest entitled price).
    const during = [
      [shirt.id, 40],
      [hammer.id, 70],
      [drill.id, 80],
      [saw.id, 81],
      [plain.id, null],
    ]
    expect(await listed(all)).toEqual(during)
    expect(await listed(all, 'card')).toEqual(during)
    const found = await get<{ products: Listed[] }>('/api/products?search=preklopnik&limit=50')
    expect(Object.fromEntries(found.products.map((product) => [product.id, product.discount_price]))).toEqual(
      Object.fromEntries(during),
    )
    expect(await get<Listed>(`/api/products/${drill.customId}`)).toMatchObject({ price: 100, discount_price: 80 })
    expect((await get<Listed>(`/api/products/${shirt.id}`)).size_stock).toMatchObject([
      { size: 'S', discount_price: 40 },
      { size: 'L', discount_price: 48 },
    ])
    expect(
      await quoted([{ productId: drill.id }, { productId: hammer.id }, { productId: shirt.id, size: 'L' }]),
    ).toEqual([80, 70, 48])
    const placed = await test.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        email: 'kupac@example.ba',
        products: [
          { product_id: drill.id, quantity: 1, expectedPrice: 80 },
          { product_id: hammer.id, quantity: 1, expectedPrice: 70 },
        ],
        shippingAddress: DELIVERY_ADDRESS,
        shippingMethod: { id: 'courier' },
      },
    })
    expect(placed.statusCode, placed.body).toBe(201)
    expect(json<{ products: { price: number }[] }>(placed).products.map((line) => line.price)).toEqual([80, 70])

    test.clock.now += HOUR + 1
    expect((await syncSale(test.db, test.clock.now, SYSTEM_ACTOR)).changed).toBe('restored')
    expect(await listed(all)).toEqual(before)
    expect(await get<Listed>(`/api/products/${drill.id}`)).toMatchObject({ price: 100, discount_price: null })
    expect(await quoted([{ productId: drill.id }, { productId: shirt.id, size: 'L' }])).toEqual([100, 58])
  })

  it('shows and charges a product added to a running sale at once, and its own price once removed', async () => {
    await runSale({ startIn: -HOUR, endIn: HOUR })
    await syncSale(test.db, test.clock.now, SYSTEM_ACTOR)
    const late = await createProduct(test.db, { name: 'Brusilica Kasnica', price: 50, discountPrice: 45 })
    const neighbour = await createProduct(test.db, { name: 'Turpija Kasnica', price: 42 })
    expect(await listed([late, neighbour])).toEqual([
      [neighbour.id, null],
      [late.id, 45],
    ])

    const added = await staff('POST', '/api/sales/products', { productId: late.id, discountPercentage: 20 })
    expect(added.statusCode).toBe(201)
    expect(await listed([late, neighbour])).toEqual([
      [late.id, 40],
      [neighbour.id, null],
    ])
    expect(await get<Listed>(`/api/products/${late.id}`)).toMatchObject({ discount_price: 40 })
    expect(await quoted([{ productId: late.id }])).toEqual([40])

    expect((await staff('DELETE', `/api/sales/products/${late.id}`)).statusCode).toBe(200)
    expect(await listed([late, neighbour])).toEqual([
      [neighbour.id, null],
      [late.id, 45],
    ])
    expect(await get<Listed>(`/api/products/${late.id}`)).toMatchObject({ discount_price: 45 })
    expect(await quoted([{ productId: late.id }])).toEqual([45])
  })
})
