import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { json, signInAs } from '../../../test/helpers.ts'
import { auditRows } from '../catalogue/test-fixtures.ts'
import { MAX_BULK_STATUS_ORDERS, type OrderBulkStatusView } from '@shop/shared/schemas/order-bulk-status.ts'
import {
  DELIVERY_ADDRESS,
  createProduct,
  placeOrder as placeOrderThrough,
  productStock,
  statusMails,
  type OrderLine,
  useOrderTestApp,
  stocksOf,
  plainAndSized,
} from './test-fixtures.ts'
import { useSignInAs } from '../../../test/support/use-test-app.ts'

const test = useOrderTestApp({ SHOP_EMAIL: 'shop@example.ba' })
const manager = useSignInAs(test, 'store_manager')
const admin = useSignInAs(test, 'admin')
const customer = useSignInAs(test, 'user')

type Order = {
  id: string
  status: string
  email: string
  total: number
  shippingAddress: Record<string, string>
  documentNumber: string | null
}
type OrderList = { data: Order[]; total: number; page: number; pages: number; limit: number }

const placeOrder = (lines: OrderLine[], address: Partial<typeof DELIVERY_ADDRESS> = {}, email?: string) =>
  placeOrderThrough<Order>(test, lines, { address, email })

const setStatus = (id: string, status: unknown, headers = manager) =>
  test.app.inject({ method: 'PATCH', url: `/api/orders/${id}/status`, payload: { status }, headers })
const remove = (id: string, headers = admin) => test.app.inject({ method: 'DELETE', url: `/api/orders/${id}`, headers })
const list = (query: string, headers = manager) =>
  test.app.inject({ method: 'GET', url: `/api/orders${query}`, headers })

describe('role matrix', () => {
  it('lets staff list and change status, admins alone delete, and nobody else in', async () => {
    const product = await createProduct(test.db, { stock: 5 })
    const order = await placeOrder([{ product, quantity: 1 }])
    const wholesale = await signInAs(test, 'wholesale')
    for (const headers of [customer, wholesale]) {
      expect((await list('', headers)).statusCode).toBe(403)
      expect((await setStatus(order.id, 'processing', headers)).statusCode).toBe(403)
      expect((await remove(order.id, headers)).statusCode).toBe(403)
    }
    expect((await list('', {})).statusCode).toBe(401)
    expect((await list('', admin)).statusCode).toBe(200)
    const other = await placeOrder([{ product, quantity: 1 }])
    expect((await setStatus(other.id, 'processing', admin)).statusCode).toBe(200)

    const refused = await remove(order.id, manager)
    expect(refused.statusCode).toBe(403)
    expect(json(refused)).toMatchObject({ message: 'Only administrators can delete orders' })
    expect((await remove(order.id, admin)).statusCode).toBe(200)
  })
})

/**
 * A cancelled order of a plain product (stock 10) and of both 'Majica' shirts in size M, one of which has been
 * sold since: reopening the order must fail for lack of stock.
 */
async function cancelledOrderSoldSince() {
  const plain = await createProduct(test.db, { stock: 10 })
  const sized = await createProduct(test.db, { name: 'Majica', options: [{ size: 'M', stock: 2 }] })
  const order = await placeOrder([
    { product: plain, quantity: 1 },
    { product: sized, quantity: 2, size: 'M' },
  ])
  await setStatus(order.id, 'cancelled')
  await placeOrder([{ product: sized, quantity: 1, size: 'M' }])
  return { plain, sized, order }
}

