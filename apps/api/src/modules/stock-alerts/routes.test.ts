import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { messages } from '@shop/shared/messages/bs.ts'
import { createUser, json, signInAs } from '../../../test/helpers.ts'
import { startMailWorker, type MailTransport } from '../../platform/mail.ts'
import { DELIVERY_ADDRESS, useOrderTestApp, createProduct } from '../orders/test-fixtures.ts'
import { CONFIRMATIONS_PER_MAILBOX_PER_HOUR, sendDueStockAlerts } from './service.ts'
import { ALERT_REQUESTS_PER_ADDRESS } from './routes.ts'
import { withCurrentVersion } from '../../../test/support/record-version.ts'

// Back-in-stock alerts (docs/decisions.md ('Back-in-stock alerts')): the request and its rules, the double opt-in, exactly
// one mail when the stock comes back (whichever path brings it, also at the same moment), unsubscribe.

const test = useOrderTestApp({ SHOP_EMAIL: 'shop@example.ba' })
const links = { publicUrl: 'http://shop.test' }

/** Each test asks from an address of its own, so that the per-address limit is only the limit test's. */
function freshAddress(): string {
  const bytes = randomUUID().replace(/-/g, '')
  return `10.${parseInt(bytes.slice(0, 2), 16)}.${parseInt(bytes.slice(2, 4), 16)}.${parseInt(bytes.slice(4, 6), 16)}`
}

function mailbox(): string {
  return `kupac-${randomUUID().slice(0, 8)}@example.ba`
}

function subscribe(
  payload: Record<string, unknown>,
  options: { address?: string; headers?: Record<string, string> } = {},
) {
  return test.app.inject({
    method: 'POST',
    url: '/api/stock-alerts',
    remoteAddress: options.address ?? freshAddress(),
    headers: options.headers ?? {},
    payload,
  })
}

type OutboxMail = {
  kind: string
  subject: string
  text_body: string
  html_body: string
  headers: Record<string, string> | null
}

async function mailsTo(email: string, kind?: string): Promise<OutboxMail[]> {
  const { rows } = await test.db.query<OutboxMail>(
    `select kind, subject, text_body, html_body, headers from outbox
      where to_address = $1 and ($2::text is null or kind = $2) order by id`,
    [email, kind ?? null],
  )
  return rows
}

function tokenIn(mail: OutboxMail, path: 'potvrda' | 'odjava'): string {
  const match = new RegExp(`http://shop\\.test/obavijesti/${path}/([A-Za-z0-9_-]{43})`).exec(mail.text_body)
  if (!match?.[1]) throw new Error(`no /obavijesti/${path}/ link in '${mail.subject}'`)
  return match[1]
}

async function staffHeaders() {
  return signInAs(test, 'store_manager')
}

