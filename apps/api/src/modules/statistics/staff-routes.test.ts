import { beforeAll, describe, expect, it } from 'vitest'
import { messages } from '@shop/shared/messages/bs.ts'
import { STATISTICS_STATUSES } from '@shop/shared/rules/statistics.ts'
import type { StatisticsOrderPage, StatisticsView } from '@shop/shared/schemas/admin-statistics.ts'
import { json, signInAs } from '../../../test/helpers.ts'
import {
  createProduct,
  placeOrder,
  type CreatedProduct,
  type OrderLine,
  useOrderTestApp,
} from '../orders/test-fixtures.ts'
import { useSignInAs } from '../../../test/support/use-test-app.ts'

const text = messages.adminStatistics

const test = useOrderTestApp({}, { liftLimits: false })
const manager = useSignInAs(test, 'store_manager')
const admin = useSignInAs(test, 'admin')

type PlacedOrder = { id: string; status: string; createdAt: string; items: number; revenue: number; customer: string }

/** Places an order through the real order API, then moves it to an exact moment and status by SQL. */
async function placeOrderAt(createdAt: string, status: string, lines: OrderLine[], fullName = 'Ana Anić') {
  const order = await placeOrder<{ id: string; total: number; shippingCost: number }>(test, lines)
  expect(order.shippingCost).toBeGreaterThan(0)
  await test.db.query(
    `update orders set created_at = $2, status = $3,
            shipping_address = jsonb_set(shipping_address, '{full_name}', to_jsonb($4::text))
      where id = $1`,
    [order.id, createdAt, status, fullName],
  )
  return {
    id: order.id,
    status,
    createdAt: new Date(createdAt).toISOString(),
    items: lines.reduce((sum, line) => sum + line.quantity, 0),
    revenue: Math.round((order.total - order.shippingCost) * 100) / 100,
    customer: fullName,
  } satisfies PlacedOrder
}

const get = (url: string, headers = manager) => test.app.inject({ method: 'GET', url, headers })
const statistics = async (query: string, headers = manager) => {
  const response = await get(`/api/statistics?${query}`, headers)
  expect(response.statusCode, response.body).toBe(200)
  return json<StatisticsView>(response)
}
/** Waits until the month's roll-up is current again (it is rebuilt after the answer that found it outdated). */
async function rolledUp(month: string) {
  await expect
    .poll(async () => {
      const { rows } = await test.db.query<{ current: boolean }>(
        `select exists (select 1 from statistics_months where month = $1)
            and not exists (select 1 from statistics_dirty_months where month = $1) as current`,
        [month],
      )
      return rows[0]!.current
    })
    .toBe(true)
}

async function isDirty(month: string): Promise<boolean> {
  const { rows } = await test.db.query('select 1 from statistics_dirty_months where month = $1', [month])
  return rows.length > 0
}

const sum = (values: number[]) => Math.round(values.reduce((total, value) => total + value, 0) * 100) / 100

describe('who may read statistics', () => {
  const urls = [
    '/api/statistics?from=2025-01-01&to=2025-01-31',
    '/api/statistics/orders?from=2025-01-01&to=2025-01-31&page=1',
    '/api/statistics/orders.csv?from=2025-01-01&to=2025-01-31',
  ]

  it('refuses anonymous callers with 401 and users and wholesale customers with 403', async () => {
    const user = await signInAs(test, 'user')
    const wholesale = await signInAs(test, 'wholesale')
    for (const url of urls) {
      expect((await get(url, {})).statusCode).toBe(401)
      expect((await get(url, user)).statusCode).toBe(403)
      expect((await get(url, wholesale)).statusCode).toBe(403)
    }
  })

  it('answers store managers and admins', async () => {
    for (const url of urls) {
      expect((await get(url, manager)).statusCode).toBe(200)
      expect((await get(url, admin)).statusCode).toBe(200)
    }
  })
})

