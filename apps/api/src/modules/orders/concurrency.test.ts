import { describe, expect, it } from 'vitest'
import { createUser, json } from '../../../test/helpers.ts'
import { DELIVERY_ADDRESS, createProduct, optionStock, productStock, useOrderTestApp } from './test-fixtures.ts'

// The race of ARCHITECTURE's budget: many buyers, one product, never an oversell.

const test = useOrderTestApp()

const BUYERS = 50
const STOCK = 10

function place(line: Record<string, unknown>, index: number, headers: Record<string, string> = {}) {
  return test.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: {
      email: `kupac${index}@example.ba`,
      products: [{ quantity: 1, ...line }],
      shippingAddress: DELIVERY_ADDRESS,
      shippingMethod: { id: 'courier' },
    },
  })
}

async function soldQuantity(productId: string): Promise<number> {
  const { rows } = await test.db.query<{ sold: number }>(
    `select coalesce(sum(i.quantity), 0)::int as sold from order_items i join orders o on o.id = i.order_id
      where i.product_id = $1 and o.status <> 'cancelled'`,
    [productId],
  )
  return rows[0]!.sold
}

describe(`${BUYERS} concurrent orders for ${STOCK} in stock`, () => {
  it('sells exactly the stock of a product and refuses the rest with 409', async () => {
    const product = await createProduct(test.db, { name: 'Zadnji komadi', stock: STOCK })
    const responses = await Promise.all(
      Array.from({ length: BUYERS }, (_, index) => place({ product_id: product.id }, index)),
    )
    const statuses = responses.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(STOCK)
    expect(statuses.filter((status) => status === 409)).toHaveLength(BUYERS - STOCK)
    for (const response of responses.filter((item) => item.statusCode === 409)) {
      expect(json(response)).toEqual({
        message: 'Not enough stock available for Zadnji komadi',
        error: 'Conflict',
        code: 'INSUFFICIENT_STOCK',
      })
    }
    expect(await productStock(test.db, product.id)).toBe(0)
    expect(await soldQuantity(product.id)).toBe(STOCK)
  })

  it("sells exactly an option's stock", async () => {
    const product = await createProduct(test.db, {
      name: 'Rukavice',
      stock: 0,
      options: [
        { size: 'L', stock: STOCK },
        { size: 'XL', stock: 3 },
      ],
    })
    const responses = await Promise.all(
      Array.from({ length: BUYERS }, (_, index) => place({ product_id: product.customId, custom_size: 'L' }, index)),
    )
    const statuses = responses.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(STOCK)
    expect(statuses.filter((status) => status === 409)).toHaveLength(BUYERS - STOCK)
    expect(json(responses.find((response) => response.statusCode === 409)!)).toMatchObject({
      message: 'Not enough stock available for Rukavice (L)',
    })
    expect(await optionStock(test.db, product.options[0]!.id)).toBe(0)
    expect(await optionStock(test.db, product.options[1]!.id)).toBe(3)
    expect(await soldQuantity(product.id)).toBe(STOCK)
  })

  it('keeps the count right when orders and cancels interleave', async () => {
    const product = await createProduct(test.db, { stock: STOCK })
    const user = await createUser(test.db)
    const token = await test.app.tokens.sign({ userId: user.id, role: 'user', tokenVersion: 0 })
    const headers = { authorization: `Bearer ${token}` }
    const first = await Promise.all(
      Array.from({ length: STOCK }, (_, index) => place({ product_id: product.id }, index, headers)),
    )
    expect(first.every((response) => response.statusCode === 201)).toBe(true)
    const cancels = first
      .slice(0, 5)
      .map((response) =>
        test.app.inject({ method: 'PATCH', url: `/api/orders/${json<{ id: string }>(response).id}/cancel`, headers }),
      )
    const orders = Array.from({ length: 20 }, (_, index) => place({ product_id: product.id }, index))
    const results = await Promise.all([...cancels, ...orders])
    expect(results.slice(0, 5).every((response) => response.statusCode === 200)).toBe(true)
    const sold = results.slice(5).filter((response) => response.statusCode === 201).length
    expect(sold).toBeLessThanOrEqual(5)
    expect(await productStock(test.db, product.id)).toBe(5 - sold)
    expect(await soldQuantity(product.id)).toBe(STOCK - 5 + sold)
  })
})
