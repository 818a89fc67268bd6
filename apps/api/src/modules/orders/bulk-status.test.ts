import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { json, signInAs } from '../../../test/helpers.ts'
import { auditRows } from '../catalogue/test-fixtures.ts'
import { MAX_BULK_STATUS_ORDERS, type OrderBulkStatusView } from '@shop/shared/schemas/order-bulk-status.ts'
import {
  createProduct,
  optionStock,
  placeOrder as placeOrderThrough,
  productStock,
  statusMails,
  type OrderLine,
  useOrderTestApp,
  guestEmail,
  stocksOf,
} from './test-fixtures.ts'
import { useSignInAs } from '../../../test/support/use-test-app.ts'

// docs/decisions.md, 'Orders admin as a working list': POST /api/orders/status changes the selected
// orders' status, each through the single change's path, and reports per order.

const test = useOrderTestApp({ SHOP_EMAIL: 'shop@example.ba' })
const manager = useSignInAs(test, 'store_manager')
const admin = useSignInAs(test, 'admin')

type Order = { id: string; status: string; documentNumber: string | null }
/** A guest's order, with the e-mail it was placed with. */
async function placeOrder(lines: OrderLine[], email = guestEmail()) {
  return { ...(await placeOrderThrough<Order>(test, lines, { email })), email }
}

const bulk = (payload: object, headers: Record<string, string> = manager) =>
  test.app.inject({ method: 'POST', url: '/api/orders/status', payload, headers })
const setStatus = (id: string, status: string) =>
  test.app.inject({ method: 'PATCH', url: `/api/orders/${id}/status`, payload: { status }, headers: manager })
const storedOrder = async (id: string) =>
  json<Order>(await test.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: manager }))

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
    const plain = await createProduct(test.db, { stock: 10 })
    const sized = await createProduct(test.db, { options: [{ size: 'XL', stock: 6 }] })
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
    const plain = await createProduct(test.db, { stock: 10 })
    const scarce = await createProduct(test.db, { name: 'Majica', options: [{ size: 'M', stock: 2 }] })
    const blocked = await placeOrder([
      { product: plain, quantity: 1 },
      { product: scarce, quantity: 2, size: 'M' },
    ])
    const reopenable = await placeOrder([{ product: plain, quantity: 2 }])
    const pending = await placeOrder([{ product: plain, quantity: 1 }])
    await bulk({ ids: [blocked.id, reopenable.id], status: 'cancelled' })
    await placeOrder([{ product: scarce, quantity: 1, size: 'M' }])
    expect(await stocksOf(test.db, plain, scarce)).toEqual([9, 1])
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
    expect(await optionStock(test.db, scarce.options[0]!.id)).toBe(1)
    // The reopened order took its 2 again; the pending one had nothing to move.
    expect(await productStock(test.db, plain.id)).toBe(7)
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
    const undo = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${first.id}/status/undo`,
      headers: manager,
    })
    expect(undo.statusCode).toBe(200)
    expect((await storedOrder(first.id)).status).toBe('pending')
    expect((await storedOrder(second.id)).status).toBe('shipped')
    expect(await statusMails(test.db, first.email)).toHaveLength(0)
    expect(await statusMails(test.db, second.email)).toHaveLength(1)
  })
})