describe('status changes', () => {
  it('moves an order through every status, auditing and mailing the customer each time', async () => {
    const product = await createProduct(test.db, { stock: 5 })
    const order = await placeOrder([{ product, quantity: 2 }], { full_name: 'Marko Marić' })
    const path = ['processing', 'shipped', 'ready_for_pickup', 'completed', 'pending'] as const
    for (const status of path) {
      const response = await setStatus(order.id, status)
      expect(response.statusCode).toBe(200)
      expect(json<Order>(response)).toMatchObject({ id: order.id, status })
    }
    expect(await productStock(test.db, product.id)).toBe(3)

    const audit = await auditRows(test.db, 'order', order.id)
    expect(audit.map((row) => [row.action, row.before, row.after])).toEqual(
      path.map((status, index) => [
        'order.status',
        { status: index === 0 ? 'pending' : path[index - 1] },
        // The first move out of 'pending' gives the order its document number (docs/decisions.md).
        index === 0
          ? { status, heldMailId: expect.any(String), documentNumber: expect.stringMatching(/^\d{4}-\d{6}$/) }
          : { status, heldMailId: expect.any(String) },
      ]),
    )
    expect(audit[0]!.actor_email).toMatch(/@test\.ba$/)

    const mails = await statusMails(test.db, order.email)
    expect(mails).toHaveLength(path.length)
    expect(mails[1]).toMatchObject({ reply_to: 'shop@example.ba' })
    expect(mails[1]!.subject).toBe(`Narudžba #${order.id.slice(0, 8)}: Poslano – Trgovina Sovići`)
  })

  it('names the status as the customer reads it in the mail, with a link to the order', async () => {
    const product = await createProduct(test.db, { stock: 5 })
    const order = await placeOrder([{ product, quantity: 1 }], { full_name: 'Ana Anić' })
    await setStatus(order.id, 'completed')
    const [mail] = await statusMails(test.db, order.email)
    expect(mail!.subject).toContain(`Narudžba #${order.id.slice(0, 8)}: Dovršeno`)
    expect(mail!.text_body).toContain('Poštovani/a Ana Anić,')
    expect(mail!.text_body).toContain('Novi status: Dovršeno')
    // docs/decisions.md, 'The private order page': the link opens the order by a token, not by its id.
    expect(mail!.text_body).toMatch(/http:\/\/shop\.test\/narudzba\/[A-Za-z0-9_-]{43}\n/)
    expect(mail!.text_body).not.toContain(order.id)
  })

  it('changes nothing, audits nothing and mails nobody when the status is the one the order has', async () => {
    const product = await createProduct(test.db, { stock: 5 })
    const order = await placeOrder([{ product, quantity: 1 }])
    const response = await setStatus(order.id, 'pending')
    expect(response.statusCode).toBe(200)
    expect(json<Order>(response).status).toBe('pending')
    expect(await auditRows(test.db, 'order', order.id)).toEqual([])
    expect(await statusMails(test.db, order.email)).toEqual([])
  })

  it('gives stock back once on cancel and takes it again on reopening, for products and options', async () => {
    const { plain, sized } = await plainAndSized(test.db, 5, { size: 'XL', stock: 4 })
    const infinite = await createProduct(test.db, { infinite: true })
    const order = await placeOrder([
      { product: plain, quantity: 2 },
      { product: sized, quantity: 3, size: 'XL' },
      { product: infinite, quantity: 7 },
    ])
    expect(await stocksOf(test.db, plain, sized)).toEqual([3, 1])

    expect((await setStatus(order.id, 'cancelled')).statusCode).toBe(200)
    expect(await stocksOf(test.db, plain, sized)).toEqual([5, 4])
    // Cancelling again is no change: the stock is not given back twice.
    expect((await setStatus(order.id, 'cancelled')).statusCode).toBe(200)
    expect(await stocksOf(test.db, plain, sized)).toEqual([5, 4])

    expect((await setStatus(order.id, 'processing')).statusCode).toBe(200)
    expect(await stocksOf(test.db, plain, sized)).toEqual([3, 1])
    // Moving between statuses that are not 'cancelled' leaves the stock alone.
    expect((await setStatus(order.id, 'shipped')).statusCode).toBe(200)
    expect(await stocksOf(test.db, plain, sized)).toEqual([3, 1])
  })

  it('refuses to reopen a cancelled order whose stock has been sold since, with 409 and nothing moved', async () => {
    const { plain, sized, order } = await cancelledOrderSoldSince()
    const response = await setStatus(order.id, 'pending')
    expect(response.statusCode).toBe(409)
    expect(json(response)).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      message: 'Otkazana narudžba ne može se vratiti: Not enough stock available for Majica (M)',
    })
    expect(await stocksOf(test.db, plain, sized)).toEqual([10, 1])
    const stored = json<Order>(await test.app.inject({ method: 'GET', url: `/api/orders/${order.id}` }))
    expect(stored.status).toBe('cancelled')
    expect(await statusMails(test.db, order.email)).toHaveLength(1)
  })

  it('answers 404 for an unknown or malformed id and 400 for a status that does not exist', async () => {
    expect(json(await setStatus(randomUUID(), 'shipped'))).toMatchObject({ code: 'ORDER_NOT_FOUND' })
    expect((await setStatus(randomUUID(), 'shipped')).statusCode).toBe(404)
    expect((await setStatus('nije-id', 'shipped')).statusCode).toBe(404)

    const product = await createProduct(test.db, { stock: 5 })
    const order = await placeOrder([{ product, quantity: 1 }])
    for (const status of ['delivered', '', 'PENDING', 3, null]) {
      const response = await setStatus(order.id, status)
      expect(response.statusCode).toBe(400)
      expect(json(response)).toMatchObject({ code: 'VALIDATION_FAILED' })
    }
  })
})

