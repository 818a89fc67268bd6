import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '@shop/shared/messages/bs.ts'
import type { Role } from '@shop/shared/rules/roles.ts'
import { json, signInAs, signedInUser } from '../../../test/helpers.ts'
import { MailSink } from '../../../test/support/smtp-sink.ts'
import { useSignInAs, useTestApp } from '../../../test/support/use-test-app.ts'
import { startMailWorker, type MailWorker } from '../../platform/mail.ts'
import { auditRows } from '../catalogue/test-fixtures.ts'
import {
  DELIVERY_ADDRESS,
  buildOrderTestApp,
  createProduct,
  placeOrder,
  productStock,
  type CreatedProduct,
} from './test-fixtures.ts'

// docs/decisions.md, 'Orders entered by staff': POST /api/orders/staff places an order through the
// checkout's own placeOrder for a registered customer or a guest, with a source, line discounts and an
// optional customer mail. Mails go through a real SMTP server in this process.

const text = messages.staffOrders
const smtp = new MailSink()
const test = useTestApp(async () => {
  await smtp.start()
  return buildOrderTestApp({ SMTP_URL: smtp.url, SHOP_EMAIL: 'shop@example.ba' })
})
const manager = useSignInAs(test, 'store_manager')
const admin = useSignInAs(test, 'admin')

let worker: MailWorker
beforeAll(() => {
  worker = startMailWorker({ db: test.db, config: test.config, log: test.app.log, pollIntervalMs: 60_000 })
})
afterAll(async () => {
  await worker.stop()
  await smtp.stop()
})

type Line = { product_id: string; quantity: number; discountPercent?: unknown; discountReason?: unknown }
type PlacedOrder = {
  id: string
  userId: string | null
  email: string
  total: number
  subtotal: number
  shippingCost: number
  source: string
  isCustomerNotified: boolean
  products: { price: number; quantity: number; discountPercent?: number; discountReason?: string }[]
}

async function customer(roles: Role[] = ['user']) {
  const email = `${randomUUID().slice(0, 8)}@kupci.ba`
  return signedInUser(test, { email, roles, fullName: 'Amra Hodžić' })
}

function body(lines: Line[], extra: Record<string, unknown> = {}) {
  return {
    products: lines,
    shippingAddress: DELIVERY_ADDRESS,
    shippingMethod: { id: 'courier' },
    source: 'telefon',
    notifyCustomer: true,
    ...extra,
  }
}

const post = (payload: unknown, headers: Record<string, string> = manager) =>
  test.app.inject({ method: 'POST', url: '/api/orders/staff', payload: payload as object, headers })

async function placed(payload: unknown, headers: Record<string, string> = manager): Promise<PlacedOrder> {
  const response = await post(payload, headers)
  expect(response.statusCode, response.body).toBe(201)
  return json<PlacedOrder>(response)
}

describe('who may enter an order', () => {
  it('answers 401 to a visitor and 403 to customers and wholesale buyers; managers and admins enter orders', async () => {
    const product = await createProduct(test.db, { stock: 10 })
    const payload = body([{ product_id: product.id, quantity: 1 }], { email: 'gost@example.ba' })
    expect((await post(payload, {})).statusCode).toBe(401)
    expect((await post(payload, await signInAs(test, 'user'))).statusCode).toBe(403)
    expect((await post(payload, await signInAs(test, 'wholesale'))).statusCode).toBe(403)
    expect((await post(payload, manager)).statusCode).toBe(201)
    expect((await post(payload, admin)).statusCode).toBe(201)
    expect(await productStock(test.db, product.id)).toBe(8)
  })

  it('is in the OpenAPI document', async () => {
    const document = json<{ paths: Record<string, unknown> }>(
      await test.app.inject({ method: 'GET', url: '/api/docs/json' }),
    )
    expect(Object.keys(document.paths)).toContain('/api/orders/staff')
  })
})

