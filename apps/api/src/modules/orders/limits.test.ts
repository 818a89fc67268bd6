import { randomInt, randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { beforeEach, describe, expect, it } from 'vitest'
import { orderLimits as text } from '@shop/shared/messages/bs/order-limits.ts'
import { DEFAULT_ORDER_LIMITS, type OrderLimitSettings } from '@shop/shared/rules/order-limits.ts'
import { buildTestApp, createUser, json, signInAs, type TestApp, STAFF_ROUTE_ACCESS } from '../../../test/helpers.ts'
import { auditRows } from '../catalogue/test-fixtures.ts'
import {
  DELIVERY_ADDRESS,
  SHIPPING_SETTINGS,
  createProduct,
  productStock,
  setShippingSettings,
  type CreatedProduct,
  useOrderTestApp,
  guestEmail,
} from './test-fixtures.ts'
import { useSignInAs } from '../../../test/support/use-test-app.ts'
import { expectErrorAnswer } from '../../../test/support/expect-answer.ts'
import { saveSettings } from '../../../test/support/record-version.ts'

// docs/decisions.md, 'Order limits and suspicious orders': limits on one order and one client, set by
// staff; suspicious orders flagged.

const REDIS_URL = 'redis://127.0.0.1:6379'
// ORDERS_PER_ADDRESS_PER_HOUR unset: the staff setting decides, as in a shop started with defaults.
const test = useOrderTestApp({ ORDERS_PER_ADDRESS_PER_HOUR: '', REDIS_URL }, { liftLimits: false })
const manager = useSignInAs(test, 'store_manager')

/** Every test starts from the defaults, with generous hourly limits unless it is about them. */
beforeEach(async () => {
  await saveLimits({ maxOrdersPerAddressPerHour: 100_000, maxOrdersPerEmailPerHour: 100_000 })
})

const ORDER_LIMITS_FORM = { method: 'PUT', url: '/api/settings/order-limits', key: 'order_limits' } as const

async function saveLimits(changes: Partial<OrderLimitSettings>, app: TestApp = test) {
  const response = await saveSettings(
    app,
    ORDER_LIMITS_FORM,
    { ...DEFAULT_ORDER_LIMITS, ...changes },
    app === test ? manager : await signInAs(app, 'admin'),
  )
  expect(response.statusCode, response.body).toBe(200)
  return json<OrderLimitSettings & { addressLimitFromEnvironment: number | null }>(response)
}

/** A fresh address per call, so that tests (and runs sharing Redis) never count each other's orders. */
const freshAddress = () => `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`

type Line = { product: CreatedProduct; quantity: number }
function place(
  lines: Line[],
  {
    email = guestEmail(),
    headers = {},
    address = freshAddress(),
    app = test,
    phone = DELIVERY_ADDRESS.phone_number,
  } = {},
) {
  return app.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    remoteAddress: address,
    payload: {
      email,
      products: lines.map(({ product, quantity }) => ({ product_id: product.id, quantity })),
      shippingAddress: { ...DELIVERY_ADDRESS, phone_number: phone },
      shippingMethod: { id: 'courier' },
    },
  })
}

async function orderCount(): Promise<number> {
  const { rows } = await test.db.query<{ count: number }>('select count(*)::int as count from orders')
  return rows[0]!.count
}

async function stored(id: string) {
  const { rows } = await test.db.query<{ client_address: string | null; suspicion_reasons: string[] }>(
    'select client_address, suspicion_reasons from orders where id = $1',
    [id],
  )
  return rows[0]!
}

const refused = (message: string, code = 'ORDER_LIMIT_EXCEEDED', error = 'Unprocessable Entity') => ({
  message,
  error,
  code,
})

