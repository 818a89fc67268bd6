import { randomUUID } from 'node:crypto'
import type { Role } from '@shop/shared/rules/roles.ts'
import { describe, expect, it } from 'vitest'
import { json, signInAs, signedInUser } from '../../../test/helpers.ts'
import { expectErrorAnswer } from '../../../test/support/expect-answer.ts'
import { useSignInAs } from '../../../test/support/use-test-app.ts'
import {
  DELIVERY_ADDRESS,
  createProduct,
  placeOrder as placeOrderThrough,
  productStock,
  type CreatedProduct,
  useOrderTestApp,
  guestEmail,
} from './test-fixtures.ts'

// The private order page (docs/decisions.md, 'The private order page'): every order mail links to
// /narudzba/{token}; the token opens the order for a year, lets a guest cancel while it is pending, and
// GET /api/orders/{id} keeps the buyer's personal data to the owner and staff.

const test = useOrderTestApp({ SHOP_EMAIL: 'shop@example.ba' })
const manager = useSignInAs(test, 'store_manager')

type PlacedOrder = { id: string; orderPageToken: string; status: string; email: string }
type OrderPage = {
  id: string
  email: string
  status: string
  documentNumber: string | null
  shippingAddress: Record<string, string>
  timeline: { status: string; at: string }[]
  expectedDeliveryDate: string | null
  canCancel: boolean
  products: { name: string; quantity: number; price: number }[]
  total: number
  userId?: unknown
}

const NOT_FOUND = { message: 'Narudžba nije pronađena', error: 'Not Found', code: 'ORDER_NOT_FOUND' }
const TOKEN_LINK = /http:\/\/shop\.test\/narudzba\/([A-Za-z0-9_-]{43})/

const customer = (roles: Role[] = ['user']) => signedInUser(test, { roles })

const placeOrder = (product: CreatedProduct, headers: Record<string, string> = {}, email?: string) =>
  placeOrderThrough<PlacedOrder>(test, [{ product, quantity: 2 }], { headers, email })

const pageOf = (token: string) => test.app.inject({ method: 'GET', url: `/api/order-status/${token}` })
const cancelByToken = (token: string) => test.app.inject({ method: 'POST', url: `/api/order-status/${token}/cancel` })
const setStatus = (id: string, status: string) =>
  test.app.inject({ method: 'PATCH', url: `/api/orders/${id}/status`, payload: { status }, headers: manager })

async function mailsTo(email: string, kind: string) {
  const { rows } = await test.db.query<{ text_body: string; html_body: string }>(
    'select text_body, html_body from outbox where to_address = $1 and kind = $2 order by id',
    [email, kind],
  )
  return rows
}

function tokenIn(text: string): string {
  const match = TOKEN_LINK.exec(text)
  expect(match, text).not.toBeNull()
  return match![1]!
}