describe('figures of a UTC day range', () => {
  let tools: CreatedProduct
  let chocolate: CreatedProduct
  let nails: CreatedProduct
  let coffee: CreatedProduct
  let inside: PlacedOrder[]

  beforeAll(async () => {
    tools = await createProduct(test.db, { name: 'Čekić', price: 10, stock: 100 })
    chocolate = await createProduct(test.db, { name: 'Čokolada šumska', price: 25.5, stock: 100 })
    nails = await createProduct(test.db, { name: 'Ekseri', price: 7, stock: 100 })
    coffee = await createProduct(test.db, { name: 'Kava Đurđa', price: 4.2, stock: 100 })
    // One second either side of each UTC boundary of the range 2025-03-10 .. 2025-03-12.
    await placeOrderAt('2025-03-09T23:59:59Z', 'completed', [{ product: tools, quantity: 9 }])
    inside = [
      await placeOrderAt('2025-03-10T00:00:00Z', 'pending', [{ product: tools, quantity: 2 }]),
      await placeOrderAt('2025-03-10T00:00:01Z', 'processing', [
        { product: chocolate, quantity: 1 },
        { product: nails, quantity: 3 },
      ]),
      await placeOrderAt('2025-03-10T23:59:59Z', 'shipped', [{ product: tools, quantity: 1 }]),
      await placeOrderAt('2025-03-11T00:00:00Z', 'cancelled', [{ product: chocolate, quantity: 2 }]),
      await placeOrderAt('2025-03-11T12:00:00Z', 'ready_for_pickup', [{ product: tools, quantity: 1 }]),
      await placeOrderAt('2025-03-12T23:59:59.999Z', 'completed', [
        { product: nails, quantity: 4 },
        { product: tools, quantity: 1 },
        { product: coffee, quantity: 5 },
      ]),
    ]
    await placeOrderAt('2025-03-13T00:00:00Z', 'completed', [{ product: nails, quantity: 9 }])
    await placeOrderAt('2025-03-13T00:00:01Z', 'pending', [{ product: chocolate, quantity: 9 }])
    // A product deleted after it was sold is still counted, under the name its lines carry.
    await test.db.query('delete from products where id = $1', [coffee.id])
  })

  it('counts the orders from the first second of the first day to the last second of the last day', async () => {
    const view = await statistics('from=2025-03-10&to=2025-03-12')
    expect(view).toMatchObject({ from: '2025-03-10', to: '2025-03-12', status: null })
    expect(view.totals).toEqual({
      totalOrders: 6,
      totalItems: 2 + 4 + 1 + 2 + 1 + 10,
      revenue: sum(inside.map((order) => order.revenue)),
    })
    expect(view.totals.revenue).toBe(2 * 10 + 25.5 + 21 + 10 + 51 + 10 + 28 + 10 + 21)
  })

  it('puts each order on its UTC day and lists every day of the range', async () => {
    const view = await statistics('from=2025-03-08&to=2025-03-14')
    const revenueOn = (day: string) => sum(inside.filter((o) => o.createdAt.startsWith(day)).map((o) => o.revenue))
    expect(view.days).toEqual([
      { date: '2025-03-08', orders: 0, revenue: 0 },
      { date: '2025-03-09', orders: 1, revenue: 90 },
      { date: '2025-03-10', orders: 3, revenue: revenueOn('2025-03-10') },
      { date: '2025-03-11', orders: 2, revenue: revenueOn('2025-03-11') },
      { date: '2025-03-12', orders: 1, revenue: revenueOn('2025-03-12') },
      { date: '2025-03-13', orders: 2, revenue: 63 + 229.5 },
      { date: '2025-03-14', orders: 0, revenue: 0 },
    ])
    expect(view.totals.totalOrders).toBe(9)
  })

  it('answers one day alone, boundaries included', async () => {
    expect((await statistics('from=2025-03-10&to=2025-03-10')).totals.totalOrders).toBe(3)
    expect((await statistics('from=2025-03-13&to=2025-03-13')).totals.totalOrders).toBe(2)
    expect((await statistics('from=2025-03-09&to=2025-03-09')).totals).toEqual({
      totalOrders: 1,
      totalItems: 9,
      revenue: 90,
    })
  })

  it.each(STATISTICS_STATUSES)('filters by the status %s', async (status) => {
    const view = await statistics(`from=2025-03-10&to=2025-03-12&status=${status}`)
    const expected = inside.filter((order) => order.status === status)
    expect(view.status).toBe(status)
    expect(view.totals).toEqual({
      totalOrders: expected.length,
      totalItems: expected.reduce((total, order) => total + order.items, 0),
      revenue: sum(expected.map((order) => order.revenue)),
    })
    expect(view.orders.data.map((order) => order.id)).toEqual(expected.toReversed().map((order) => order.id))
    expect(sum(view.days.map((day) => day.orders))).toBe(expected.length)
  })

  it('names the top products by quantity and by revenue, a deleted one under its line name', async () => {
    const view = await statistics('from=2025-03-10&to=2025-03-12')
    expect(view.topProducts.byQuantity).toEqual([
      { productId: nails.id, name: 'Ekseri', quantity: 7, revenue: 49 },
      { productId: tools.id, name: 'Čekić', quantity: 5, revenue: 50 },
      { productId: null, name: 'Kava Đurđa', quantity: 5, revenue: 21 },
      { productId: chocolate.id, name: 'Čokolada šumska', quantity: 3, revenue: 76.5 },
    ])
    expect(view.topProducts.byRevenue.map((product) => [product.name, product.revenue])).toEqual([
      ['Čokolada šumska', 76.5],
      ['Čekić', 50],
      ['Ekseri', 49],
      ['Kava Đurđa', 21],
    ])
  })

  it('gives the first page of the table with the order rows, newest first', async () => {
    const view = await statistics('from=2025-03-10&to=2025-03-12')
    expect(view.orders).toMatchObject({ total: 6, page: 1, pages: 1, limit: 20 })
    const newest = inside.at(-1)!
    expect(view.orders.data[0]).toEqual({
      id: newest.id,
      createdAt: '2025-03-12T23:59:59.999Z',
      customer: 'Ana Anić',
      email: expect.stringMatching(/@kupac\.ba$/),
      status: 'completed',
      items: 10,
      revenue: newest.revenue,
    })
    expect(view.orders.data.map((order) => order.id)).toEqual(inside.toReversed().map((order) => order.id))
  })

  it('pages the table on the server without gaps or repeats', async () => {
    const seen: string[] = []
    for (let page = 1; page <= 4; page += 1) {
      const response = await get(`/api/statistics/orders?from=2025-03-10&to=2025-03-12&page=${page}&limit=2`)
      expect(response.statusCode).toBe(200)
      const body = json<StatisticsOrderPage>(response)
      expect(body).toMatchObject({ total: 6, page, pages: 3, limit: 2 })
      expect(body.data.length).toBe(page <= 3 ? 2 : 0)
      seen.push(...body.data.map((order) => order.id))
    }
    expect(seen).toEqual(inside.toReversed().map((order) => order.id))
  })

  it('follows a status change and a delete made through the staff API after the month was rolled up', async () => {
    const product = await createProduct(test.db, { name: 'Lopata', price: 30, stock: 10 })
    const order = await placeOrderAt('2025-04-02T10:00:00Z', 'pending', [{ product, quantity: 2 }])
    const other = await placeOrderAt('2025-04-03T10:00:00Z', 'pending', [{ product, quantity: 1 }])
    // The first call builds April's roll-up; the changes below must reach it.
    expect((await statistics('from=2025-04-01&to=2025-04-30&status=pending')).totals).toEqual({
      totalOrders: 2,
      totalItems: 3,
      revenue: 90,
    })
    await rolledUp('2025-04-01')
    const changed = await test.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      payload: { status: 'shipped' },
      headers: manager,
    })
    expect(changed.statusCode).toBe(200)
    expect(await isDirty('2025-04-01')).toBe(true)
    // Read from the orders while the roll-up is outdated, then from the rebuilt roll-up: the same.
    for (let reading = 0; reading < 2; reading += 1) {
      const shipped = await statistics('from=2025-04-01&to=2025-04-30&status=shipped')
      expect(shipped.totals).toEqual({ totalOrders: 1, totalItems: 2, revenue: 60 })
      expect(shipped.topProducts.byQuantity).toEqual([
        { productId: product.id, name: 'Lopata', quantity: 2, revenue: 60 },
      ])
      expect(shipped.days.find((day) => day.date === '2025-04-02')).toEqual({
        date: '2025-04-02',
        orders: 1,
        revenue: 60,
      })
      expect((await statistics('from=2025-04-01&to=2025-04-30&status=pending')).totals.totalOrders).toBe(1)
      await rolledUp('2025-04-01')
    }

    const removed = await test.app.inject({ method: 'DELETE', url: `/api/orders/${other.id}`, headers: admin })
    expect(removed.statusCode).toBe(200)
    for (let reading = 0; reading < 2; reading += 1) {
      expect((await statistics('from=2025-04-01&to=2025-04-30')).totals).toEqual({
        totalOrders: 1,
        totalItems: 2,
        revenue: 60,
      })
      await rolledUp('2025-04-01')
    }
  })

  it('keeps a deleted product under its line name in a rolled-up month, for every status and each', async () => {
    const kept = await createProduct(test.db, { name: 'Motika', price: 20, stock: 20 })
    const gone = await createProduct(test.db, { name: 'Sjekira Šumar', price: 45, stock: 20 })
    await placeOrderAt('2025-07-01T00:00:00Z', 'completed', [{ product: gone, quantity: 2 }])
    await placeOrderAt('2025-07-31T23:59:59Z', 'cancelled', [
      { product: gone, quantity: 1 },
      { product: kept, quantity: 3 },
    ])
    await placeOrderAt('2025-08-01T00:00:00Z', 'completed', [{ product: kept, quantity: 7 }])
    await statistics('from=2025-07-01&to=2025-07-31')
    await rolledUp('2025-07-01')
    await test.db.query('delete from products where id = $1', [gone.id])
    expect(await isDirty('2025-07-01')).toBe(true)
    await statistics('from=2025-07-01&to=2025-07-31')
    await rolledUp('2025-07-01')
    const july = await statistics('from=2025-07-01&to=2025-07-31')
    expect(july.totals).toEqual({ totalOrders: 2, totalItems: 6, revenue: 90 + 45 + 60 })
    expect(july.topProducts.byRevenue).toEqual([
      { productId: null, name: 'Sjekira Šumar', quantity: 3, revenue: 135 },
      { productId: kept.id, name: 'Motika', quantity: 3, revenue: 60 },
    ])
    const cancelled = await statistics('from=2025-07-01&to=2025-07-31&status=cancelled')
    expect(cancelled.totals).toEqual({ totalOrders: 1, totalItems: 4, revenue: 105 })
    expect(cancelled.topProducts.byQuantity).toEqual([
      { productId: kept.id, name: 'Motika', quantity: 3, revenue: 60 },
      { productId: null, name: 'Sjekira Šumar', quantity: 1, revenue: 45 },
    ])
    // July whole (roll-up) and August 1 (lines) together.
    const both = await statistics('from=2025-07-01&to=2025-08-01&status=completed')
    expect(both.totals).toEqual({ totalOrders: 2, totalItems: 9, revenue: 90 + 140 })
  })

  it('builds a changed month once when calls arrive together', async () => {
    const product = await createProduct(test.db, { name: 'Grablje', price: 15, stock: 20 })
    await placeOrderAt('2025-05-05T05:00:00Z', 'completed', [{ product, quantity: 4 }])
    const answers = await Promise.all(Array.from({ length: 4 }, () => statistics('from=2025-05-01&to=2025-05-31')))
    for (const answer of answers) {
      expect(answer.totals).toEqual({ totalOrders: 1, totalItems: 4, revenue: 60 })
      expect(answer.topProducts.byQuantity).toEqual([
        { productId: product.id, name: 'Grablje', quantity: 4, revenue: 60 },
      ])
    }
  })

  it('reads the live month from the orders and the month before from its roll-up', async () => {
    const product = await createProduct(test.db, { name: 'Kanta', price: 8, stock: 20 })
    const now = new Date()
    const today = now.toISOString().slice(0, 10)
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10, 12))
    const fresh = await placeOrderAt(now.toISOString(), 'pending', [{ product, quantity: 3 }])
    await placeOrderAt(lastMonth.toISOString(), 'completed', [{ product, quantity: 5 }])
    const from = lastMonth.toISOString().slice(0, 10)
    const view = await statistics(`from=${from}&to=${today}`)
    expect(view.topProducts.byQuantity.find((line) => line.productId === product.id)).toEqual({
      productId: product.id,
      name: 'Kanta',
      quantity: 8,
      revenue: 64,
    })
    expect(view.days.find((day) => day.date === today)).toMatchObject({ orders: 1, revenue: 24 })
    expect(view.orders.data[0]!.id).toBe(fresh.id)
    // The live month changes without any roll-up: another order shows at once.
    await placeOrderAt(new Date().toISOString(), 'pending', [{ product, quantity: 1 }])
    const again = await statistics(`from=${from}&to=${today}`)
    expect(again.topProducts.byQuantity.find((line) => line.productId === product.id)?.quantity).toBe(9)
    expect(again.totals.totalOrders).toBe(view.totals.totalOrders + 1)
  })

  it('answers zeros for a range without orders', async () => {
    const view = await statistics('from=2024-01-01&to=2024-12-31')
    expect(view.totals).toEqual({ totalOrders: 0, totalItems: 0, revenue: 0 })
    expect(view.days).toHaveLength(366)
    expect(view.days.every((day) => day.orders === 0 && day.revenue === 0)).toBe(true)
    expect(view.topProducts).toEqual({ byQuantity: [], byRevenue: [] })
    expect(view.orders).toEqual({ data: [], total: 0, page: 1, pages: 1, limit: 20 })
  })
})

