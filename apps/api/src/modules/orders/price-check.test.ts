import { describe, expect, it } from 'vitest'
import { messages } from '@shop/shared/messages/bs.ts'
import { SYSTEM_ACTOR } from '../../platform/actor.ts'
import { json, signInAs } from '../../../test/helpers.ts'
import { expectErrorAnswer, expectValidationFailed } from '../../../test/support/expect-answer.ts'
import { useSignInAs } from '../../../test/support/use-test-app.ts'
import { syncSale } from '../sales/service.ts'
import {
  DELIVERY_ADDRESS,
  createProduct,
  optionStock,
  productStock,
  type CreatedProduct,
  useOrderTestApp,
} from './test-fixtures.ts'
import { versionOf } from '../../../test/support/record-version.ts'

// An order carries the prices its buyer saw; what costs more than that refuses the order, what costs
// less is charged and reported (docs/decisions.md, Prices the buyer saw).

const test = useOrderTestApp()
const manager = useSignInAs(test, 'store_manager')
const HOUR = 3_600_000
/** The refusal of an order that would cost more than its buyer saw; each answer adds what rose. */
const PRICES_RAISED = { message: messages.orders.pricesRaised, error: 'Conflict', code: 'PRICE_CHANGED' }

type Line = { product_id: string; quantity: number; expectedPrice?: number; custom_size?: string; price?: number }
type PlacedOrder = {
  id: string
  total: number
  shippingCost: number
  products: { price: number }[]
  loweredPrices?: unknown
}

function order(lines: Line[], extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return test.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: {
      email: 'kupac@example.ba',
      products: lines,
      shippingAddress: DELIVERY_ADDRESS,
      shippingMethod: { id: 'courier' },
      ...extra,
    },
  })
}

function quote(product: CreatedProduct, headers: Record<string, string> = {}) {
  return test.app.inject({
    method: 'POST',
    url: '/api/cart/quote',
    headers,
    payload: { lines: [{ productId: product.customId, quantity: 1 }], shippingOptionId: 'courier' },
  })
}

const setPrice = async (product: CreatedProduct, price: number, discountPrice: number | null = null) =>
  test.app.inject({
    method: 'PATCH',
    url: `/api/products/${product.id}`,
    headers: manager,
    payload: { version: await versionOf(test.db, 'products', product.id), price, discount_price: discountPrice },
  })

async function count(table: string): Promise<number> {
  const { rows } = await test.db.query<{ count: number }>(`select count(*)::int as count from ${table}`)
  return rows[0]!.count
}

/** Orders, order lines and queued mails: a refused order writes none of them. */
const written = async () => [await count('orders'), await count('order_items'), await count('outbox')]