describe('GET and PUT /api/settings/order-limits', () => {
  const read = (headers: Record<string, string>) =>
    test.app.inject({ method: 'GET', url: '/api/settings/order-limits', headers })
  const write = (headers: Record<string, string>, payload: unknown = DEFAULT_ORDER_LIMITS) =>
    saveSettings(test, ORDER_LIMITS_FORM, payload, headers)

  it.each(STAFF_ROUTE_ACCESS)('answer %s with %i', async (role, status) => {
    const headers = await signInAs(test, role)
    expect((await read(headers)).statusCode).toBe(status)
    const before = await read(manager)
    const response = await write(headers, { ...DEFAULT_ORDER_LIMITS, maxQuantityPerLine: 7 })
    expect(response.statusCode).toBe(status)
    if (status !== 200) expect(json(await read(manager))).toEqual(json(before))
  })

  it('starts at the defaults, saves the whole object with an audit line, and stores nothing for staff to cache', async () => {
    await test.db.query(`update settings set value = $1 where key = 'order_limits'`, [
      JSON.stringify(DEFAULT_ORDER_LIMITS),
    ])
    const first = await read(manager)
    expect(json(first)).toEqual({
      ...DEFAULT_ORDER_LIMITS,
      addressLimitFromEnvironment: null,
      version: expect.any(Number),
    })
    expect(first.headers['cache-control']).toBe('private, no-store')
    const changed = { ...DEFAULT_ORDER_LIMITS, maxQuantityPerLine: 20, maxOrderTotalGuest: 1500 }
    const response = await write(await signInAs(test, 'admin'), { ...changed, maxLinesPerOrder: '25' })
    expect(response.statusCode).toBe(200)
    expect(json(response)).toEqual({
      ...changed,
      maxLinesPerOrder: 25,
      addressLimitFromEnvironment: null,
      version: json<{ version: number }>(first).version + 1,
    })
    expect(json(await read(manager))).toEqual(json(response))
    expect((await auditRows(test.db, 'settings', 'order_limits')).at(-1)).toMatchObject({
      action: 'update',
      before: DEFAULT_ORDER_LIMITS,
      after: { ...changed, maxLinesPerOrder: 25 },
    })
  })

  it.each([
    [{ maxQuantityPerLine: 0 }, 'maxQuantityPerLine', 10_000],
    [{ maxQuantityPerLine: 1.5 }, 'maxQuantityPerLine', 10_000],
    [{ maxLinesPerOrder: 101 }, 'maxLinesPerOrder', 100],
    [{ maxOrderTotalGuest: 'puno' }, 'maxOrderTotalGuest', 1_000_000],
    [{ maxOrderTotalCustomer: -5 }, 'maxOrderTotalCustomer', 1_000_000],
    [{ maxOrdersPerAddressPerHour: null }, 'maxOrdersPerAddressPerHour', 100_000],
    [{ maxOrdersPerEmailPerHour: undefined }, 'maxOrdersPerEmailPerHour', 100_000],
  ])('refuses %j with 400 and the field bound, saving nothing', async (change, _field, max) => {
    const before = json(await read(manager))
    const response = await write(manager, { ...DEFAULT_ORDER_LIMITS, ...change })
    expectErrorAnswer(response, 400, {
      message: text.wholeNumber.replace('{max}', String(max)),
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
    })
    expect(json(await read(manager))).toEqual(before)
  })
})