const undo = (id: string, headers = manager) =>
  test.app.inject({ method: 'POST', url: `/api/orders/${id}/status/undo`, headers })

async function heldMails(to: string) {
  const { rows } = await test.db.query<{ id: string; held_seconds: number; sent: boolean }>(
    `select id::text as id, extract(epoch from next_attempt_at - created_at)::float8 as held_seconds,
            sent_at is not null as sent
       from outbox where kind = 'order_status' and to_address = $1 order by id`,
    [to],
  )
  return rows
}

describe('undo of a status change', () => {
  it('holds the customer mail for a minute after a status change', async () => {
    const product = await createProduct(test.db, { stock: 5 })
    const order = await placeOrder([{ product, quantity: 1 }])
    await setStatus(order.id, 'shipped')
    expect(await heldMails(order.email)).toEqual([{ id: expect.any(String), held_seconds: 60, sent: false }])
  })

  it('restores the old status and deletes the held mail in one go, audited', async () => {
    const product = await createProduct(test.db, { stock: 5 })
    const order = await placeOrder([{ product, quantity: 1 }])
    await setStatus(order.id, 'processing')
    const response = await undo(order.id)
    expect(response.statusCode).toBe(200)
    expect(json<Order>(response)).toMatchObject({ id: order.id, status: 'pending' })
    expect(await heldMails(order.email)).toEqual([])
    const stored = json<Order>(await test.app.inject({ method: 'GET', url: `/api/orders/${order.id}` }))
    expect(stored.status).toBe('pending')
    const audit = await auditRows(test.db, 'order', order.id)
    expect(audit.map((row) => [row.action, row.before, row.after])).toEqual([
      [
        'order.status',
        { status: 'pending' },
        { status: 'processing', heldMailId: expect.any(String), documentNumber: expect.any(String) },
      ],
      ['order.status_undo', { status: 'processing' }, { status: 'pending', withdrawnMailId: expect.any(String) }],
    ])
  })

  it('gives back what a cancel did: the stock is taken again and no mail goes', async () => {
    const { plain, sized } = await plainAndSized(test.db, 5, { size: 'L', stock: 4 })
    const order = await placeOrder([
      { product: plain, quantity: 2 },
      { product: sized, quantity: 1, size: 'L' },
    ])
    await setStatus(order.id, 'cancelled')
    expect(await stocksOf(test.db, plain, sized)).toEqual([5, 4])
    expect((await undo(order.id, admin)).statusCode).toBe(200)
    expect(await stocksOf(test.db, plain, sized)).toEqual([3, 3])
    expect(await heldMails(order.email)).toEqual([])
  })

  it('answers 409 UNDO_EXPIRED once the mail has gone, a second time, or after another change', async () => {
    const product = await createProduct(test.db, { stock: 5 })
    const order = await placeOrder([{ product, quantity: 1 }])

    // Nothing to undo yet.
    expect(json(await undo(order.id))).toMatchObject({ code: 'UNDO_EXPIRED' })

    await setStatus(order.id, 'shipped')
    await test.db.query(`update outbox set sent_at = now() where kind = 'order_status' and to_address = $1`, [
      order.email,
    ])
    const sent = await undo(order.id)
    expect(sent.statusCode).toBe(409)
    expect(json(sent)).toMatchObject({
      code: 'UNDO_EXPIRED',
      message: 'Promjena se više ne može poništiti: kupac je već obaviješten ili je status u međuvremenu promijenjen.',
    })

    await setStatus(order.id, 'completed')
    expect((await undo(order.id)).statusCode).toBe(200)
    // The undo itself is not undone, and the earlier change's mail went out already.
    expect((await undo(order.id)).statusCode).toBe(409)
    const stored = json<Order>(await test.app.inject({ method: 'GET', url: `/api/orders/${order.id}` }))
    expect(stored.status).toBe('shipped')

    // A mail the worker has claimed (its next attempt moved) is past taking back.
    await setStatus(order.id, 'completed')
    await test.db.query(
      `update outbox set next_attempt_at = now() + interval '5 minutes' where to_address = $1 and sent_at is null`,
      [order.email],
    )
    expect((await undo(order.id)).statusCode).toBe(409)
  })

  it('is for staff only, and answers 404 for an unknown order', async () => {
    const product = await createProduct(test.db, { stock: 5 })
    const order = await placeOrder([{ product, quantity: 1 }])
    await setStatus(order.id, 'processing')
    const wholesale = await signInAs(test, 'wholesale')
    for (const headers of [customer, wholesale]) expect((await undo(order.id, headers)).statusCode).toBe(403)
    expect((await undo(order.id, {})).statusCode).toBe(401)
    expect((await undo(randomUUID())).statusCode).toBe(404)
    expect((await undo('nije-id')).statusCode).toBe(404)
    expect((await undo(order.id, manager)).statusCode).toBe(200)
  })
})

