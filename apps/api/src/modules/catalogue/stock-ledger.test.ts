import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { messages, format } from '@shop/shared/messages/bs.ts'
import type { StockLedgerPage } from '@shop/shared/schemas/stock-ledger.ts'
import { json, STAFF_ROUTE_ACCESS, signInAs } from '../../../test/helpers.ts'
import { expectErrorAnswer, expectValidationFailed } from '../../../test/support/expect-answer.ts'
import {
  useOrderTestApp,
  createProduct,
  optionStock,
  placeOrder as placeOrderThrough,
  productStock,
  type CreatedProduct,
} from '../orders/test-fixtures.ts'
import { auditRows, catalogueVersion } from './test-fixtures.ts'
import { versionOf } from '../../../test/support/record-version.ts'
import { useSignInAs } from '../../../test/support/use-test-app.ts'

// docs/decisions.md, 'Stock ledger': every path that changes stock leaves exactly one named row per
// product or option it moved, and a product's ledger adds up to its stock.
const text = messages.stockLedger
const test = useOrderTestApp()
const managerEmail = `upraviteljica-${randomUUID().slice(0, 6)}@trgovina.ba`
const adminEmail = `admin-${randomUUID().slice(0, 6)}@trgovina.ba`
const manager = useSignInAs(test, 'store_manager', managerEmail)
const admin = useSignInAs(test, 'admin', adminEmail)

// The page as the schema answers it (packages/shared/src/schemas/stock-ledger.ts).
type LedgerPage = StockLedgerPage

const ledger = (id: string, query = '', headers = manager) =>
  test.app.inject({ method: 'GET', url: `/api/products/${id}/stock-ledger${query}`, headers })
const correct = (id: string, payload: unknown, headers = manager) =>
  test.app.inject({
    method: 'POST',
    url: `/api/products/${id}/stock-corrections`,
    payload: payload as object,
    headers,
  })

/** The whole ledger of a product (or one option's), oldest first, straight from the table. */
async function ledgerRows(productId: string, optionId: string | null = null) {
  const { rows } = await test.db.query<{
    kind: string
    actor_email: string | null
    reason: string
    change: number
    resulting_stock: number
  }>(
    `select kind, actor_email, reason, change, resulting_stock from stock_ledger
      where product_id = $1 and option_id is not distinct from $2 order by id`,
    [productId, optionId],
  )
  return rows
}

/**
 * Runs one stock-changing step and answers the rows it wrote; checks that the ledger still adds up
 * to the stock and that its last row's resulting stock is the stock now.
 */
async function step(productId: string, optionId: string | null, run: () => Promise<unknown>) {
  const before = await ledgerRows(productId, optionId)
  await run()
  const after = await ledgerRows(productId, optionId)
  const stock = optionId ? await optionStock(test.db, optionId) : await productStock(test.db, productId)
  expect(after.reduce((sum, row) => sum + row.change, 0)).toBe(stock)
  if (after.length > 0) expect(after.at(-1)!.resulting_stock).toBe(stock)
  return after.slice(before.length)
}

/** A fresh guest's order of one line. */
const placeOrder = (product: CreatedProduct, quantity: number, size?: string) =>
  placeOrderThrough<{ id: string; orderPageToken: string; email: string }>(test, [{ product, quantity, size }])

const setStatus = (id: string, status: string) =>
  test.app.inject({ method: 'PATCH', url: `/api/orders/${id}/status`, payload: { status }, headers: manager })