describe('POST /api/orders within the limits', () => {
  it('refuses the 100-line prank at full stock with 422, taking nothing', async () => {
    const products = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        createProduct(test.db, { name: `Zaliha ${index}`, price: 30, stock: 100 }),
      ),
    )
    const before = await orderCount()
    const response = await place(products.map((product) => ({ product, quantity: 100 })))
    expect(response.statusCode).toBe(422)
    expect(json(response)).toEqual(
      refused(text.quantityPerLine.replace('{unit}', 'kom').replace('{name}', 'Zaliha 0').replace('{max}', '50')),
    )
    expect(await orderCount()).toBe(before)
    expect(await productStock(test.db, products[0]!.id)).toBe(100)
  })

  it('names each limit: pieces of one product, products per order, the total of a guest and of a customer', async () => {
    const cheap = await Promise.all(
      Array.from({ length: 31 }, (_, index) =>
        createProduct(test.db, { name: `Vijak ${index}`, price: 1, stock: 100 }),
      ),
    )
    const pricey = await createProduct(test.db, { name: 'Kosilica', price: 1000, stock: 10 })
    const cases: [Line[], Record<string, string>, string][] = [
      [
        [{ product: cheap[0]!, quantity: 51 }],
        {},
        text.quantityPerLine.replace('{unit}', 'kom').replace('{name}', 'Vijak 0').replace('{max}', '50'),
      ],
      [
        cheap.map((product) => ({ product, quantity: 1 })),
        {},
        text.linesPerOrder.replace('{max}', '30').replace('{count}', '31'),
      ],
      [
        [{ product: pricey, quantity: 4 }],
        {},
        text.orderTotal.replace('{total}', '4.000,00 KM').replace('{max}', '3.000,00 KM'),
      ],
      [
        [{ product: pricey, quantity: 6 }],
        await signInAs(test, 'user'),
        text.orderTotal.replace('{total}', '6.000,00 KM').replace('{max}', '5.000,00 KM'),
      ],
    ]
    for (const [lines, headers, message] of cases) {
      const response = await place(lines, { headers })
      expect(response.statusCode, message).toBe(422)
      expect(json(response)).toEqual(refused(message))
    }
    // At the limits exactly: 50 pieces, 30 products, 3,000 KM of goods (free shipping).
    expect((await place([{ product: cheap[0]!, quantity: 50 }])).statusCode).toBe(201)
    expect((await place(cheap.slice(0, 30).map((product) => ({ product, quantity: 1 })))).statusCode).toBe(201)
    expect((await place([{ product: pricey, quantity: 3 }])).statusCode).toBe(201)
    expect(
      (await place([{ product: pricey, quantity: 5 }], { headers: await signInAs(test, 'user') })).statusCode,
    ).toBe(201)
  })

  it('counts two lines of one product together, so that splitting a line does not pass', async () => {
    const product = await createProduct(test.db, { name: 'Cement', price: 10, stock: 100 })
    const response = await place([
      { product, quantity: 30 },
      { product, quantity: 30 },
    ])
    expect(json(response)).toEqual(
      refused(text.quantityPerLine.replace('{unit}', 'kom').replace('{name}', 'Cement').replace('{max}', '50')),
    )
  })

  it('names the unit of a line above the limit and lets an exempt product through (units of measure)', async () => {
    const rope = await createProduct(test.db, { name: 'Uže', price: 1, stock: 500 })
    const cable = await createProduct(test.db, { name: 'Kabel', price: 1, stock: 500 })
    await test.db.query(`update products set unit = 'm' where id = $1`, [rope.id])
    await test.db.query(`update products set unit = 'm', no_line_limit = true where id = $1`, [cable.id])
    const before = await orderCount()
    const refusedRope = await place([{ product: rope, quantity: 51 }])
    expect(refusedRope.statusCode).toBe(422)
    expect(json(refusedRope)).toEqual(
      refused('Najviše 50 m. proizvoda "Uže" po narudžbi. Za veću količinu nazovite nas ili pišite nam.'),
    )
    expect(await orderCount()).toBe(before)
    const placed = await place([{ product: cable, quantity: 51 }])
    expect(placed.statusCode).toBe(201)
    expect(await productStock(test.db, cable.id)).toBe(449)
  })

  it('applies a changed limit to the next order', async () => {
    const product = await createProduct(test.db, { name: 'Lopata', price: 20, stock: 50 })
    expect((await place([{ product, quantity: 5 }])).statusCode).toBe(201)
    await saveLimits({ maxQuantityPerLine: 4, maxOrdersPerAddressPerHour: 100_000, maxOrdersPerEmailPerHour: 100_000 })
    const response = await place([{ product, quantity: 5 }])
    expect(json(response)).toEqual(
      refused(text.quantityPerLine.replace('{unit}', 'kom').replace('{name}', 'Lopata').replace('{max}', '4')),
    )
    const limits = await test.app.inject({ method: 'GET', url: '/api/orders/limits' })
    expect(json(limits)).toEqual({ limits: { maxQuantityPerLine: 4, maxLinesPerOrder: 30, maxOrderTotal: 3000 } })
  })

  it('does not limit wholesale buyers or staff, and flags none of their orders', async () => {
    const product = await createProduct(test.db, {
      name: 'Paleta crijepa',
      price: 100,
      wholesalePrice: 80,
      stock: 1000,
    })
    for (const role of ['wholesale', 'store_manager', 'admin'] as const) {
      const response = await place([{ product, quantity: 60 }], { headers: await signInAs(test, role) })
      expect(response.statusCode, role).toBe(201)
      expect((await stored(json<{ id: string }>(response).id)).suspicion_reasons).toEqual([])
      const limits = await test.app.inject({
        method: 'GET',
        url: '/api/orders/limits',
        headers: await signInAs(test, role),
      })
      expect(json(limits)).toEqual({ limits: null })
      expect(limits.headers['cache-control']).toBe('private, no-store')
    }
  })
})