describe('the CSV of the table', () => {
  beforeAll(async () => {
    const product = await createProduct(test.db, { name: 'Šarafciger', price: 12.5, stock: 100 })
    await placeOrderAt('2025-06-01T08:30:00Z', 'shipped', [{ product, quantity: 3 }], 'Željka Đogić')
    await placeOrderAt('2025-06-02T23:59:59Z', 'pending', [{ product, quantity: 1 }], '=HYPERLINK("x"); Ivo\nMarić')
    await placeOrderAt('2025-06-03T00:00:00Z', 'completed', [{ product, quantity: 1 }], 'Izvan raspona')
  })

  it('is UTF-8 with a BOM, semicolons, decimal commas, CRLF and escaped cells, as an attachment', async () => {
    const response = await get('/api/statistics/orders.csv?from=2025-06-01&to=2025-06-02')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe('attachment; filename="statistika-2025-06-01-2025-06-02.csv"')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const [ids] = await Promise.all([
      test.db.query<{ id: string }>(
        `select id from orders where created_at >= '2025-06-01' and created_at < '2025-06-03' order by created_at desc`,
      ),
    ])
    const [second, first] = ids.rows.map((row) => row.id.slice(0, 8))
    expect(response.body).toBe(
      '\uFEFF' +
        'Datum (UTC);Narudžba;Kupac;E-mail;Status;Artikala;Prihod (KM)\r\n' +
        `2025-06-02 23:59:59;${second};"'=HYPERLINK(""x""); Ivo\nMarić";${emailOf(response.body, 1)};Na čekanju;1;12,50\r\n` +
        `2025-06-01 08:30:00;${first};Željka Đogić;${emailOf(response.body, 2)};Poslano;3;37,50\r\n`,
    )
  })

  it('follows the status filter and names the file after it', async () => {
    const response = await get('/api/statistics/orders.csv?from=2025-06-01&to=2025-06-30&status=completed')
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="statistika-2025-06-01-2025-06-30-completed.csv"',
    )
    const lines = response.body.split('\r\n')
    expect(lines).toHaveLength(3)
    expect(lines[1]).toMatch(/^2025-06-03 00:00:00;[0-9a-f]{8};Izvan raspona;[^;]+@kupac\.ba;Završeno;1;12,50$/)
    expect(lines[2]).toBe('')
  })

  it('is only the header row for a range without orders', async () => {
    const response = await get('/api/statistics/orders.csv?from=2020-01-01&to=2020-01-02')
    expect(response.body).toBe('\uFEFFDatum (UTC);Narudžba;Kupac;E-mail;Status;Artikala;Prihod (KM)\r\n')
  })
})

