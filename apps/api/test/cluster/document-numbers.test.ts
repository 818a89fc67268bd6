import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/platform/db.ts'
import { createProduct, liftOrderLimits } from '../../src/modules/orders/test-fixtures.ts'
import { createUser, TEST_PASSWORD } from '../helpers.ts'
import { callApi, type ApiProcess } from '../support/api-process.ts'
import { clusterSkipReason, signInThrough, type TwoProcessShop } from '../support/two-processes.ts'
import { postOrder, startOrderingShop } from './support.ts'

// docs/decisions.md, 'Invoices and packing slips': document numbers are gap-free and unique across API
// processes. Two real processes on one PostgreSQL database confirm 50 orders at the same moment, half
// each; the counter row taken in each status change's transaction makes them queue, so the 50 orders
// get 50 consecutive numbers, none twice and none skipped.
const skipReason = await clusterSkipReason('test/cluster/document-numbers.test.ts', { needsRedis: false })

const ORDERS = 50

let shop: TwoProcessShop | undefined
let db: pg.Pool
let a: ApiProcess
let b: ApiProcess

describe.skipIf(skipReason !== undefined)('document numbers across two API processes', () => {
  let token: string
  let orderIds: string[]

  beforeAll(async () => {
    shop = await startOrderingShop('document-numbers')
    ;({ db, a, b } = shop)
    const queryable = db as unknown as Database
    await liftOrderLimits(db)
    const manager = await createUser(queryable, { roles: ['store_manager'] })
    token = await signInThrough(a, manager.email, TEST_PASSWORD)
    const product = await createProduct(db, { stock: 1000, price: 10 })
    orderIds = []
    for (let index = 0; index < ORDERS; index += 1) {
      const placed = await postOrder<{ id: string }>(
        index % 2 === 0 ? a : b,
        [{ product_id: product.id, quantity: 1 }],
        {
          email: `kupac${index}@example.ba`,
        },
      )
      expect(placed.status, JSON.stringify(placed.body)).toBe(201)
      orderIds.push(placed.body.id)
    }
  }, 300_000)

  afterAll(async () => {
    await shop?.stop()
  }, 60_000)

  it(`gives ${ORDERS} orders confirmed at once through both processes ${ORDERS} consecutive numbers`, async () => {
    const answers = await Promise.all(
      orderIds.map((id, index) =>
        callApi<{ documentNumber: string | null }>(index % 2 === 0 ? a : b, `/api/orders/${id}/status`, {
          method: 'PATCH',
          token,
          body: { status: 'processing' },
        }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(orderIds.map(() => 200))
    const numbers = answers.map((answer) => answer.body.documentNumber!)
    const year = numbers[0]!.slice(0, 4)
    const sequences = numbers.map((number) => Number(number.slice(5))).sort((first, second) => first - second)
    expect(sequences).toEqual(Array.from({ length: ORDERS }, (_, index) => index + 1))
    expect(numbers.every((number) => /^\d{4}-\d{6}$/.test(number) && number.startsWith(year))).toBe(true)

    const { rows } = await db.query<{ id: string; document_number: string }>(
      'select id, document_number from orders where document_number is not null',
    )
    expect(new Map(rows.map((row) => [row.id, row.document_number]))).toEqual(
      new Map(orderIds.map((id, index) => [id, numbers[index]!])),
    )
    const counter = await db.query<{ last_number: number }>('select last_number from document_counters')
    expect(counter.rows).toEqual([{ last_number: ORDERS }])
  })
})