describe('orders per e-mail and per address in an hour', () => {
  it('refuses the third order of an e-mail with 429 TOO_MANY_ORDERS when staff allow 2, whatever its case', async () => {
    await saveLimits({ maxOrdersPerEmailPerHour: 2, maxOrdersPerAddressPerHour: 100_000 })
    const product = await createProduct(test.db, { price: 5, stock: 20 })
    const email = guestEmail()
    expect((await place([{ product, quantity: 1 }], { email })).statusCode).toBe(201)
    expect((await place([{ product, quantity: 1 }], { email: email.toUpperCase() })).statusCode).toBe(201)
    const response = await place([{ product, quantity: 1 }], { email })
    expect(response.statusCode).toBe(429)
    expect(json(response)).toEqual(refused(text.tooManyFromEmail, 'TOO_MANY_ORDERS', 'Too Many Requests'))
    expect(await productStock(test.db, product.id)).toBe(18)
    // Another e-mail is not held up; a customer is counted by the account's e-mail.
    expect((await place([{ product, quantity: 1 }])).statusCode).toBe(201)
    const user = await createUser(test.db, { email: guestEmail() })
    const token = await test.app.tokens.sign({ userId: user.id, role: 'user', tokenVersion: 0 })
    const headers = { authorization: `Bearer ${token}` }
    await place([{ product, quantity: 1 }], { email: user.email })
    expect((await place([{ product, quantity: 1 }], { headers, email: 'drugi@kupac.ba' })).statusCode).toBe(201)
    expect((await place([{ product, quantity: 1 }], { headers })).statusCode).toBe(429)
  })

  it('refuses the third order from one address with 429 when staff allow 2; wholesale is not counted', async () => {
    await saveLimits({ maxOrdersPerAddressPerHour: 2, maxOrdersPerEmailPerHour: 100_000 })
    const product = await createProduct(test.db, { price: 5, stock: 20 })
    const address = freshAddress()
    const wholesale = await signInAs(test, 'wholesale')
    expect((await place([{ product, quantity: 1 }], { address })).statusCode).toBe(201)
    expect((await place([{ product, quantity: 1 }], { address, headers: wholesale })).statusCode).toBe(201)
    // A refused form is not counted (validation runs first).
    const invalid = await test.app.inject({ method: 'POST', url: '/api/orders', remoteAddress: address, payload: {} })
    expect(invalid.statusCode).toBe(400)
    expect((await place([{ product, quantity: 1 }], { address })).statusCode).toBe(201)
    const response = await place([{ product, quantity: 1 }], { address })
    expect(response.statusCode).toBe(429)
    expect(json(response)).toEqual(refused(text.tooManyFromAddress, 'TOO_MANY_ORDERS', 'Too Many Requests'))
    expect((await place([{ product, quantity: 1 }], { address, headers: wholesale })).statusCode).toBe(201)
    expect((await place([{ product, quantity: 1 }], { address: freshAddress() })).statusCode).toBe(201)
  })

  it('counts an address across two API processes sharing Redis; ORDERS_PER_ADDRESS_PER_HOUR wins over staff', async () => {
    // The first process follows its staff (3 an hour); the second its operator (3), over its staff's 10.
    await saveLimits({ maxOrdersPerAddressPerHour: 3, maxOrdersPerEmailPerHour: 100_000 })
    const second = await buildTestApp({ REDIS_URL, ORDERS_PER_ADDRESS_PER_HOUR: '3' })
    const address = freshAddress()
    try {
      const settings = await second.app.inject({
        method: 'GET',
        url: '/api/settings/order-limits',
        headers: await signInAs(second, 'store_manager'),
      })
      expect(json(settings)).toMatchObject({ maxOrdersPerAddressPerHour: 10, addressLimitFromEnvironment: 3 })
      await setShippingSettings(second.db, SHIPPING_SETTINGS)
      const products = [
        await createProduct(test.db, { price: 5, stock: 20 }),
        await createProduct(second.db, { price: 5, stock: 20 }),
      ]
      const statuses = []
      for (const index of [0, 1, 0, 1, 0]) {
        const app = index === 0 ? test : second
        statuses.push((await place([{ product: products[index]!, quantity: 1 }], { address, app })).statusCode)
      }
      expect(statuses).toEqual([201, 201, 201, 429, 429])
    } finally {
      const redis = new Redis(REDIS_URL)
      const keys = await redis.keys(`*${address}*`)
      if (keys.length > 0) await redis.del(...keys)
      redis.disconnect()
      await second.close()
    }
  })
})