describe('every path that changes stock leaves one ledger row', () => {
  it('checkout, the buyer cancel, status changes, their undo, order delete, staff edit and corrections', async () => {
    const product = await createProduct(test.db, { stock: 10 })
    // The fixture's insert names nothing: its opening row is a correction without an actor.
    expect(await ledgerRows(product.id)).toEqual([
      { kind: 'correction', actor_email: null, reason: text.reasons.unnamed, change: 10, resulting_stock: 10 },
    ])

    let order = { id: '', orderPageToken: '', email: '' }
    let rows = await step(product.id, null, async () => (order = await placeOrder(product, 2)))
    expect(rows).toEqual([
      {
        kind: 'order',
        actor_email: order.email,
        reason: format(text.reasons.order, { id: order.id }),
        change: -2,
        resulting_stock: 8,
      },
    ])

    rows = await step(product.id, null, async () => {
      const response = await test.app.inject({
        method: 'POST',
        url: `/api/order-status/${order.orderPageToken}/cancel`,
      })
      expect(response.statusCode).toBe(200)
    })
    expect(rows).toMatchObject([
      {
        kind: 'cancel',
        // The guest who holds the mailed link is named by the order's e-mail.
        actor_email: order.email,
        reason: format(text.reasons.cancelled, { id: order.id }),
        change: 2,
        resulting_stock: 10,
      },
    ])

    // Staff reopen the cancelled order: its stock is taken again.
    rows = await step(product.id, null, async () =>
      expect((await setStatus(order.id, 'processing')).statusCode).toBe(200),
    )
    expect(rows).toMatchObject([
      { kind: 'order', actor_email: managerEmail, reason: format(text.reasons.reopened, { id: order.id }), change: -2 },
    ])

    // Staff cancel it, then undo the cancel.
    rows = await step(product.id, null, async () =>
      expect((await setStatus(order.id, 'cancelled')).statusCode).toBe(200),
    )
    expect(rows).toMatchObject([{ kind: 'cancel', actor_email: managerEmail, change: 2 }])
    rows = await step(product.id, null, async () => {
      const response = await test.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/status/undo`,
        headers: manager,
      })
      expect(response.statusCode).toBe(200)
    })
    expect(rows).toMatchObject([
      { kind: 'order', actor_email: managerEmail, reason: format(text.reasons.undone, { id: order.id }), change: -2 },
    ])

    // An admin deletes a pending order: its stock returns.
    const second = await placeOrder(product, 3)
    rows = await step(product.id, null, async () => {
      const response = await test.app.inject({ method: 'DELETE', url: `/api/orders/${second.id}`, headers: admin })
      expect(response.statusCode).toBe(200)
    })
    expect(rows).toMatchObject([
      { kind: 'cancel', actor_email: adminEmail, reason: format(text.reasons.deleted, { id: second.id }), change: 3 },
    ])

    // A staff edit of the product's stock.
    rows = await step(product.id, null, async () => {
      const response = await test.app.inject({
        method: 'PATCH',
        url: `/api/products/${product.id}`,
        payload: { version: await versionOf(test.db, 'products', product.id), stock: 5 },
        headers: manager,
      })
      expect(response.statusCode).toBe(200)
    })
    expect(rows).toEqual([
      { kind: 'staff_edit', actor_email: managerEmail, reason: text.reasons.staffEdit, change: -3, resulting_stock: 5 },
    ])

    // An edit that leaves the stock alone writes nothing; neither does switching infinite stock on.
    rows = await step(product.id, null, async () => {
      const response = await test.app.inject({
        method: 'PATCH',
        url: `/api/products/${product.id}`,
        payload: { version: await versionOf(test.db, 'products', product.id), name: 'Novo ime', infinite_stock: true },
        headers: manager,
      })
      expect(response.statusCode).toBe(200)
    })
    expect(rows).toEqual([])
    await test.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      payload: { version: await versionOf(test.db, 'products', product.id), infinite_stock: false },
      headers: manager,
    })

    // A correction.
    rows = await step(product.id, null, async () =>
      expect((await correct(product.id, { change: 4, reason: 'inventura' })).statusCode).toBe(200),
    )
    expect(rows).toEqual([
      { kind: 'correction', actor_email: managerEmail, reason: 'inventura', change: 4, resulting_stock: 9 },
    ])
  })

  it("records an option's changes under the option, and an option removed as its units leaving", async () => {
    const product = await createProduct(test.db, {
      stock: 0,
      options: [
        { size: 'M', customId: 'KAC-M', stock: 5 },
        { size: 'L', stock: 2 },
      ],
    })
    const [medium, large] = product.options
    await test.db.query('update products set has_sizes = true where id = $1', [product.id])

    let order = { id: '', orderPageToken: '', email: '' }
    let rows = await step(product.id, medium!.id, async () => (order = await placeOrder(product, 2, 'M')))
    expect(rows).toMatchObject([{ kind: 'order', actor_email: order.email, change: -2, resulting_stock: 3 }])
    expect(await ledgerRows(product.id)).toEqual([])

    rows = await step(product.id, medium!.id, async () =>
      expect((await correct(product.id, { optionCode: 'KAC-M', change: -1, reason: 'oštećeno' })).statusCode).toBe(200),
    )
    expect(rows).toMatchObject([{ kind: 'correction', reason: 'oštećeno', change: -1, resulting_stock: 2 }])

    // A label without a code names the option too.
    rows = await step(product.id, large!.id, async () =>
      expect((await correct(product.id, { optionCode: 'L', change: 3, reason: 'povrat dobavljaču' })).statusCode).toBe(
        200,
      ),
    )
    expect(rows).toMatchObject([{ change: 3, resulting_stock: 5 }])

    // The staff form drops size L: its 5 units leave the ledger with one row down to 0.
    const response = await test.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      payload: { version: await versionOf(test.db, 'products', product.id), sizes: ['M'] },
      headers: manager,
    })
    expect(response.statusCode).toBe(200)
    expect((await ledgerRows(product.id, large!.id)).at(-1)).toEqual({
      kind: 'staff_edit',
      actor_email: managerEmail,
      reason: text.reasons.staffEdit,
      change: -5,
      resulting_stock: 0,
    })

    const page = json<LedgerPage>(await ledger(product.id, '?optionCode=KAC-M'))
    expect(page.rows.map((row) => [row.kind, row.optionCode, row.optionSize, row.change])).toEqual([
      ['correction', 'KAC-M', 'M', -1],
      ['order', 'KAC-M', 'M', -2],
      ['correction', 'KAC-M', 'M', 5],
    ])
  })
})

describe('GET /api/products/{id}/stock-ledger', () => {
  it.each(STAFF_ROUTE_ACCESS)('answers %s with %i', async (role, status) => {
    const product = await createProduct(test.db, { stock: 1 })
    const response = await ledger(product.id, '', await signInAs(test, role))
    expect(response.statusCode).toBe(status)
  })

  it('pages newest first and filters by kind and date', async () => {
    const product = await createProduct(test.db, { stock: 1 })
    for (let index = 1; index <= 3; index += 1) await correct(product.id, { change: index, reason: `r${index}` })
    const first = json<LedgerPage>(await ledger(product.id, '?limit=2'))
    expect(first).toMatchObject({ total: 4, page: 1, pages: 2, limit: 2, stock: 7 })
    expect(first.rows.map((row) => row.reason)).toEqual(['r3', 'r2'])
    expect(first.rows[0]).toMatchObject({ actor: managerEmail, kind: 'correction', optionCode: null, change: 3 })
    expect(first.rows[0]!.resultingStock).toBe(7)
    const second = json<LedgerPage>(await ledger(product.id, '?limit=2&page=2'))
    expect(second.rows.map((row) => row.reason)).toEqual(['r1', text.reasons.unnamed])

    expect(json<LedgerPage>(await ledger(product.id, '?kind=order')).total).toBe(0)
    const today = new Date().toISOString().slice(0, 10)
    expect(json<LedgerPage>(await ledger(product.id, `?from=${today}&to=${today}`)).total).toBe(4)
    expect(json<LedgerPage>(await ledger(product.id, '?to=2000-01-01')).total).toBe(0)
  })

  it('refuses a malformed date, a day the calendar lacks and an unknown product', async () => {
    const product = await createProduct(test.db, { stock: 1 })
    expectValidationFailed(await ledger(product.id, '?from=1.1.2026'), text.dateInvalid)
    expectValidationFailed(await ledger(product.id, '?to=2026-02-30'), text.dateInvalid)
    expectErrorAnswer(await ledger(randomUUID()), 404, {
      message: messages.admin.product.notFound,
      error: 'Not Found',
      code: 'PRODUCT_NOT_FOUND',
    })
  })

  it('answers CSV in UTF-8 with a BOM and ";" between cells', async () => {
    const product = await createProduct(test.db, { stock: 2, customId: `CSV-${randomUUID().slice(0, 4)}` })
    await correct(product.id, { change: -1, reason: 'oštećeno; pao s police' })
    const response = await ledger(product.id, '?format=csv')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe(`attachment; filename="stanje-zaliha-${product.customId}.csv"`)
    const lines = response.body.split('\r\n')
    expect(lines[0]).toBe('\uFEFFVrijeme;Ko;Vrsta;Razlog;Veličina;Promjena;Stanje')
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2};${managerEmail};Korekcija;"oštećeno; pao s police";;-1;1$`,
      ),
    )
    expect(lines[2]).toMatch(/;sistem;Korekcija;bez razloga;;2;2$/)
  })
})

