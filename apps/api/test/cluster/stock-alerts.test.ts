import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/platform/db.ts'
import { createProduct } from '../../src/modules/orders/test-fixtures.ts'
import { createUser, TEST_PASSWORD } from '../helpers.ts'
import { callApi, type ApiProcess } from '../support/api-process.ts'
import { TEST_REDIS_URL } from '../support/free-port.ts'
import { clusterSkipReason, signInThrough, type TwoProcessShop } from '../support/two-processes.ts'
import { startMailSink, type MailSink, type SunkMail } from '../support/smtp-sink.ts'
import { postOrder, startOrderingShop, until } from './support.ts'

// docs/decisions.md ('Back-in-stock alerts'), 'Exactly one mail' and 'Limits': two real API processes (A and B) on one
// PostgreSQL database and one Redis, both running the alert job and the mail worker, sending to one real
// SMTP server. Two staff restocks (one through each) and a customer's cancel bring a sold-out product back
// at the same moment: each confirmed subscriber gets exactly one mail, the one who unsubscribed none; and
// the per-mailbox limit holds when its requests arrive through both processes at once.
const redisUrl = TEST_REDIS_URL
const skipReason = await clusterSkipReason('test/cluster/stock-alerts.test.ts', { needsRedis: true })

/** The job looks every 3 s and each mail worker every 2 s: a mail not sent after this is not coming. */
const QUIET_MS = 8000
// The subjects as they travel (RFC 2047: 'Ponovo_na_stanju' inside =?UTF-8?Q?...?=).
const CONFIRM_SUBJECT = /Potvrdite[ _]obavijest[ _]o[ _]dostupnosti/
const ALERT_SUBJECT = /Ponovo[ _]na[ _]stanju/

let shop: TwoProcessShop | undefined
let db: pg.Pool
let mail: MailSink
let a: ApiProcess
let b: ApiProcess

/** The mail's body as sent, its quoted-printable soft line breaks joined again. */
function bodyOf(sunk: SunkMail): string {
  return sunk.raw.replace(/=\r?\n/g, '')
}

function tokenIn(sunk: SunkMail, path: 'potvrda' | 'odjava'): string {
  const match = new RegExp(`/obavijesti/${path}/([A-Za-z0-9_-]{43})`).exec(bodyOf(sunk))
  if (!match?.[1]) throw new Error(`no /obavijesti/${path}/ link in '${sunk.subject}'`)
  return match[1]
}

function mailsTo(email: string, subject: RegExp): SunkMail[] {
  return mail.received.filter((sunk) => sunk.to.includes(email) && subject.test(sunk.subject))
}

const signIn = (api: ApiProcess, email: string) => signInThrough(api, email, TEST_PASSWORD, '198.51.100.9')

let addressCounter = 0
function nextAddress(): string {
  addressCounter += 1
  return `203.0.113.${addressCounter}`
}