describe('validation', () => {
  let product: CreatedProduct
  beforeAll(async () => {
    product = await createProduct(test.db, { stock: 100 })
  })

  const refusal = async (payload: unknown) => {
    const response = await post(payload)
    expect(response.statusCode).toBe(400)
    return json<{ message: string; code: string }>(response)
  }
  const line = (extra: Partial<Line> = {}): Line => ({ product_id: product.id, quantity: 1, ...extra })
  const guest = { email: 'gost@example.ba' }

  it.each([
    ['an unknown source', { source: 'web' }, text.sourceInvalid],
    ['no source', { source: undefined }, text.sourceInvalid],
    ['no notifyCustomer', { notifyCustomer: undefined }, text.notifyInvalid],
    ['a customer e-mail that is not one', { customerEmail: 'nije-email' }, text.customerEmailInvalid],
  ])('refuses %s with its message', async (_name, extra, message) => {
    expect(await refusal(body([line()], { ...guest, ...extra }))).toMatchObject({ code: 'VALIDATION_FAILED', message })
  })

  it.each([
    ['0 %', 0],
    ['100 %', 100],
    ['a fraction', 12.5],
    ['text', 'deset'],
  ])('refuses a discount of %s', async (_name, discountPercent) => {
    const payload = body([line({ discountPercent, discountReason: 'Stalni kupac' })], guest)
    expect(await refusal(payload)).toMatchObject({ code: 'VALIDATION_FAILED', message: text.discountInvalid })
  })

  it('asks for the reason of a discount, and refuses a reason without a discount or a long one', async () => {
    expect(await refusal(body([line({ discountPercent: 10 })], guest))).toMatchObject({
      message: text.discountReasonRequired,
    })
    expect(await refusal(body([line({ discountPercent: 10, discountReason: '   ' })], guest))).toMatchObject({
      message: text.discountReasonRequired,
    })
    expect(await refusal(body([line({ discountReason: 'Stalni kupac' })], guest))).toMatchObject({
      message: text.discountReasonWithoutDiscount,
    })
    expect(await refusal(body([line({ discountPercent: 10, discountReason: 'x'.repeat(201) })], guest))).toMatchObject({
      message: text.discountReasonTooLong,
    })
  })

  it("refuses a customer e-mail without an account with CUSTOMER_NOT_FOUND, and a guest without the checkout's details", async () => {
    expect(await refusal(body([line()], { customerEmail: 'niko@nepoznat.ba' }))).toMatchObject({
      code: 'CUSTOMER_NOT_FOUND',
      message: text.customerNotFound,
    })
    expect(await refusal(body([line()]))).toMatchObject({ message: messages.orders.emailRequired })
    expect(
      await refusal(body([line()], { ...guest, shippingAddress: { ...DELIVERY_ADDRESS, full_name: '' } })),
    ).toMatchObject({ message: messages.orders.fullNameRequired })
    expect(await refusal(body([], guest))).toMatchObject({ message: messages.orders.cartEmpty })
    expect(await productStock(test.db, product.id)).toBe(100)
  })
})

describe('prices', () => {
  it('charges a wholesale customer the wholesale price, and the discount comes off the price she is entitled to', async () => {
    const product = await createProduct(test.db, { price: 100, wholesalePrice: 70, stock: 10 })
    const buyer = await customer(['user', 'wholesale'])
    const order = await placed(
      body(
        [
          { product_id: product.id, quantity: 1 },
          { product_id: product.id, quantity: 2, discountPercent: 10, discountReason: 'Veća količina' },
        ],
        { customerEmail: buyer.email, shippingMethod: { id: 'pickup' } },
      ),
    )
    expect(order.products).toEqual([
      expect.objectContaining({ price: 70, quantity: 1 }),
      expect.objectContaining({ price: 63, quantity: 2, discountPercent: 10, discountReason: 'Veća količina' }),
    ])
    expect(order.products[0]).not.toHaveProperty('discountPercent')
    expect(order).toMatchObject({ subtotal: 196, shippingCost: 0, total: 196, userId: buyer.id, email: buyer.email })
    expect(await productStock(test.db, product.id)).toBe(7)
  })

  it('charges a retail customer the retail price and the shipping rules of the checkout', async () => {
    const product = await createProduct(test.db, { price: 100, wholesalePrice: 70, stock: 10 })
    const buyer = await customer()
    const order = await placed(
      body([{ product_id: product.id, quantity: 1, discountPercent: 10, discountReason: 'Stalni kupac' }], {
        customerEmail: buyer.email,
      }),
    )
    expect(order).toMatchObject({ subtotal: 90, shippingCost: 12, total: 102, source: 'telefon' })
  })

  it('quotes the lines at the price of the chosen customer, with live stock', async () => {
    const product = await createProduct(test.db, { price: 100, wholesalePrice: 70, stock: 6 })
    const buyer = await customer(['user', 'wholesale'])
    const quote = (customerEmail?: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/orders/staff/quote',
        headers: manager,
        payload: { lines: [{ productId: product.customId, quantity: 2 }], customerEmail },
      })
    expect(json(await quote(buyer.email))).toMatchObject({ lines: [{ price: 70, availableStock: 6 }] })
    expect(json(await quote())).toMatchObject({ lines: [{ price: 100, availableStock: 6 }] })
    expect((await quote('niko@nepoznat.ba')).statusCode).toBe(400)
    const discounted = await test.app.inject({
      method: 'POST',
      url: '/api/orders/staff/quote',
      headers: manager,
      payload: { lines: [{ productId: product.id, quantity: 2, discountPercent: 10 }], shippingOptionId: 'courier' },
    })
    expect(json(discounted)).toMatchObject({ lines: [{ price: 100, lineTotal: 180 }], subtotal: 180, shippingCost: 12 })
  })
})