async function correctStock(productId: string, change: number, optionCode?: string) {
  const response = await test.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/stock-corrections`,
    headers: await staffHeaders(),
    payload: { change, reason: 'Stigla roba', ...(optionCode ? { optionCode } : {}) },
  })
  expect(response.statusCode, response.body).toBe(200)
}

/** A confirmed alert of a fresh mailbox on the product (or option); answers the address and its unsubscribe token. */
async function confirmedSubscriber(productId: string, optionCode?: string) {
  const email = mailbox()
  const response = await subscribe({ productId, email, ...(optionCode ? { optionCode } : {}) })
  expect(response.statusCode, response.body).toBe(201)
  const [mail] = await mailsTo(email, 'stock_alert_confirm')
  const confirmed = await test.app.inject({ url: `/api/stock-alerts/confirm/${tokenIn(mail!, 'potvrda')}` })
  expect(confirmed.statusCode, confirmed.body).toBe(200)
  return { email, unsubscribeToken: tokenIn(mail!, 'odjava') }
}

describe('asking for a back-in-stock alert', () => {
  it('answers each refused request with its status, code and message, and writes nothing', async () => {
    const inStock = await createProduct(test.db, { name: 'Bušilica', stock: 4 })
    const soldOut = await createProduct(test.db, { name: 'Brusilica', stock: 0 })
    const withOptions = await createProduct(test.db, {
      name: 'Rukavice',
      stock: 0,
      options: [
        { size: 'L', customId: 'RUK-L', stock: 0 },
        { size: 'XL', customId: 'RUK-XL', stock: 3 },
      ],
    })
    const email = mailbox()
    const refusal = messages.stockAlerts
    const cases: [string, Record<string, unknown>, number, string, string][] = [
      ['no e-mail', { productId: soldOut.id }, 400, 'VALIDATION_FAILED', refusal.emailRequired],
      ['blank e-mail', { productId: soldOut.id, email: '  ' }, 400, 'VALIDATION_FAILED', refusal.emailRequired],
      ['bad e-mail', { productId: soldOut.id, email: 'kupac@' }, 400, 'VALIDATION_FAILED', refusal.emailInvalid],
      ['no product', { email }, 400, 'VALIDATION_FAILED', refusal.productRequired],
      ['unknown product', { productId: randomUUID(), email }, 404, 'PRODUCT_NOT_FOUND', refusal.productNotFound],
      ['unknown code', { productId: 'NEMA-TAKVOG', email }, 404, 'PRODUCT_NOT_FOUND', refusal.productNotFound],
      ['product in stock', { productId: inStock.id, email }, 409, 'PRODUCT_IN_STOCK', refusal.productInStock],
      [
        'option in stock',
        { productId: withOptions.id, optionCode: 'RUK-XL', email },
        409,
        'PRODUCT_IN_STOCK',
        refusal.optionInStock,
      ],
      [
        'no option of a product with options',
        { productId: withOptions.id, email },
        400,
        'OPTION_REQUIRED',
        refusal.optionRequired,
      ],
      [
        'unknown option',
        { productId: withOptions.id, optionCode: 'XXL', email },
        404,
        'OPTION_NOT_FOUND',
        refusal.optionNotFound,
      ],
      [
        'an option of a product without options',
        { productId: soldOut.id, optionCode: 'L', email },
        404,
        'OPTION_NOT_FOUND',
        refusal.optionNotFound,
      ],
    ]
    for (const [what, payload, status, code, message] of cases) {
      const response = await subscribe(payload)
      expect([what, response.statusCode]).toEqual([what, status])
      expect(json(response)).toMatchObject({ code, message })
    }
    const { rows } = await test.db.query('select 1 from stock_alerts where email = $1', [email])
    expect(rows).toHaveLength(0)
    expect(await mailsTo(email)).toHaveLength(0)
  })

  it('mails a confirmation with a link, one-click unsubscribe headers and a text part', async () => {
    const product = await createProduct(test.db, {
      name: 'Lampa',
      stock: 0,
      options: [{ size: '2700K', customId: 'LAMPA-2700', stock: 0 }],
    })
    const email = mailbox()
    // By the product's code and the option's label; the address as typed, stored normalised.
    const response = await subscribe({
      productId: product.customId,
      optionCode: '2700K',
      email: ` ${email.toUpperCase()} `,
    })
    expect(response.statusCode).toBe(201)
    expect(json(response)).toEqual({
      status: 'confirmation_sent',
      message: 'Poslali smo vam e-mail. Potvrdite prijavu klikom na poveznicu u poruci.',
    })
    const [mail, ...others] = await mailsTo(email)
    expect(others).toHaveLength(0)
    expect(mail!.kind).toBe('stock_alert_confirm')
    expect(mail!.subject).toBe('Potvrdite obavijest o dostupnosti – Trgovina Sovići')
    expect(mail!.text_body).toContain('Zatražili ste obavijest kada proizvod „Lampa (2700K)” ponovo bude na stanju.')
    expect(mail!.text_body).toContain('Poveznica vrijedi 7 dana.')
    expect(mail!.html_body).toContain('Potvrdi obavijest')
    const unsubscribeToken = tokenIn(mail!, 'odjava')
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<http://shop.test/api/stock-alerts/unsubscribe/${unsubscribeToken}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
    // Only the tokens' hashes are kept.
    const { rows } = await test.db.query<{ token_hash: string }>(
      'select t.token_hash from stock_alert_tokens t join stock_alerts a on a.id = t.alert_id where a.email = $1',
      [email],
    )
    expect(rows).toHaveLength(2)
    expect(rows.map((row) => row.token_hash)).not.toContain(unsubscribeToken)
    expect(rows.map((row) => row.token_hash)).not.toContain(tokenIn(mail!, 'potvrda'))
  })

  it('keeps one alert for a repeated request: a new mail before the confirmation, none after it', async () => {
    const product = await createProduct(test.db, { name: 'Čekić', stock: 0 })
    const email = mailbox()
    expect((await subscribe({ productId: product.id, email })).statusCode).toBe(201)
    expect((await subscribe({ productId: product.id, email })).statusCode).toBe(201)
    const mails = await mailsTo(email, 'stock_alert_confirm')
    expect(mails).toHaveLength(2)
    // Either mail's link confirms the one alert.
    expect(
      (await test.app.inject({ url: `/api/stock-alerts/confirm/${tokenIn(mails[0]!, 'potvrda')}` })).statusCode,
    ).toBe(200)
    const again = await subscribe({ productId: product.id, email })
    expect(again.statusCode).toBe(200)
    expect(json(again)).toEqual({
      status: 'already_subscribed',
      message: 'Već ste prijavljeni za ovu obavijest. Javit ćemo vam čim proizvod stigne.',
    })
    expect(await mailsTo(email, 'stock_alert_confirm')).toHaveLength(2)
    const { rows } = await test.db.query('select 1 from stock_alerts where email = $1', [email])
    expect(rows).toHaveLength(1)
  })

  it("turns the alert on at once for a signed-in customer's own address, without a mail", async () => {
    const product = await createProduct(test.db, { name: 'Klješta', stock: 0 })
    const user = await createUser(test.db, { email: mailbox() })
    const token = await test.app.tokens.sign({ userId: user.id, role: 'user', tokenVersion: 0 })
    const response = await subscribe(
      { productId: product.id, email: user.email },
      { headers: { authorization: `Bearer ${token}` } },
    )
    expect(response.statusCode).toBe(201)
    expect(json(response)).toEqual({
      status: 'subscribed',
      message: 'Prijavljeni ste. Javit ćemo vam čim proizvod ponovo bude na stanju.',
    })
    expect(await mailsTo(user.email)).toHaveLength(0)
    await correctStock(product.id, 2)
    await sendDueStockAlerts(test.db, links, test.clock.now)
    expect(await mailsTo(user.email, 'stock_alert')).toHaveLength(1)
  })
})

describe('the confirmation link', () => {
  it('confirms once and answers a second visit the same; a wrong, foreign or expired token is 404', async () => {
    const product = await createProduct(test.db, { name: 'Odvijač', stock: 0 })
    const email = mailbox()
    await subscribe({ productId: product.id, email })
    const [mail] = await mailsTo(email)
    const token = tokenIn(mail!, 'potvrda')
    for (let visit = 0; visit < 2; visit += 1) {
      const response = await test.app.inject({ url: `/api/stock-alerts/confirm/${token}` })
      expect(response.statusCode).toBe(200)
      expect(json(response)).toEqual({
        message: 'Prijava je potvrđena. Javit ćemo vam čim „Odvijač” ponovo bude na stanju.',
        product: { id: product.id, customId: product.customId, name: 'Odvijač', option: null },
        isInStock: false,
      })
    }
    const invalid = {
      message: 'Poveznica nije valjana ili je istekla. Prijavite se ponovo na stranici proizvoda.',
      error: 'Not Found',
      code: 'STOCK_ALERT_NOT_FOUND',
    }
    for (const wrong of ['kratak', 'A'.repeat(43), tokenIn(mail!, 'odjava')]) {
      const response = await test.app.inject({ url: `/api/stock-alerts/confirm/${wrong}` })
      expect(response.statusCode).toBe(404)
      expect(json(response)).toEqual(invalid)
    }
    // A week later the link has expired.
    const later = mailbox()
    await subscribe({ productId: product.id, email: later })
    const laterToken = tokenIn((await mailsTo(later))[0]!, 'potvrda')
    const start = test.clock.now
    test.clock.now = start + 8 * 24 * 60 * 60 * 1000
    try {
      const response = await test.app.inject({ url: `/api/stock-alerts/confirm/${laterToken}` })
      expect(response.statusCode).toBe(404)
      expect(json(response)).toEqual(invalid)
    } finally {
      test.clock.now = start
    }
  })

  it('sends the alert at once when the stock came back before the confirmation', async () => {
    const product = await createProduct(test.db, { name: 'Pila', stock: 0 })
    const email = mailbox()
    await subscribe({ productId: product.id, email })
    await correctStock(product.id, 5)
    await sendDueStockAlerts(test.db, links, test.clock.now)
    expect(await mailsTo(email, 'stock_alert')).toHaveLength(0)
    const response = await test.app.inject({
      url: `/api/stock-alerts/confirm/${tokenIn((await mailsTo(email))[0]!, 'potvrda')}`,
    })
    expect(json(response)).toMatchObject({
      message: 'Prijava je potvrđena. „Pila” je upravo ponovo na stanju: poslali smo vam obavijest.',
      isInStock: true,
    })
    await sendDueStockAlerts(test.db, links, test.clock.now)
    expect(await mailsTo(email, 'stock_alert')).toHaveLength(1)
  })
})

describe('the mail when the stock comes back', () => {
  it('sends each confirmed subscriber one mail, once; none to an unconfirmed one', async () => {
    const product = await createProduct(test.db, {
      name: 'Lanac',
      stock: 0,
      options: [
        { size: '5 m', customId: 'LANAC-5', stock: 0, price: 24.5 },
        { size: '10 m', customId: 'LANAC-10', stock: 0, price: 44 },
      ],
    })
    const first = await confirmedSubscriber(product.id, 'LANAC-5')
    const second = await confirmedSubscriber(product.id, '5 m')
    const otherOption = await confirmedSubscriber(product.id, 'LANAC-10')
    const unconfirmed = mailbox()
    await subscribe({ productId: product.id, optionCode: 'LANAC-5', email: unconfirmed })

    await correctStock(product.id, 4, 'LANAC-5')
    expect(await sendDueStockAlerts(test.db, links, test.clock.now)).toBe(2)
    for (const subscriber of [first, second]) {
      const mails = await mailsTo(subscriber.email, 'stock_alert')
      expect(mails).toHaveLength(1)
      const mail = mails[0]!
      expect(mail.subject).toBe('Ponovo na stanju: Lanac (5 m) – Trgovina Sovići')
      expect(mail.text_body).toContain('Proizvod „Lanac (5 m)” je ponovo na stanju.')
      expect(mail.text_body).toContain('Šifra: LANAC-5')
      expect(mail.text_body).toContain('Cijena: 24,50 KM')
      expect(mail.text_body).toContain(`http://shop.test/product/${product.customId}`)
      const token = tokenIn(mail, 'odjava')
      expect(mail.headers).toEqual({
        'List-Unsubscribe': `<http://shop.test/api/stock-alerts/unsubscribe/${token}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      })
    }
    expect(await mailsTo(otherOption.email, 'stock_alert')).toHaveLength(0)
    expect(await mailsTo(unconfirmed, 'stock_alert')).toHaveLength(0)

    // Sold out and back again: the alert was sent once and is done.
    await correctStock(product.id, -4, 'LANAC-5')
    await correctStock(product.id, 2, 'LANAC-5')
    expect(await sendDueStockAlerts(test.db, links, test.clock.now)).toBe(0)
    expect(await mailsTo(first.email, 'stock_alert')).toHaveLength(1)
  })

  it('sends exactly one mail when two restocks and a cancel bring the stock back at the same moment', async () => {
    const product = await createProduct(test.db, { name: 'Ljestve', stock: 1 })
    const buyer = await createUser(test.db, { email: mailbox() })
    const token = await test.app.tokens.sign({ userId: buyer.id, role: 'user', tokenVersion: 0 })
    const buyerHeaders = { authorization: `Bearer ${token}` }
    const order = await test.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyerHeaders,
      payload: {
        products: [{ product_id: product.id, quantity: 1 }],
        shippingAddress: DELIVERY_ADDRESS,
        shippingMethod: { id: 'courier' },
      },
    })
    expect(order.statusCode, order.body).toBe(201)
    const subscribers = await Promise.all(Array.from({ length: 3 }, () => confirmedSubscriber(product.id)))
    const staff = await staffHeaders()
    const restock = () =>
      test.app.inject({
        method: 'POST',
        url: `/api/products/${product.id}/stock-corrections`,
        headers: staff,
        payload: { change: 3, reason: 'Stigla roba' },
      })
    const results = await Promise.all([
      restock(),
      restock(),
      test.app.inject({
        method: 'PATCH',
        url: `/api/orders/${json<{ id: string }>(order).id}/cancel`,
        headers: buyerHeaders,
      }),
      // Two senders (two processes' jobs) at the same moment.
      sendDueStockAlerts(test.db, links, test.clock.now),
      sendDueStockAlerts(test.db, links, test.clock.now),
    ])
    expect(results.slice(0, 3).map((response) => (response as { statusCode: number }).statusCode)).toEqual([
      200, 200, 200,
    ])
    await Promise.all([
      sendDueStockAlerts(test.db, links, test.clock.now),
      sendDueStockAlerts(test.db, links, test.clock.now),
    ])
    for (const subscriber of subscribers) expect(await mailsTo(subscriber.email, 'stock_alert')).toHaveLength(1)
  })

  it("comes from every path that changes stock: a staff edit, and a change outside the shop's own services", async () => {
    const edited = await createProduct(test.db, { name: 'Kliješta za cijevi', stock: 0 })
    const repaired = await createProduct(test.db, { name: 'Cijevni ključ', stock: 0 })
    const first = await confirmedSubscriber(edited.id)
    const second = await confirmedSubscriber(repaired.id)
    const response = await test.app.inject({
      method: 'PATCH',
      url: `/api/products/${edited.id}`,
      headers: await staffHeaders(),
      payload: (await withCurrentVersion(test.db, 'products', edited.id, { stock: 4 })) as object,
    })
    expect(response.statusCode, response.body).toBe(200)
    // An import or a repair in SQL: the trigger sees it as it sees the rest.
    await test.db.query('update products set stock = 7 where id = $1', [repaired.id])
    await sendDueStockAlerts(test.db, links, test.clock.now)
    expect(await mailsTo(first.email, 'stock_alert')).toHaveLength(1)
    expect(await mailsTo(second.email, 'stock_alert')).toHaveLength(1)
  })

  it('waits while the stock sold out again before the mail was written, and sends it at the next return', async () => {
    const product = await createProduct(test.db, { name: 'Metar', stock: 0 })
    const subscriber = await confirmedSubscriber(product.id)
    await correctStock(product.id, 1)
    await correctStock(product.id, -1)
    expect(await sendDueStockAlerts(test.db, links, test.clock.now)).toBe(0)
    await correctStock(product.id, 3)
    await sendDueStockAlerts(test.db, links, test.clock.now)
    expect(await mailsTo(subscriber.email, 'stock_alert')).toHaveLength(1)
  })

  it('hands the mail server the List-Unsubscribe headers', async () => {
    const product = await createProduct(test.db, { name: 'Libela', stock: 0 })
    const subscriber = await confirmedSubscriber(product.id)
    await correctStock(product.id, 1)
    await sendDueStockAlerts(test.db, links, test.clock.now)
    const sent: Parameters<MailTransport['sendMail']>[0][] = []
    const worker = startMailWorker({
      db: test.db,
      config: test.config,
      log: test.app.log,
      transport: { sendMail: async (message) => void sent.push(message) },
      pollIntervalMs: 60_000,
    })
    await worker.drain()
    await worker.stop()
    const alert = sent.find((message) => message.to === subscriber.email && message.subject.startsWith('Ponovo'))
    expect(alert?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(alert?.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/shop\.test\/api\/stock-alerts\/unsubscribe\//)
    expect(alert?.text).toContain('Odjava od obavijesti o dostupnosti')
  })
})

describe('unsubscribing', () => {
  it('ends the alerts of the address: no mail when the stock comes back; a second use answers the same', async () => {
    const product = await createProduct(test.db, { name: 'Zidarska žlica', stock: 0 })
    const other = await createProduct(test.db, { name: 'Gleterica', stock: 0 })
    const subscriber = await confirmedSubscriber(product.id)
    await subscribe({ productId: other.id, email: subscriber.email })
    const response = await test.app.inject({ url: `/api/stock-alerts/unsubscribe/${subscriber.unsubscribeToken}` })
    expect(response.statusCode).toBe(200)
    expect(json(response)).toEqual({
      message: `Odjavljeni ste. Na adresu ${subscriber.email} više nećemo slati obavijesti o dostupnosti proizvoda.`,
      email: subscriber.email,
      ended: 2,
    })
    const again = await test.app.inject({ url: `/api/stock-alerts/unsubscribe/${subscriber.unsubscribeToken}` })
    expect(json(again)).toMatchObject({ ended: 0, email: subscriber.email })
    await correctStock(product.id, 5)
    await correctStock(other.id, 5)
    expect(await sendDueStockAlerts(test.db, links, test.clock.now)).toBe(0)
    expect(await mailsTo(subscriber.email, 'stock_alert')).toHaveLength(0)
    const unknown = await test.app.inject({ url: `/api/stock-alerts/unsubscribe/${'B'.repeat(43)}` })
    expect(unknown.statusCode).toBe(404)
    expect(json(unknown)).toMatchObject({ code: 'STOCK_ALERT_NOT_FOUND' })
  })

  it("takes a mail client's one-click POST (RFC 8058) to the List-Unsubscribe address", async () => {
    const product = await createProduct(test.db, { name: 'Kist', stock: 0 })
    const subscriber = await confirmedSubscriber(product.id)
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/stock-alerts/unsubscribe/${subscriber.unsubscribeToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(json(response)).toMatchObject({ ended: 1 })
    await correctStock(product.id, 1)
    expect(await sendDueStockAlerts(test.db, links, test.clock.now)).toBe(0)
  })
})

describe('limits', () => {
  it(`sends at most ${CONFIRMATIONS_PER_MAILBOX_PER_HOUR} confirmation mails an hour to one mailbox, from any address`, async () => {
    const email = mailbox()
    const products = await Promise.all(
      Array.from({ length: CONFIRMATIONS_PER_MAILBOX_PER_HOUR + 1 }, (_, index) =>
        createProduct(test.db, { name: `Vijak ${index}`, stock: 0 }),
      ),
    )
    for (const product of products.slice(0, CONFIRMATIONS_PER_MAILBOX_PER_HOUR)) {
      expect((await subscribe({ productId: product.id, email })).statusCode).toBe(201)
    }
    const refused = await subscribe({ productId: products.at(-1)!.id, email })
    expect(refused.statusCode).toBe(429)
    expect(json(refused)).toEqual({
      message: 'Na ovu adresu je u zadnjih sat vremena poslano previše poruka. Pokušajte ponovo kasnije.',
      error: 'Too Many Requests',
      code: 'TOO_MANY_STOCK_ALERTS',
    })
    expect(await mailsTo(email)).toHaveLength(CONFIRMATIONS_PER_MAILBOX_PER_HOUR)
    // An hour later the mailbox may be written to again.
    const start = test.clock.now
    test.clock.now = start + 61 * 60 * 1000
    try {
      expect((await subscribe({ productId: products.at(-1)!.id, email })).statusCode).toBe(201)
    } finally {
      test.clock.now = start
    }
  })

  it(`takes ${ALERT_REQUESTS_PER_ADDRESS} requests from one client address in ten minutes`, async () => {
    const product = await createProduct(test.db, { name: 'Ekser', stock: 0 })
    const address = freshAddress()
    const statuses: number[] = []
    for (let index = 0; index <= ALERT_REQUESTS_PER_ADDRESS; index += 1) {
      statuses.push((await subscribe({ productId: product.id, email: mailbox() }, { address })).statusCode)
    }
    expect(statuses).toEqual([...Array<number>(ALERT_REQUESTS_PER_ADDRESS).fill(201), 429])
    const refused = await subscribe({ productId: product.id, email: mailbox() }, { address })
    expect(json(refused)).toEqual({
      message: 'Poslali ste previše prijava. Pokušajte ponovo za nekoliko minuta.',
      error: 'Too Many Requests',
      code: 'TOO_MANY_REQUESTS',
    })
    // Another address is not held up.
    expect((await subscribe({ productId: product.id, email: mailbox() })).statusCode).toBe(201)
  })
})

describe('products admin', () => {
  it('shows the confirmed alerts still waiting, per product and option', async () => {
    const product = await createProduct(test.db, {
      name: `Zaštitne naočale ${randomUUID().slice(0, 6)}`,
      stock: 0,
      options: [
        { size: 'Prozirne', customId: `NAO-P-${randomUUID().slice(0, 6)}`, stock: 0 },
        { size: 'Tamne', customId: `NAO-T-${randomUUID().slice(0, 6)}`, stock: 0 },
      ],
    })
    await confirmedSubscriber(product.id, 'Prozirne')
    await confirmedSubscriber(product.id, 'Prozirne')
    await confirmedSubscriber(product.id, 'Tamne')
    await subscribe({ productId: product.id, optionCode: 'Tamne', email: mailbox() })
    const response = await test.app.inject({
      url: `/api/admin/products?search=${encodeURIComponent(product.name)}`,
      headers: await staffHeaders(),
    })
    expect(response.statusCode).toBe(200)
    const listed = json<{ products: { id: string; waitingAlerts: unknown }[] }>(response).products
    expect(listed.find((entry) => entry.id === product.id)?.waitingAlerts).toEqual({
      total: 3,
      options: { Prozirne: 2, Tamne: 1 },
    })
  })
})