describe('POST /api/products/{id}/stock-corrections', () => {
  it.each(STAFF_ROUTE_ACCESS)('answers %s with %i', async (role, status) => {
    const product = await createProduct(test.db, { stock: 1 })
    const response = await correct(product.id, { change: 1, reason: 'inventura' }, await signInAs(test, role))
    expect(response.statusCode).toBe(status)
  })

  it('is audited and bumps the catalogue version, as stock is public', async () => {
    const product = await createProduct(test.db, { stock: 1 })
    const version = await catalogueVersion(test.db)
    const response = await correct(product.id, { change: 2, reason: 'inventura' })
    expect(json(response)).toEqual({ message: text.corrected, optionCode: null, resultingStock: 3 })
    expect(await catalogueVersion(test.db)).toBeGreaterThan(version)
    const [audit] = await auditRows(test.db, 'product', product.id)
    expect(audit).toMatchObject({ action: 'stock.correction' })
  })

  it.each([
    [{ change: 0, reason: 'inventura' }, text.changeInvalid],
    [{ change: 1.5, reason: 'inventura' }, text.changeInvalid],
    [{ change: 'pet', reason: 'inventura' }, text.changeInvalid],
    [{ change: 2_000_000, reason: 'inventura' }, text.changeTooLarge],
    [{ change: 1 }, text.reasonRequired],
    [{ change: 1, reason: '   ' }, text.reasonRequired],
    [{ change: 1, reason: 'x'.repeat(201) }, text.reasonTooLong],
    // A NUL character is refused before any schema, with the staff forms' text.
    [{ change: 1, reason: 'inv\u0000entura' }, messages.admin.invalidCharacters],
  ])('refuses %j with its message', async (payload, message) => {
    const product = await createProduct(test.db, { stock: 1 })
    expectValidationFailed(await correct(product.id, payload), message)
  })

  it('never takes stock below 0, and names the option it cannot find', async () => {
    const product = await createProduct(test.db, { stock: 2 })
    expectErrorAnswer(await correct(product.id, { change: -3, reason: 'oštećeno' }), 409, {
      message: format(text.belowZero, { stock: 2 }),
      error: 'Conflict',
      code: 'STOCK_BELOW_ZERO',
    })
    expectErrorAnswer(await correct(product.id, { optionCode: 'XL', change: 1, reason: 'inventura' }), 400, {
      message: format(text.optionNotFound, { code: 'XL' }),
      error: 'Bad Request',
      code: 'OPTION_NOT_FOUND',
    })
    expect(await productStock(test.db, product.id)).toBe(2)
  })

  it('asks for a size on a sized product and refuses infinite stock', async () => {
    const sized = await createProduct(test.db, { options: [{ size: 'M', stock: 1 }] })
    await test.db.query('update products set has_sizes = true where id = $1', [sized.id])
    expectErrorAnswer(await correct(sized.id, { change: 1, reason: 'inventura' }), 400, {
      message: text.optionRequired,
      error: 'Bad Request',
      code: 'OPTION_REQUIRED',
    })
    const infinite = await createProduct(test.db, { infinite: true })
    expectErrorAnswer(await correct(infinite.id, { change: 1, reason: 'inventura' }), 409, {
      message: text.infiniteStock,
      error: 'Conflict',
      code: 'STOCK_INFINITE',
    })
  })
})