describe('delete', () => {
  it.each([
    ['pending', 5],
    ['cancelled', 5],
  ] as const)('deletes a %s order, leaving stock at %i, with the order in the audit', async (status, stockAfter) => {
    const product = await createProduct(test.db, { stock: 5 })
    const order = await placeOrder([{ product, quantity: 2 }])
    if (status !== 'pending') await setStatus(order.id, status)

    const response = await remove(order.id)
    expect(response.statusCode).toBe(200)
    expect(json(response)).toEqual({ id: order.id, message: 'Order deleted successfully' })
    expect(await productStock(test.db, product.id)).toBe(stockAfter)
    expect((await test.app.inject({ method: 'GET', url: `/api/orders/${order.id}` })).statusCode).toBe(404)
    const { rows } = await test.db.query('select 1 from order_items where order_id = $1', [order.id])
    expect(rows).toEqual([])

    const deleted = (await auditRows(test.db, 'order', order.id)).find((row) => row.action === 'delete')
    expect(deleted).toMatchObject({
      before: { id: order.id, status, email: order.email, stockReturned: stockAfter === 5 && status !== 'cancelled' },
      after: null,
    })
  })

  it.each(['processing', 'ready_for_pickup', 'shipped', 'completed'] as const)(
    'refuses to delete a %s order, which has a document number, and leaves it and its stock',
    async (status) => {
      const product = await createProduct(test.db, { stock: 5 })
      const order = await placeOrder([{ product, quantity: 2 }])
      const { documentNumber } = json<{ documentNumber: string }>(await setStatus(order.id, status))
      const response = await remove(order.id)
      expect(response.statusCode).toBe(409)
      expect(json(response)).toMatchObject({
        code: 'ORDER_HAS_DOCUMENT',
        message: `Narudžba s brojem dokumenta ${documentNumber} ne može se obrisati jer brojevi računa idu redom bez praznina. Otkažite je: račun se tada ispisuje kao storno.`,
      })
      expect((await test.app.inject({ method: 'GET', url: `/api/orders/${order.id}` })).statusCode).toBe(200)
      expect(await productStock(test.db, product.id)).toBe(3)
    },
  )

  it('answers 404 for an order that does not exist', async () => {
    const response = await remove(randomUUID())
    expect(response.statusCode).toBe(404)
    expect(json(response)).toMatchObject({ code: 'ORDER_NOT_FOUND' })
  })
})