describe('the daily cap of a product per buyer', () => {
  /** A phone nobody else in the file orders with. */
  const freshPhone = () => `+387 6${randomInt(0, 9)} ${randomInt(100, 999)} ${randomInt(100, 999)}`
  const stranger = () => ({
    email: guestEmail(),
    address: freshAddress(),
    phone: freshPhone(),
  })
  const hotProduct = async (cap: number | null, name = `Akcijski TV ${randomUUID().slice(0, 6)}`) => {
    const product = await createProduct(test.db, { name, price: 10, stock: 1000 })
    await test.db.query('update products set max_per_buyer_per_day = $2 where id = $1', [product.id, cap])
    return product
  }
  const remaining = (name: string, left: number, max: number) =>
    refused(
      `Proizvod "${name}" danas možete naručiti još najviše ${left} kom. (najviše ${max} kom. dnevno po kupcu). Za veću količinu nazovite nas ili pišite nam.`,
    )
  const reached = (name: string, max: number) =>
    refused(
      `Proizvod "${name}" danas više ne možete naručiti (najviše ${max} kom. dnevno po kupcu). Pokušajte sutra ili nas nazovite.`,
    )

  it("counts a buyer's orders of the day and names how many are still allowed, taking nothing when refused", async () => {
    const product = await hotProduct(5)
    const buyer = stranger()
    expect((await place([{ product, quantity: 3 }], buyer)).statusCode).toBe(201)
    const over = await place([{ product, quantity: 3 }], { ...buyer, address: freshAddress() })
    expectErrorAnswer(over, 422, remaining(product.name, 2, 5))
    expect(await productStock(test.db, product.id)).toBe(997)
    expect((await place([{ product, quantity: 2 }], buyer)).statusCode).toBe(201)
    expectErrorAnswer(await place([{ product, quantity: 1 }], buyer), 422, reached(product.name, 5))
  })

  it.each([
    ['the network address', (buyer: ReturnType<typeof stranger>) => ({ ...stranger(), address: buyer.address })],
    [
      'the e-mail in another letter case',
      (buyer: ReturnType<typeof stranger>) => ({ ...stranger(), email: ` ${buyer.email.toUpperCase()}` }),
    ],
    [
      'the phone written another way',
      (buyer: ReturnType<typeof stranger>) => ({ ...stranger(), phone: `0${buyer.phone.slice(5).replace(/ /g, '-')}` }),
    ],
  ])('matches the buyer by %s alone', async (_case, sameBuyer) => {
    const product = await hotProduct(2)
    const buyer = stranger()
    expect((await place([{ product, quantity: 2 }], buyer)).statusCode).toBe(201)
    expectErrorAnswer(await place([{ product, quantity: 1 }], sameBuyer(buyer)), 422, reached(product.name, 2))
    expect((await place([{ product, quantity: 2 }], stranger())).statusCode).toBe(201)
  })

  it("counts two lines of one product together, and no cancelled order or yesterday's", async () => {
    const product = await hotProduct(4)
    const buyer = stranger()
    const first = await place([{ product, quantity: 2 }], buyer)
    expectErrorAnswer(
      await place(
        [
          { product, quantity: 1 },
          { product, quantity: 2 },
        ],
        buyer,
      ),
      422,
      remaining(product.name, 2, 4),
    )
    await test.db.query(`update orders set status = 'cancelled' where id = $1`, [json<{ id: string }>(first).id])
    const second = await place([{ product, quantity: 4 }], buyer)
    expect(second.statusCode).toBe(201)
    await test.db.query(`update orders set created_at = now() - interval '1 day' where id = $1`, [
      json<{ id: string }>(second).id,
    ])
    expect((await place([{ product, quantity: 4 }], buyer)).statusCode).toBe(201)
  })

  it("applies the shop's cap set by staff to every product; a hot product's own cap wins", async () => {
    const plain = await hotProduct(null)
    const hot = await hotProduct(1)
    const roomy = await hotProduct(10)
    const buyer = stranger()
    expect((await place([{ product: plain, quantity: 8 }], buyer)).statusCode).toBe(201)
    const saved = await saveLimits({ maxPerProductPerBuyerPerDay: 3 })
    expect(saved.maxPerProductPerBuyerPerDay).toBe(3)
    expectErrorAnswer(await place([{ product: plain, quantity: 1 }], buyer), 422, reached(plain.name, 3))
    expectErrorAnswer(await place([{ product: hot, quantity: 2 }], buyer), 422, remaining(hot.name, 1, 1))
    expect((await place([{ product: roomy, quantity: 6 }], buyer)).statusCode).toBe(201)
  })

  it('does not cap wholesale buyers or staff', async () => {
    const product = await hotProduct(1)
    for (const role of ['wholesale', 'store_manager', 'admin'] as const) {
      const response = await place([{ product, quantity: 3 }], { headers: await signInAs(test, role) })
      expect(response.statusCode, role).toBe(201)
    }
  })

  it('lets staff leave the shop-wide cap empty and refuses anything but a whole number', async () => {
    const payload = { ...DEFAULT_ORDER_LIMITS, maxPerProductPerBuyerPerDay: '' }
    const write = (body: unknown) => saveSettings(test, ORDER_LIMITS_FORM, body, manager)
    expect(json(await write(payload))).toMatchObject({ maxPerProductPerBuyerPerDay: null })
    for (const value of [0, 2.5, 'puno', 100_001]) {
      expectErrorAnswer(await write({ ...payload, maxPerProductPerBuyerPerDay: value }), 400, {
        message: 'Unesite cijeli broj od 1 do 100000 ili ostavite prazno',
        error: 'Bad Request',
        code: 'VALIDATION_FAILED',
      })
    }
  })

  it('lets exactly one of ten concurrent orders of one buyer through a cap of 1', async () => {
    const product = await hotProduct(1)
    const buyer = stranger()
    // Each from its own address: only the e-mail and phone tie them together.
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => place([{ product, quantity: 1 }], { ...buyer, address: freshAddress() })),
    )
    const statuses = responses.map((response) => response.statusCode).sort()
    expect(statuses).toEqual([201, ...Array.from({ length: 9 }, () => 422)])
    expect(await productStock(test.db, product.id)).toBe(999)
  })
})