describe('the order page link in the mails', () => {
  it('is in the confirmation and in every status mail, each with its own token, none with the order id', async () => {
    const product = await createProduct(test.db)
    const email = guestEmail()
    const placed = await placeOrder(product, {}, email)
    const [confirmation] = await mailsTo(email, 'order_placed')
    const mailed = tokenIn(confirmation!.text_body)
    expect(mailed).toBe(placed.orderPageToken)
    expect(confirmation!.html_body).toContain(`href="http://shop.test/narudzba/${mailed}"`)
    expect(confirmation!.text_body).not.toContain(placed.id)
    expect(confirmation!.text_body).toContain('vrijedi godinu dana od narudžbe')

    expect((await setStatus(placed.id, 'processing')).statusCode).toBe(200)
    const [statusMail] = await mailsTo(email, 'order_status')
    const statusToken = tokenIn(statusMail!.text_body)
    expect(statusToken).not.toBe(mailed)
    expect(statusMail!.text_body).not.toContain(placed.id)
    for (const token of [mailed, statusToken]) {
      const response = await pageOf(token)
      expect(response.statusCode).toBe(200)
      expect(json<OrderPage>(response)).toMatchObject({ id: placed.id, status: 'processing' })
    }
    // The shop's copy points staff to the orders admin, not to the buyer's page.
    const [shopMail] = await mailsTo('shop@example.ba', 'order_new').then((rows) => rows.slice(-1))
    expect(shopMail!.text_body).toContain('http://shop.test/admin/orders')
    expect(shopMail!.text_body).not.toMatch(TOKEN_LINK)
  })

  it('keeps only the hash of a token in the database', async () => {
    const placed = await placeOrder(await createProduct(test.db))
    const { rows } = await test.db.query<{ token_hash: string }>(
      'select token_hash from order_page_tokens where order_id = $1',
      [placed.id],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(rows[0]!.token_hash).not.toContain(placed.orderPageToken)
  })

  it('answers a repeated submit with the first order and a token that opens it', async () => {
    const product = await createProduct(test.db)
    const payload = {
      email: 'isti-kljuc@kupac.ba',
      products: [{ product_id: product.id, quantity: 1 }],
      shippingAddress: DELIVERY_ADDRESS,
      shippingMethod: { id: 'courier' },
    }
    const headers = { 'idempotency-key': randomUUID() }
    const first = await test.app.inject({ method: 'POST', url: '/api/orders', payload, headers })
    const second = await test.app.inject({ method: 'POST', url: '/api/orders', payload, headers })
    expect([first.statusCode, second.statusCode]).toEqual([201, 200])
    const replayed = json<PlacedOrder>(second)
    expect(replayed.id).toBe(json<PlacedOrder>(first).id)
    expect(json<OrderPage>(await pageOf(replayed.orderPageToken)).id).toBe(replayed.id)
  })
})

describe('GET /api/order-status/{token}', () => {
  it('shows the order with its timeline, lines, totals and the phone and e-mail partly masked', async () => {
    const product = await createProduct(test.db, { name: 'Bušilica 650 W', price: 120 })
    const placed = await placeOrder(product, {}, 'amela.hodzic@kupac.ba')
    const response = await pageOf(placed.orderPageToken)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('private, no-store')
    const page = json<OrderPage>(response)
    expect(page).not.toHaveProperty('userId')
    expect(page).toMatchObject({
      id: placed.id,
      status: 'pending',
      email: 'am***@kupac.ba',
      documentNumber: null,
      canCancel: true,
      expectedDeliveryDate: null,
      total: 252,
      products: [{ name: 'Bušilica 650 W', quantity: 2, price: 120 }],
      shippingAddress: {
        full_name: 'Ana Anić',
        street_address: 'Kralja Tvrtka 1',
        city: 'Mostar',
        zip_code: '88000',
        phone_number: '+387 ** *** *56',
        email: 'am***@kupac.ba',
      },
    })
    expect(page.timeline).toEqual([{ status: 'pending', at: expect.any(String) }])
    expect(JSON.stringify(page)).not.toContain('amela.hodzic')
    expect(JSON.stringify(page)).not.toContain('61 123 456')
  })

  it('grows its timeline with each status change, with the document number and the expected delivery', async () => {
    const placed = await placeOrder(await createProduct(test.db))
    for (const status of ['processing', 'shipped']) expect((await setStatus(placed.id, status)).statusCode).toBe(200)
    const page = json<OrderPage>(await pageOf(placed.orderPageToken))
    expect(page.timeline.map((step) => step.status)).toEqual(['pending', 'processing', 'shipped'])
    for (const step of page.timeline) expect(Number.isNaN(Date.parse(step.at))).toBe(false)
    expect(page.documentNumber).toMatch(/^\d{4}-\d{6}$/)
    expect(page.canCancel).toBe(false)
    const created = Date.parse(page.timeline[0]!.at)
    expect(Date.parse(page.expectedDeliveryDate!) - created).toBe(7 * 24 * 60 * 60 * 1000)
  })

  it('drops an undone change from the timeline', async () => {
    const placed = await placeOrder(await createProduct(test.db))
    await setStatus(placed.id, 'processing')
    const undo = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${placed.id}/status/undo`,
      headers: manager,
    })
    expect(undo.statusCode).toBe(200)
    const page = json<OrderPage>(await pageOf(placed.orderPageToken))
    expect(page.timeline.map((step) => step.status)).toEqual(['pending'])
  })

  it('answers 404 with no data for a guessed, malformed or another shape of token', async () => {
    await placeOrder(await createProduct(test.db))
    for (const token of ['A'.repeat(43), 'abc', randomUUID(), '%00', "1' or '1'='1"]) {
      expectErrorAnswer(await pageOf(encodeURIComponent(token)), 404, NOT_FOUND)
    }
  })

  it('answers a 4xx with no data, never 500, for an over-long token', async () => {
    for (const length of [99, 101, 500]) {
      const response = await pageOf('x'.repeat(length))
      expect(response.statusCode).toBeGreaterThanOrEqual(400)
      expect(response.statusCode).toBeLessThan(500)
      expect(json(response)).not.toHaveProperty('id')
    }
  })

  it("opens only its own order: one order's token never shows another", async () => {
    const product = await createProduct(test.db)
    const first = await placeOrder(product)
    const second = await placeOrder(product)
    expect(json<OrderPage>(await pageOf(first.orderPageToken)).id).toBe(first.id)
    expect(json<OrderPage>(await pageOf(second.orderPageToken)).id).toBe(second.id)
  })

  it('expires a year after the order was placed', async () => {
    const placed = await placeOrder(await createProduct(test.db))
    const year = 365 * 24 * 60 * 60 * 1000
    const { clock } = test
    const now = clock.now
    try {
      clock.now = now + year - 60_000
      expect((await pageOf(placed.orderPageToken)).statusCode).toBe(200)
      clock.now = now + year + 2 * 24 * 60 * 60 * 1000
      expectErrorAnswer(await pageOf(placed.orderPageToken), 404, NOT_FOUND)
      expectErrorAnswer(await cancelByToken(placed.orderPageToken), 404, NOT_FOUND)
    } finally {
      clock.now = now
    }
    // An order placed over a year ago is closed too, whatever the clock of the token's creation.
    await test.db.query(`update orders set created_at = now() - interval '366 days' where id = $1`, [placed.id])
    expectErrorAnswer(await pageOf(placed.orderPageToken), 404, NOT_FOUND)
  })

  it('goes with a deleted order', async () => {
    const placed = await placeOrder(await createProduct(test.db))
    const admin = await signInAs(test, 'admin')
    expect(
      (await test.app.inject({ method: 'DELETE', url: `/api/orders/${placed.id}`, headers: admin })).statusCode,
    ).toBe(200)
    expectErrorAnswer(await pageOf(placed.orderPageToken), 404, NOT_FOUND)
  })
})

describe('POST /api/order-status/{token}/cancel', () => {
  it('lets a guest cancel a pending order by its link alone: the stock returns and the timeline says so', async () => {
    const product = await createProduct(test.db, { stock: 5 })
    const placed = await placeOrder(product)
    expect(await productStock(test.db, product.id)).toBe(3)
    const response = await cancelByToken(placed.orderPageToken)
    expect(response.statusCode).toBe(200)
    const body = json<{ message: string; order: OrderPage }>(response)
    expect(body.message).toBe('Narudžba je uspješno otkazana')
    expect(body.order).toMatchObject({ id: placed.id, status: 'cancelled', canCancel: false })
    expect(body.order.timeline.map((step) => step.status)).toEqual(['pending', 'cancelled'])
    expect(await productStock(test.db, product.id)).toBe(5)
    const { rows } = await test.db.query<{ actor_id: string | null; action: string; after: unknown }>(
      `select actor_id, action, after from audit_log where entity = 'order' and entity_id = $1`,
      [placed.id],
    )
    expect(rows).toEqual([{ actor_id: null, action: 'order.cancel', after: { status: 'cancelled' } }])

    expectErrorAnswer(await cancelByToken(placed.orderPageToken), 409, {
      message: 'Moguće je otkazati samo narudžbu koja je na čekanju.',
      error: 'Conflict',
      code: 'ORDER_NOT_CANCELLABLE',
    })
    expect(await productStock(test.db, product.id)).toBe(5)
  })

  it.each(['processing', 'shipped', 'ready_for_pickup', 'completed'])(
    'refuses a %s order with 409 and changes nothing',
    async (status) => {
      const product = await createProduct(test.db, { stock: 5 })
      const placed = await placeOrder(product)
      await setStatus(placed.id, status)
      const response = await cancelByToken(placed.orderPageToken)
      expect(response.statusCode).toBe(409)
      expect(json(response)).toMatchObject({ code: 'ORDER_NOT_CANCELLABLE' })
      expect(json<OrderPage>(await pageOf(placed.orderPageToken)).status).toBe(status)
    },
  )

  it('answers 404 to a wrong token and cancels nothing', async () => {
    const product = await createProduct(test.db, { stock: 5 })
    const placed = await placeOrder(product)
    expectErrorAnswer(await cancelByToken('B'.repeat(43)), 404, NOT_FOUND)
    expectErrorAnswer(await cancelByToken(placed.id), 404, NOT_FOUND)
    expect(json<OrderPage>(await pageOf(placed.orderPageToken)).status).toBe('pending')
    expect(await productStock(test.db, product.id)).toBe(3)
  })
})

describe('GET /api/orders/{id}/page', () => {
  it('shows the signed-in owner the same page by id, and nobody else', async () => {
    const owner = await customer()
    const placed = await placeOrder(await createProduct(test.db), owner.headers)
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/orders/${placed.id}/page`,
      headers: owner.headers,
    })
    expect(response.statusCode).toBe(200)
    expect(json<OrderPage>(response)).toEqual(json<OrderPage>(await pageOf(placed.orderPageToken)))

    for (const roles of [['user'], ['user', 'admin']] as Role[][]) {
      const other = await customer(roles)
      const refused = await test.app.inject({
        method: 'GET',
        url: `/api/orders/${placed.id}/page`,
        headers: other.headers,
      })
      expectErrorAnswer(refused, 404, NOT_FOUND)
    }
    const anonymous = await test.app.inject({ method: 'GET', url: `/api/orders/${placed.id}/page` })
    expect(anonymous.statusCode).toBe(401)
    const malformed = await test.app.inject({
      method: 'GET',
      url: '/api/orders/not-a-uuid/page',
      headers: owner.headers,
    })
    expectErrorAnswer(malformed, 404, NOT_FOUND)
  })
})