describe('staff list', () => {
  it('searches by order number, e-mail, name and phone, filters by status, sorts and pages', async () => {
    await test.db.query('delete from orders')
    const product = await createProduct(test.db, { stock: 100, price: 10 })
    const first = await placeOrder(
      [{ product, quantity: 1 }],
      { full_name: 'Jure Jurić', phone_number: '063 111 222' },
      'jure@firma.ba',
    )
    const second = await placeOrder(
      [{ product, quantity: 5 }],
      { full_name: 'Ivana Ivić', phone_number: '+387 61 999 888' },
      'ivana@posta.ba',
    )
    const third = await placeOrder(
      [{ product, quantity: 3 }],
      { full_name: 'Pero Perić', phone_number: '036 555 444' },
      'pero@posta.ba',
    )
    await test.db.query(`update orders set created_at = now() - interval '2 days' where id = $1`, [first.id])
    await test.db.query(`update orders set created_at = now() - interval '1 day' where id = $1`, [second.id])
    await setStatus(second.id, 'shipped')

    const ids = async (query: string) => json<OrderList>(await list(query)).data.map((order) => order.id)
    expect(await ids('')).toEqual([third.id, second.id, first.id])
    expect(await ids('?sort=date-asc')).toEqual([first.id, second.id, third.id])
    expect(await ids('?sort=total-desc')).toEqual([second.id, third.id, first.id])
    expect(await ids('?sort=total-asc')).toEqual([first.id, third.id, second.id])
    expect(await ids('?sort=status-asc')).toEqual([third.id, first.id, second.id])
    expect(await ids('?sort=status-desc')).toEqual([second.id, third.id, first.id])

    expect(await ids(`?search=${first.id.slice(0, 8)}`)).toEqual([first.id])
    expect(await ids(`?search=${first.id.slice(0, 8).toUpperCase()}`)).toEqual([first.id])
    expect(await ids('?search=POSTA.ba')).toEqual([third.id, second.id])
    expect(await ids('?search=ivić')).toEqual([second.id])
    expect(await ids(`?search=${encodeURIComponent('061 999')}`)).toEqual([second.id])
    expect(await ids('?search=555444')).toEqual([third.id])
    // The digits of an order number with letters are not a phone search ('abc555' is not '555').
    expect(await ids('?search=abc555')).toEqual([])
    expect(await ids('?search=%25')).toEqual([])
    expect(await ids('?status=shipped')).toEqual([second.id])
    expect(await ids('?status=pending&search=posta')).toEqual([third.id])

    const page = json<OrderList>(await list('?limit=2&page=2'))
    expect(page).toMatchObject({ total: 3, page: 2, pages: 2, limit: 2 })
    expect(page.data.map((order) => order.id)).toEqual([first.id])
    expect(json<OrderList>(await list('?limit=2&page=9'))).toMatchObject({ data: [], total: 3 })
  })

  it('refuses an unknown status filter, sort or page with 400', async () => {
    for (const query of ['?status=lost', '?sort=name', '?page=0', '?limit=1000']) {
      expect((await list(query)).statusCode).toBe(400)
    }
  })
})

// docs/decisions.md, 'Orders admin as a working list': POST /api/orders/status changes the selected
// orders' status, each through the single change's path, and reports per order.