describe('suspicious orders', () => {
  type StaffList = { data: { id: string; suspicion: string[] }[]; total: number }
  const list = async (query: string) =>
    json<StaffList>(await test.app.inject({ method: 'GET', url: `/api/orders?limit=100&${query}`, headers: manager }))

  it('stores the address and the reasons of an order near the limits, and lists it under Sumnjive', async () => {
    const product = await createProduct(test.db, { name: 'Bušilica', price: 60, stock: 100 })
    const address = freshAddress()
    const ordinary = json<{ id: string }>(await place([{ product, quantity: 2 }], { address: freshAddress() }))
    const near = json<{ id: string }>(await place([{ product, quantity: 40 }], { address }))
    expect(await stored(near.id)).toEqual({
      client_address: address,
      suspicion_reasons: [
        'Količina blizu granice: "Bušilica" 40 kom. (granica 50)',
        'Iznos blizu granice: 2.400,00 KM (granica 3.000,00 KM)',
      ],
    })
    expect((await stored(ordinary.id)).suspicion_reasons).toEqual([])

    const suspicious = await list('suspicious=true')
    expect(suspicious.data.find((order) => order.id === near.id)?.suspicion).toEqual(
      (await stored(near.id)).suspicion_reasons,
    )
    expect(suspicious.data.every((order) => order.suspicion.length > 0)).toBe(true)
    expect(suspicious.data.some((order) => order.id === ordinary.id)).toBe(false)
    const others = await list('suspicious=false')
    expect(others.data.find((order) => order.id === ordinary.id)?.suspicion).toEqual([])
    expect(others.data.some((order) => order.id === near.id)).toBe(false)
    const bad = await test.app.inject({ method: 'GET', url: '/api/orders?suspicious=maybe', headers: manager })
    expect(bad.statusCode).toBe(400)
    // The customer's own view of the order says nothing of it.
    const confirmation = json(await test.app.inject({ method: 'GET', url: `/api/orders/${near.id}` }))
    expect(confirmation).not.toHaveProperty('suspicion')
  })

  it('is cleared by staff who checked the order: the flag goes, the audit log keeps the reasons and who', async () => {
    const product = await createProduct(test.db, { name: 'Kosilica', price: 60, stock: 100 })
    const near = json<{ id: string }>(await place([{ product, quantity: 45 }], { address: freshAddress() }))
    const reasons = (await stored(near.id)).suspicion_reasons
    expect(reasons.length).toBeGreaterThan(0)
    const clear = (headers: Record<string, string>, id = near.id) =>
      test.app.inject({ method: 'DELETE', url: `/api/orders/${id}/suspicion`, headers })

    // Staff only, checked on the server.
    expect((await clear({})).statusCode).toBe(401)
    for (const role of ['user', 'wholesale'] as const) {
      const refused = await clear(await signInAs(test, role))
      expect(refused.statusCode, role).toBe(403)
    }
    expect((await stored(near.id)).suspicion_reasons).toEqual(reasons)
    const missing = await clear(manager, randomUUID())
    expect(missing.statusCode).toBe(404)
    expect(json<{ code: string }>(missing).code).toBe('ORDER_NOT_FOUND')
    expect((await clear(manager, 'not-an-order')).statusCode).toBe(404)

    const cleared = await clear(manager)
    expect(cleared.statusCode).toBe(200)
    expect(json<{ id: string; suspicion: string[] }>(cleared)).toMatchObject({ id: near.id, suspicion: [] })
    expect((await stored(near.id)).suspicion_reasons).toEqual([])
    expect((await list('suspicious=true')).data.some((order) => order.id === near.id)).toBe(false)
    expect((await list('suspicious=false')).data.some((order) => order.id === near.id)).toBe(true)
    const audit = (await auditRows(test.db, 'order', near.id)).filter((row) => row.action === 'order.suspicion_cleared')
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ before: { suspicion: reasons }, after: { suspicion: [] } })
    expect(audit[0]!.actor_email).toBeTruthy()

    // An admin may too; clearing an ordinary order changes nothing and records nothing.
    const again = await clear(await signInAs(test, 'admin'))
    expect(again.statusCode).toBe(200)
    expect(
      (await auditRows(test.db, 'order', near.id)).filter((row) => row.action === 'order.suspicion_cleared'),
    ).toHaveLength(1)
  })

  it('flags the third order of an hour from one address and from one e-mail', async () => {
    const product = await createProduct(test.db, { price: 5, stock: 20 })
    const address = freshAddress()
    const email = guestEmail()
    const reasons = []
    for (let index = 0; index < 3; index += 1) {
      const order = json<{ id: string }>(await place([{ product, quantity: 1 }], { address, email }))
      reasons.push((await stored(order.id)).suspicion_reasons)
    }
    expect(reasons).toEqual([
      [],
      [],
      ['3. narudžba s iste internetske adrese u sat vremena', '3. narudžba s iste e-mail adrese u sat vremena'],
    ])
  })

  it('flags a total ten times the average of recent orders, once there are 20 to judge by', async () => {
    const product = await createProduct(test.db, { name: 'Roštilj', price: 700, stock: 10 })
    await test.db.query(
      `insert into orders (email, status, total, shipping_address, created_at)
       select 'prosjek@kupac.ba', 'completed', 50, '{}'::jsonb, now() - interval '1 day' from generate_series(1, 5000)`,
    )
    // The average is kept for 10 minutes; the clock moves past that.
    test.clock.now += 11 * 60 * 1000
    try {
      const order = json<{ id: string; total: number }>(await place([{ product, quantity: 1 }]))
      const { rows } = await test.db.query<{ average: string }>(
        `select round(avg(total), 2)::text as average from orders where created_at > now() - interval '90 days' and status <> 'cancelled' and id <> $1`,
        [order.id],
      )
      expect(Number(rows[0]!.average)).toBeLessThan(70)
      expect((await stored(order.id)).suspicion_reasons).toEqual([
        expect.stringMatching(/^Iznos 700,00 KM je \d+ puta veći od prosječne narudžbe \(\d+,\d\d KM\)$/),
      ])
    } finally {
      await test.db.query(`delete from orders where email = 'prosjek@kupac.ba'`)
      test.clock.now = Date.now()
    }
  })
})