describe('an order placed at the prices its buyer saw', () => {
  it('is refused with 409 PRICE_CHANGED naming the line when staff raised the price after the cart was checked', async () => {
    const product = await createProduct(test.db, { name: 'Bušilica Raise', price: 199.9, stock: 5 })
    expect(json<{ lines: { price: number }[] }>(await quote(product)).lines[0]?.price).toBe(199.9)
    expect((await setPrice(product, 265.86)).statusCode).toBe(200)
    const before = await written()

    const response = await order([{ product_id: product.customId, quantity: 1, expectedPrice: 199.9, price: 199.9 }], {
      expectedShippingCost: 12,
      expectedTotal: 211.9,
    })

    expectErrorAnswer(response, 409, {
      ...PRICES_RAISED,
      changes: [{ productId: product.customId, name: 'Bušilica Raise', oldPrice: 199.9, newPrice: 265.86 }],
      total: { oldPrice: 211.9, newPrice: 277.86 },
    })
    expect(await written()).toEqual(before)
    expect(await productStock(test.db, product.id)).toBe(5)

    // Asked again at the new price, the order goes through at it.
    const again = await order([{ product_id: product.customId, quantity: 1, expectedPrice: 265.86 }], {
      expectedShippingCost: 12,
      expectedTotal: 277.86,
    })
    expect(again.statusCode).toBe(201)
    expect(json<PlacedOrder>(again)).toMatchObject({ total: 277.86, products: [{ price: 265.86 }] })
    expect(json<PlacedOrder>(again).loweredPrices).toBeUndefined()
  })

  it('is refused when the sale the buyer saw has ended', async () => {
    const product = await createProduct(test.db, { name: 'Kosilica Akcija', price: 100, stock: 5 })
    const sale = (method: 'PUT' | 'POST', url: string, payload: object) =>
      test.app.inject({ method, url, headers: manager, payload })
    expect(
      (await sale('POST', '/api/sales/products', { productId: product.id, discountPercentage: 20 })).statusCode,
    ).toBe(201)
    const window = {
      startDate: new Date(test.clock.now - HOUR).toISOString(),
      endDate: new Date(test.clock.now + HOUR),
    }
    expect(
      (
        await sale('PUT', '/api/sales/config', {
          title: 'Akcija',
          description: '',
          isActive: true,
          ...window,
          version: 0,
        })
      ).statusCode,
    ).toBe(200)
    await syncSale(test.db, test.clock.now, SYSTEM_ACTOR)
    expect(json<{ lines: { price: number }[] }>(await quote(product)).lines[0]?.price).toBe(80)

    test.clock.now += 2 * HOUR
    await syncSale(test.db, test.clock.now, SYSTEM_ACTOR)
    const before = await written()
    const response = await order([{ product_id: product.id, quantity: 2, expectedPrice: 80 }])

    expect(response.statusCode).toBe(409)
    expect(json(response)).toMatchObject({
      code: 'PRICE_CHANGED',
      changes: [{ productId: product.id, name: 'Kosilica Akcija', oldPrice: 80, newPrice: 100 }],
    })
    expect(await written()).toEqual(before)
  })

  it('is refused when the buyer saw wholesale prices and no longer has the role', async () => {
    const product = await createProduct(test.db, { price: 100, wholesalePrice: 70, stock: 5 })
    const wholesale = await signInAs(test, 'wholesale')
    expect(json<{ lines: { price: number }[] }>(await quote(product, wholesale)).lines[0]?.price).toBe(70)
    const retail = await signInAs(test, 'user')
    const response = await order([{ product_id: product.customId, quantity: 1, expectedPrice: 70 }], {}, retail)
    expect(response.statusCode).toBe(409)
    expect(json(response)).toMatchObject({ changes: [{ oldPrice: 70, newPrice: 100 }] })
  })

  it('names the option of a sized line whose price rose', async () => {
    const product = await createProduct(test.db, {
      name: 'Rukavice',
      price: 20,
      options: [{ size: 'XL', stock: 5, price: 25 }],
    })
    const response = await order([{ product_id: product.customId, custom_size: 'XL', quantity: 1, expectedPrice: 20 }])
    expect(response.statusCode).toBe(409)
    expect(json(response)).toMatchObject({
      changes: [{ productId: product.customId, optionCode: 'XL', name: 'Rukavice', oldPrice: 20, newPrice: 25 }],
    })
    expect(await optionStock(test.db, product.options[0]!.id)).toBe(5)
  })

  it('is refused with the shipping price when delivery costs more than the buyer saw', async () => {
    const product = await createProduct(test.db, { price: 50, stock: 5 })
    const before = await written()
    const response = await order([{ product_id: product.id, quantity: 1, expectedPrice: 50 }], {
      expectedShippingCost: 0,
    })
    expectErrorAnswer(response, 409, { ...PRICES_RAISED, changes: [], shipping: { oldPrice: 0, newPrice: 12 } })
    expect(await written()).toEqual(before)
  })

  it('charges a price lowered after the cart was checked at the lower price, and says so', async () => {
    const product = await createProduct(test.db, { name: 'Lampa Niža', price: 120, stock: 5 })
    expect((await setPrice(product, 100)).statusCode).toBe(200)
    const response = await order([{ product_id: product.customId, quantity: 2, expectedPrice: 120 }], {
      expectedShippingCost: 12,
      expectedTotal: 252,
    })
    expect(response.statusCode).toBe(201)
    const placed = json<PlacedOrder>(response)
    expect(placed).toMatchObject({ total: 212, shippingCost: 12, products: [{ price: 100 }] })
    expect(placed.loweredPrices).toEqual({
      changes: [{ productId: product.customId, name: 'Lampa Niža', oldPrice: 120, newPrice: 100 }],
      total: { oldPrice: 252, newPrice: 212 },
    })
    expect(await productStock(test.db, product.id)).toBe(3)
  })

  it('charges the shop price to a line that carries no price, and never a client price', async () => {
    const product = await createProduct(test.db, { price: 40, stock: 5 })
    const response = await order([{ product_id: product.id, quantity: 1, price: 0.01 }])
    expect(response.statusCode).toBe(201)
    expect(json<PlacedOrder>(response)).toMatchObject({ products: [{ price: 40 }], total: 52 })
    expect(json<PlacedOrder>(response).loweredPrices).toBeUndefined()
  })

  it.each([[-1], ['12'], [Number.MAX_VALUE]])('refuses a seen price of %j with 400', async (value) => {
    const product = await createProduct(test.db, { price: 40, stock: 5 })
    const payload = [{ product_id: product.id, quantity: 1, expectedPrice: value as number }]
    expectValidationFailed(await order(payload), messages.orders.seenPriceInvalid)
    expectValidationFailed(
      await order([{ product_id: product.id, quantity: 1 }], { expectedTotal: value }),
      messages.orders.seenPriceInvalid,
    )
  })
})