describe('stock', () => {
  it('refuses an order the stock cannot cover and changes nothing', async () => {
    const product = await createProduct(test.db, { stock: 3 })
    const response = await post(
      body(
        [
          { product_id: product.id, quantity: 2 },
          { product_id: product.id, quantity: 2, discountPercent: 5, discountReason: 'Oštećena ambalaža' },
        ],
        { email: 'gost@example.ba' },
      ),
    )
    expect(response.statusCode).toBe(409)
    expect(json(response)).toMatchObject({ code: 'INSUFFICIENT_STOCK' })
    expect(await productStock(test.db, product.id)).toBe(3)
  })

  it('takes the stock of lines of one product with different discounts together', async () => {
    const product = await createProduct(test.db, { stock: 5 })
    await placed(
      body(
        [
          { product_id: product.id, quantity: 2 },
          { product_id: product.id, quantity: 3, discountPercent: 5, discountReason: 'Oštećena ambalaža' },
        ],
        { email: 'gost@example.ba' },
      ),
    )
    expect(await productStock(test.db, product.id)).toBe(0)
  })

  it('is not held to the order limits and daily caps of the web shop', async () => {
    const product = await createProduct(test.db, { stock: 500 })
    await test.db.query(
      `update settings set value = value || '{"maxQuantityPerLine": 2, "maxOrderTotalGuest": 50}'::jsonb where key = 'order_limits'`,
    )
    try {
      const order = await placed(body([{ product_id: product.id, quantity: 20 }], { email: 'gost@example.ba' }))
      expect(order.total).toBeGreaterThan(50)
    } finally {
      await test.db.query(
        `update settings set value = value || '{"maxQuantityPerLine": 10000, "maxOrderTotalGuest": 1000000}'::jsonb where key = 'order_limits'`,
      )
    }
  })
})

describe('the customer', () => {
  it('belongs to the registered customer: she sees it in her history, the staff list shows its source, the audit who entered it', async () => {
    const product = await createProduct(test.db, { stock: 10 })
    const buyer = await customer()
    const order = await placed(
      body([{ product_id: product.id, quantity: 1 }], { customerEmail: buyer.email.toUpperCase(), source: 'viber' }),
    )
    const history = json<{ data: { id: string }[] }>(
      await test.app.inject({ method: 'GET', url: `/api/users/orders/${buyer.email}`, headers: buyer.headers }),
    )
    expect(history.data.map((entry) => entry.id)).toContain(order.id)
    const page = await test.app.inject({ method: 'GET', url: `/api/orders/${order.id}/page`, headers: buyer.headers })
    expect(page.statusCode).toBe(200)

    const [audit] = await auditRows(test.db, 'order', order.id)
    expect(audit).toMatchObject({ action: 'order.staff_create', after: { source: 'viber', email: buyer.email } })
    expect(audit!.actor_email).toMatch(/@/)
  })

  it("keeps a line discount's reason among staff: the customer sees the discount, not why", async () => {
    const product = await createProduct(test.db, { stock: 10 })
    const buyer = await customer()
    const order = await placed(
      body([{ product_id: product.id, quantity: 1, discountPercent: 10, discountReason: 'Rođak vlasnika' }], {
        customerEmail: buyer.email,
      }),
    )
    expect(order.products[0]).toMatchObject({ discountPercent: 10, discountReason: 'Rođak vlasnika' })
    const seenByBuyer = [
      await test.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: buyer.headers }),
      await test.app.inject({ method: 'GET', url: `/api/orders/${order.id}/page`, headers: buyer.headers }),
      await test.app.inject({ method: 'GET', url: `/api/users/orders/${buyer.email}`, headers: buyer.headers }),
      await test.app.inject({ method: 'PATCH', url: `/api/orders/${order.id}/cancel`, headers: buyer.headers }),
    ]
    for (const response of seenByBuyer) {
      expect(response.statusCode, response.body).toBe(200)
      expect(response.body).toContain('"discountPercent":10')
      expect(response.body).not.toContain('Rođak vlasnika')
      expect(response.body).not.toContain('discountReason')
    }
    const staffList = await test.app.inject({
      method: 'GET',
      url: `/api/orders?search=${order.id.slice(0, 8)}`,
      headers: manager,
    })
    expect(staffList.body).toContain('Rođak vlasnika')
  })

  it('mails the confirmation to the customer when asked, and only the shop copy when not', async () => {
    const product = await createProduct(test.db, { stock: 10 })
    const mailed = await customer()
    const unmailed = await customer()
    await placed(body([{ product_id: product.id, quantity: 1 }], { customerEmail: mailed.email }))
    const counter = await placed(
      body([{ product_id: product.id, quantity: 1 }], {
        customerEmail: unmailed.email,
        notifyCustomer: false,
        source: 'trgovina',
        shippingMethod: { id: 'pickup' },
      }),
    )
    expect(counter.isCustomerNotified).toBe(false)
    await worker.drain()
    const to = (address: string) => smtp.received.filter((mail) => mail.to.includes(address))
    expect(to(mailed.email)).toHaveLength(1)
    expect(to(mailed.email)[0]!.subject).toContain('zaprimljena')
    expect(to(unmailed.email)).toHaveLength(0)
    expect(to('shop@example.ba').length).toBeGreaterThanOrEqual(2)
  })
})