describe.skipIf(skipReason !== undefined)('back-in-stock alerts with two API processes', () => {
  let productId: string
  let admin: string

  beforeAll(async () => {
    mail = await startMailSink()
    shop = await startOrderingShop('alerts', {
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `alerts-${randomUUID().slice(0, 8)}:`,
      SMTP_URL: mail.url,
      SHOP_EMAIL: 'trgovina@alerts.test',
      MAIL_WORKER: 'on',
      PUBLIC_URL: 'http://shop.test',
    })
    ;({ db, a, b } = shop)
    const pool = db as unknown as Database
    await createUser(pool, { email: 'admin@alerts.test', roles: ['user', 'admin'] })
    await createUser(pool, { email: 'kupac@alerts.test' })
    productId = (await createProduct(db, { customId: 'ALERT-1', name: 'Udarna bušilica', price: 120, stock: 1 })).id
    admin = await signIn(a, 'admin@alerts.test')
  }, 300_000)

  afterAll(async () => {
    await shop?.stop()
    await mail?.stop()
  }, 60_000)

  it('sends each subscriber exactly one mail when two restocks and a cancel bring the stock back at once', async () => {
    // A customer takes the last unit.
    const customer = await signIn(b, 'kupac@alerts.test')
    const order = await postOrder<{ id: string }>(a, [{ product_id: productId, quantity: 1 }], { token: customer })
    expect(order.status, JSON.stringify(order.body)).toBe(201)

    // Four guests ask through one process and confirm through the other; the last one leaves again.
    const guests = Array.from({ length: 4 }, (_, index) => `gost-${index}-${randomUUID().slice(0, 6)}@alerts.test`)
    for (const [index, email] of guests.entries()) {
      const [asking, confirming] = index % 2 === 0 ? [a, b] : [b, a]
      const asked = await callApi(asking, '/api/stock-alerts', {
        method: 'POST',
        body: { productId, email },
        ip: nextAddress(),
      })
      expect(asked.status, JSON.stringify(asked.body)).toBe(201)
      const [confirmation] = await until(
        async () => mailsTo(email, CONFIRM_SUBJECT),
        (mails) => mails.length > 0,
        20_000,
        `the confirmation mail to ${email}`,
      )
      const confirmed = await callApi(confirming, `/api/stock-alerts/confirm/${tokenIn(confirmation!, 'potvrda')}`)
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
      if (index === 3) {
        const left = await callApi(asking, `/api/stock-alerts/unsubscribe/${tokenIn(confirmation!, 'odjava')}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
        expect(left.status, JSON.stringify(left.body)).toBe(200)
      }
    }

    const restock = (api: ApiProcess) =>
      callApi(api, `/api/products/${productId}/stock-corrections`, {
        method: 'POST',
        token: admin,
        body: { change: 3, reason: 'Stigla roba' },
      })
    const results = await Promise.all([
      restock(a),
      restock(b),
      callApi(a, `/api/orders/${order.body.id}/cancel`, { method: 'PATCH', token: customer }),
    ])
    expect(results.map((result) => result.status)).toEqual([200, 200, 200])
    const { rows } = await db.query<{ stock: number }>('select stock from products where id = $1', [productId])
    expect(rows[0]!.stock).toBe(7)

    const waiting = guests.slice(0, 3)
    await until(
      async () => waiting.map((email) => mailsTo(email, ALERT_SUBJECT).length),
      (counts) => counts.every((count) => count >= 1),
      30_000,
      'the alert mails',
    )
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS))
    expect(waiting.map((email) => mailsTo(email, ALERT_SUBJECT).length)).toEqual([1, 1, 1])
    expect(mailsTo(guests[3]!, ALERT_SUBJECT)).toHaveLength(0)
    const headers = mailsTo(guests[0]!, ALERT_SUBJECT)[0]!.raw.replace(/\r\n[ \t]+/g, ' ')
    expect(headers).toMatch(/^List-Unsubscribe: <http:\/\/shop\.test\/api\/stock-alerts\/unsubscribe\/[\w-]{43}>/m)
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m)
  })

  it('holds the per-mailbox limit when its requests come through both processes at once', async () => {
    const { rows } = await db.query<{ id: string }>(
      `insert into products (custom_id, name, category_id, price, stock)
       select 'ALERT-' || n, 'Brusilica ' || n, (select id from categories limit 1), 80, 0
         from generate_series(10, 17) as n returning id`,
    )
    const email = `ograniceno-${randomUUID().slice(0, 6)}@alerts.test`
    const answers = await Promise.all(
      rows.map((row, index) =>
        callApi<{ code?: string }>(index % 2 === 0 ? a : b, '/api/stock-alerts', {
          method: 'POST',
          body: { productId: row.id, email },
          ip: nextAddress(),
        }),
      ),
    )
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429])
    expect(answers.filter((answer) => answer.status === 429).map((answer) => answer.body.code)).toEqual([
      'TOO_MANY_STOCK_ALERTS',
      'TOO_MANY_STOCK_ALERTS',
      'TOO_MANY_STOCK_ALERTS',
    ])
    await until(
      async () => mailsTo(email, CONFIRM_SUBJECT).length,
      (count) => count >= 5,
      20_000,
      'the confirmation mails',
    )
    await new Promise((resolve) => setTimeout(resolve, 3000))
    expect(mailsTo(email, CONFIRM_SUBJECT)).toHaveLength(5)
  })
})