describe('GET /api/orders/{id} privacy', () => {
  const PERSONAL = ['Ana Anić', '61 123 456', 'Kralja Tvrtka 1']

  it('answers lines, totals and status to anyone with the id, the e-mail and address only to the owner and staff', async () => {
    const owner = await customer()
    const email = owner.email
    const placed = await placeOrder(await createProduct(test.db), owner.headers)
    const get = (headers: Record<string, string> = {}) =>
      test.app.inject({ method: 'GET', url: `/api/orders/${placed.id}`, headers })

    const anonymous = await get()
    const other = await get((await customer()).headers)
    const wholesale = await get((await customer(['user', 'wholesale'])).headers)
    for (const response of [anonymous, other, wholesale]) {
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('private, no-store')
      const body = json<Record<string, unknown>>(response)
      expect(body).toMatchObject({ id: placed.id, status: 'pending', email: null, shippingAddress: null })
      for (const value of [...PERSONAL, email]) expect(response.body).not.toContain(value)
    }

    for (const headers of [owner.headers, manager, await signInAs(test, 'admin')]) {
      const response = await get(headers)
      expect(response.statusCode).toBe(200)
      const body = json<{ email: string; shippingAddress: Record<string, string>; userId?: unknown }>(response)
      expect(body).not.toHaveProperty('userId')
      expect(body.email).toBe(email)
      expect(body.shippingAddress).toMatchObject({ full_name: 'Ana Anić', phone_number: '+387 61 123 456' })
    }
  })

  it("keeps a guest's order to staff: no customer is its owner", async () => {
    const placed = await placeOrder(await createProduct(test.db), {}, 'gost-privatnost@kupac.ba')
    const anonymous = await test.app.inject({ method: 'GET', url: `/api/orders/${placed.id}` })
    expect(json(anonymous)).toMatchObject({ email: null, shippingAddress: null })
    const staff = await test.app.inject({ method: 'GET', url: `/api/orders/${placed.id}`, headers: manager })
    expect(json(staff)).toMatchObject({ email: 'gost-privatnost@kupac.ba' })
  })
})