describe('source filters', () => {
  it('filters the staff list and the statistics by source; shop orders are web', async () => {
    const product = await createProduct(test.db, { stock: 20, price: 10 })
    const web = await placeOrder<{ id: string }>(test, [{ product, quantity: 1 }], { email: 'web@example.ba' })
    const email = await placed(
      body([{ product_id: product.id, quantity: 3 }], { email: 'mail@example.ba', source: 'email' }),
    )

    const list = async (query: string) =>
      json<{ data: { id: string; source: string }[] }>(
        await test.app.inject({ method: 'GET', url: `/api/orders?limit=100${query}`, headers: manager }),
      ).data
    const emailOrders = await list('&source=email')
    expect(emailOrders.map((order) => order.id)).toEqual([email.id])
    expect(emailOrders[0]!.source).toBe('email')
    const webOrders = await list('&source=web')
    expect(webOrders.map((order) => order.id)).toContain(web.id)
    expect(webOrders.every((order) => order.source === 'web')).toBe(true)
    const refused = await test.app.inject({ method: 'GET', url: '/api/orders?source=fax', headers: manager })
    expect(json(refused)).toMatchObject({ code: 'VALIDATION_FAILED', message: text.sourceFilterInvalid })

    const today = new Date().toISOString().slice(0, 10)
    const statistics = async (source: string) =>
      json<{
        totals: { totalOrders: number; totalItems: number; revenue: number }
        orders: { data: { id: string }[] }
      }>(
        await test.app.inject({
          method: 'GET',
          url: `/api/statistics?from=${today}&to=${today}&source=${source}`,
          headers: manager,
        }),
      )
    const byEmail = await statistics('email')
    expect(byEmail.totals).toEqual({ totalOrders: 1, totalItems: 3, revenue: 30 })
    expect(byEmail.orders.data.map((order) => order.id)).toEqual([email.id])
    const page = json<{ data: { id: string }[] }>(
      await test.app.inject({
        method: 'GET',
        url: `/api/statistics/orders?from=${today}&to=${today}&source=email`,
        headers: manager,
      }),
    )
    expect(page.data.map((order) => order.id)).toEqual([email.id])
    const refusedStatistics = await test.app.inject({
      method: 'GET',
      url: `/api/statistics?from=${today}&to=${today}&source=fax`,
      headers: manager,
    })
    expect(json(refusedStatistics)).toMatchObject({ code: 'VALIDATION_FAILED', message: text.sourceFilterInvalid })
  })
})

describe('customer search', () => {
  it('finds registered customers by name, e-mail or phone for staff alone, and says which buy wholesale', async () => {
    const buyer = await customer(['user', 'wholesale'])
    await test.db.query(
      `update profiles set full_name = 'Šejla Begić', phone_number = '+387 61 555 432' where user_id = $1`,
      [buyer.id],
    )
    const search = (query: string, headers: Record<string, string> = manager) =>
      test.app.inject({
        method: 'GET',
        url: `/api/orders/staff/customers?query=${encodeURIComponent(query)}`,
        headers,
      })
    for (const query of ['Šejla', buyer.email.slice(0, 6), '061 555 432']) {
      const found = json<{ data: { id: string; isWholesale: boolean; full_name: string }[] }>(await search(query)).data
      expect(found.find((entry) => entry.id === buyer.id)).toMatchObject({
        isWholesale: true,
        full_name: 'Šejla Begić',
      })
    }
    expect(json(await search('x'))).toMatchObject({ code: 'VALIDATION_FAILED', message: text.customerQueryShort })
    expect((await search('Šejla', {})).statusCode).toBe(401)
    expect((await search('Šejla', buyer.headers)).statusCode).toBe(403)
  })
})