/** The e-mail cell of a data row (row 1 is the first after the header); e-mails are random per order. */
function emailOf(body: string, row: number): string {
  return /[0-9a-f]{8}@kupac\.ba/.exec(body.split('\r\n').filter((line) => line.includes('@kupac.ba'))[row - 1]!)![0]
}

describe('a bad filter answers 400 with its message', () => {
  const cases: [string, string][] = [
    ['to=2025-03-01', text.fromInvalid],
    ['from=2025-02-30&to=2025-03-01', text.fromInvalid],
    ['from=01.03.2025&to=2025-03-01', text.fromInvalid],
    ['from=2025-03-01', text.toInvalid],
    ['from=2025-03-01&to=2025-13-01', text.toInvalid],
    ['from=2025-03-02&to=2025-03-01', text.fromAfterTo],
    ['from=2020-01-01&to=2025-03-01', text.rangeTooLong],
    ['from=2025-03-01&to=2025-03-02&status=shipping', text.statusInvalid],
    ['from=2025-03-01&to=2025-03-02&status=ready_for_pickup', text.readyForPickupNotAllowed],
  ]

  it.each(cases)('GET /api/statistics?%s', async (query, message) => {
    for (const path of ['/api/statistics', '/api/statistics/orders', '/api/statistics/orders.csv']) {
      const response = await get(`${path}?${query}`)
      expect(response.statusCode, path).toBe(400)
      expect(json(response), path).toMatchObject({ code: 'VALIDATION_FAILED', message })
    }
  })

  it('refuses a page below 1', async () => {
    const response = await get('/api/statistics/orders?from=2025-03-01&to=2025-03-02&page=0')
    expect(response.statusCode).toBe(400)
  })

  it('accepts the longest range', async () => {
    expect((await get('/api/statistics?from=2023-01-01&to=2025-12-31')).statusCode).toBe(200)
  })
})