const bulk = (payload: object, headers: Record<string, string> = manager) =>
  test.app.inject({ method: 'POST', url: '/api/orders/status', payload, headers })
const storedOrder = async (id: string) =>
  json<Order>(await test.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: manager }))

describe('bulk status change', () => {
  describe('who may change statuses in bulk', () => {
    it('lets store managers and admins in, refuses customers, wholesale buyers and strangers', async () => {
      const product = await createProduct(test.db)
      const order = await placeOrder([{ product, quantity: 1 }])
      const payload = { ids: [order.id], status: 'processing' }
      expect((await bulk(payload, {})).statusCode).toBe(401)
      for (const role of ['user', 'wholesale'] as const) {
        const response = await bulk(payload, await signInAs(test, role))
        expect(response.statusCode).toBe(403)
      }
      expect((await storedOrder(order.id)).status).toBe('pending')
      expect((await bulk(payload, manager)).statusCode).toBe(200)
      expect((await bulk({ ids: [order.id], status: 'shipped' }, admin)).statusCode).toBe(200)
      expect((await storedOrder(order.id)).status).toBe('shipped')
    })

    it('is in the OpenAPI document', async () => {
      const document = json<{ paths: Record<string, Record<string, unknown>> }>(
        await test.app.inject({ method: 'GET', url: '/api/docs/json' }),
      )
      expect(Object.keys(document.paths['/api/orders/status'] ?? {})).toContain('post')
    })
  })

  describe('bad requests', () => {
    const refusal = async (payload: object) => {
      const response = await bulk(payload)
      expect(response.statusCode).toBe(400)
      return json<{ message: string; code: string }>(response)
    }

    it('refuses an empty selection, no selection and too many orders in Bosnian', async () => {
      const none = { code: 'VALIDATION_FAILED', message: 'Odaberite barem jednu narudžbu.' }
      expect(await refusal({ ids: [], status: 'processing' })).toMatchObject(none)
      expect(await refusal({ status: 'processing' })).toMatchObject(none)
      expect(await refusal({ ids: 'abc', status: 'processing' })).toMatchObject(none)
      const many = Array.from({ length: MAX_BULK_STATUS_ORDERS + 1 }, () => randomUUID())
      expect(await refusal({ ids: many, status: 'processing' })).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: `Odjednom se može promijeniti najviše ${MAX_BULK_STATUS_ORDERS} narudžbi.`,
      })
    })

    it('refuses an id that is no text and a status that does not exist', async () => {
      expect(await refusal({ ids: [42], status: 'processing' })).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Oznaka narudžbe nije ispravna.',
      })
      expect(await refusal({ ids: ['x'.repeat(101)], status: 'processing' })).toMatchObject({
        message: 'Oznaka narudžbe nije ispravna.',
      })
      for (const status of ['delivered', '', 'PENDING', 3, null, undefined]) {
        expect(await refusal({ ids: [randomUUID()], status })).toMatchObject({
          code: 'VALIDATION_FAILED',
          message: 'Status mora biti jedan od: pending, processing, shipped, ready_for_pickup, completed, cancelled',
        })
      }
    })

    it('reports unknown and malformed ids per order and still changes the others', async () => {
      const product = await createProduct(test.db)
      const order = await placeOrder([{ product, quantity: 1 }])
      const unknown = randomUUID()
      const response = await bulk({ ids: ['nije-id', order.id, unknown], status: 'processing' })
      expect(response.statusCode).toBe(200)
      const report = json<OrderBulkStatusView>(response)
      expect(report).toMatchObject({ changed: 1, unchanged: 0, refused: 2 })
      expect(report.results).toEqual([
        {
          id: 'nije-id',
          outcome: 'refused',
          status: null,
          documentNumber: null,
          message: 'Narudžba nije pronađena',
          code: 'ORDER_NOT_FOUND',
        },
        {
          id: order.id,
          outcome: 'changed',
          status: 'processing',
          documentNumber: expect.stringMatching(/^\d{4}-\d{6}$/),
          message: 'Status je promijenjen u „U obradi”.',
        },
        {
          id: unknown,
          outcome: 'refused',
          status: null,
          documentNumber: null,
          message: 'Narudžba nije pronađena',
          code: 'ORDER_NOT_FOUND',
        },
      ])
    })
  })

  describe('changing several orders', () => {
    it('confirms orders in the order of ids with consecutive document numbers, a mail and an audit line each', async () => {
      const product = await createProduct(test.db, { stock: 50 })
      const orders = [
        await placeOrder([{ product, quantity: 1 }]),
        await placeOrder([{ product, quantity: 2 }]),
        await placeOrder([{ product, quantity: 3 }]),
      ]
      const ids = [orders[2]!.id, orders[0]!.id, orders[1]!.id, orders[0]!.id]
      const report = json<OrderBulkStatusView>(await bulk({ ids, status: 'processing' }))
      // An id twice counts once.
      expect(report).toMatchObject({ changed: 3, unchanged: 0, refused: 0 })
      expect(report.results.map((result) => result.id)).toEqual(ids.slice(0, 3))
      const numbers = report.results.map((result) => Number(result.documentNumber!.slice(5)))
      expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2])

      for (const order of orders) {
        const stored = await storedOrder(order.id)
        expect(stored.status).toBe('processing')
        const audit = await auditRows(test.db, 'order', order.id)
        expect(audit.map((row) => [row.action, row.before, row.after])).toEqual([
          [
            'order.status',
            { status: 'pending' },
            { status: 'processing', heldMailId: expect.any(String), documentNumber: stored.documentNumber },
          ],
        ])
        expect(audit[0]!.actor_email).toMatch(/@test\.ba$/)
        const mails = await statusMails(test.db, order.email)
        expect(mails).toHaveLength(1)
        expect(mails[0]!.subject).toBe(`Narudžba #${order.id.slice(0, 8)}: U obradi – Trgovina Sovići`)
        expect(mails[0]!.text_body).toContain('Novi status: U obradi')
        expect(mails[0]!.html_body).toContain('U obradi')
      }
      // Stock leaves only through the checkout; a move between open statuses does not touch it.
      expect(await productStock(test.db, product.id)).toBe(44)
    })

    it('reports an order already in the status as unchanged, with no audit line and no mail', async () => {
      const product = await createProduct(test.db)
      const same = await placeOrder([{ product, quantity: 1 }])
      const other = await placeOrder([{ product, quantity: 1 }])
      await setStatus(same.id, 'shipped')
      const auditBefore = await auditRows(test.db, 'order', same.id)
      const report = json<OrderBulkStatusView>(await bulk({ ids: [same.id, other.id], status: 'shipped' }))
      expect(report).toMatchObject({ changed: 1, unchanged: 1, refused: 0 })
      expect(report.results[0]).toMatchObject({
        id: same.id,
        outcome: 'unchanged',
        status: 'shipped',
        message: 'Narudžba već ima status „Poslano”.',
      })
      expect(await auditRows(test.db, 'order', same.id)).toEqual(auditBefore)
      expect(await statusMails(test.db, same.email)).toHaveLength(1)
      expect(await statusMails(test.db, other.email)).toHaveLength(1)
    })

    it('gives stock back once per cancelled order, products and options, and records it in the ledger', async () => {
      const { plain, sized } = await plainAndSized(test.db, 10, { size: 'XL', stock: 6 })
      const first = await placeOrder([
        { product: plain, quantity: 2 },
        { product: sized, quantity: 1, size: 'XL' },
      ])
      const second = await placeOrder([{ product: plain, quantity: 3 }])
      const third = await placeOrder([{ product: sized, quantity: 2, size: 'XL' }])
      expect(await stocksOf(test.db, plain, sized)).toEqual([5, 3])

      const ids = [first.id, second.id, third.id]
      const report = json<OrderBulkStatusView>(await bulk({ ids, status: 'cancelled' }))
      expect(report).toMatchObject({ changed: 3, refused: 0 })
      expect(await stocksOf(test.db, plain, sized)).toEqual([10, 6])
      // A cancel gives no document number; a second bulk cancel gives nothing back twice.
      expect(report.results.every((result) => result.documentNumber === null)).toBe(true)
      const again = json<OrderBulkStatusView>(await bulk({ ids, status: 'cancelled' }))
      expect(again).toMatchObject({ changed: 0, unchanged: 3, refused: 0 })
      expect(await stocksOf(test.db, plain, sized)).toEqual([10, 6])

      const { rows } = await test.db.query<{ kind: string; change: number; actor_email: string }>(
        `select kind, change, actor_email from stock_ledger where product_id = $1 and option_id is null and kind = 'cancel' order by id`,
        [plain.id],
      )
      expect(rows).toEqual([
        { kind: 'cancel', change: 2, actor_email: expect.stringMatching(/@test\.ba$/) },
        { kind: 'cancel', change: 3, actor_email: expect.stringMatching(/@test\.ba$/) },
      ])
    })

    it('refuses one order whose stock is gone, with its reason, and changes the others, leaving that one untouched', async () => {
      const { plain, sized, order: blocked } = await cancelledOrderSoldSince()
      const reopenable = await placeOrder([{ product: plain, quantity: 2 }])
      const pending = await placeOrder([{ product: plain, quantity: 1 }])
      await setStatus(reopenable.id, 'cancelled')
      expect(await stocksOf(test.db, plain, sized)).toEqual([9, 1])
      const auditBefore = await auditRows(test.db, 'order', blocked.id)
      const { rows: ledgerBefore } = await test.db.query<{ id: string }>('select id::text as id from stock_ledger')

      const response = await bulk({ ids: [reopenable.id, blocked.id, pending.id], status: 'processing' })
      expect(response.statusCode).toBe(200)
      const report = json<OrderBulkStatusView>(response)
      expect(report).toMatchObject({ changed: 2, unchanged: 0, refused: 1 })
      expect(report.results[1]).toEqual({
        id: blocked.id,
        outcome: 'refused',
        status: 'cancelled',
        documentNumber: null,
        code: 'INSUFFICIENT_STOCK',
        message: 'Otkazana narudžba ne može se vratiti: Not enough stock available for Majica (M)',
      })
      expect(report.results[0]).toMatchObject({ outcome: 'changed', status: 'processing' })
      expect(report.results[2]).toMatchObject({ outcome: 'changed', status: 'processing' })

      // The refused order: no status, no stock, no number, no audit line, no mail, no ledger line of its own.
      const stored = await storedOrder(blocked.id)
      expect(stored).toMatchObject({ status: 'cancelled', documentNumber: null })
      expect(await auditRows(test.db, 'order', blocked.id)).toEqual(auditBefore)
      expect(await statusMails(test.db, blocked.email)).toHaveLength(1)
      // The reopened order took its 2 again; the pending one had nothing to move.
      expect(await stocksOf(test.db, plain, sized)).toEqual([7, 1])
      const { rows: ledgerAfter } = await test.db.query<{ change: number; product_id: string | null }>(
        'select change, product_id from stock_ledger where not (id = any($1::bigint[]))',
        [ledgerBefore.map((row) => row.id)],
      )
      expect(ledgerAfter).toEqual([{ change: -2, product_id: plain.id }])
    })

    it('lets each changed order be undone on its own while its mail is held', async () => {
      const product = await createProduct(test.db)
      const first = await placeOrder([{ product, quantity: 1 }])
      const second = await placeOrder([{ product, quantity: 1 }])
      await bulk({ ids: [first.id, second.id], status: 'shipped' })
      expect((await undo(first.id)).statusCode).toBe(200)
      expect((await storedOrder(first.id)).status).toBe('pending')
      expect((await storedOrder(second.id)).status).toBe('shipped')
      expect(await statusMails(test.db, first.email)).toHaveLength(0)
      expect(await statusMails(test.db, second.email)).toHaveLength(1)
    })
  })
})
