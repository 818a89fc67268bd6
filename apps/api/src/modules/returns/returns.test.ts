import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '@shop/shared/rules/roles.ts'
import { json, signedInUser } from '../../../test/helpers.ts'
import { expectErrorAnswer } from '../../../test/support/expect-answer.ts'
import { useSignInAs } from '../../../test/support/use-test-app.ts'
import { GIF_BYTES, multipart, solidPng, storedFiles, type FilePart } from '../catalogue/test-fixtures.ts'
import {
  DELIVERY_ADDRESS,
  useOrderTestApp,
  createProduct,
  optionStock,
  placeOrder as placeOrderThrough,
  productStock,
} from '../orders/test-fixtures.ts'

// Complaints and returns (docs/decisions.md ('Complaints and returns')): a buyer files from the order page (by its link, or as
// the signed-in owner by id) within the legal page's windows; staff move it requested → approved → received →
// refunded or replaced, or reject it with a reason; 'received' puts the goods back once.

const test = useOrderTestApp({ SHOP_EMAIL: 'shop@example.ba', PUBLIC_URL: 'http://shop.test' })
const manager = useSignInAs(test, 'store_manager')
const admin = useSignInAs(test, 'admin')
const shopper = useSignInAs(test, 'user')

const DAY = 24 * 60 * 60 * 1000
const ERROR_400 = 'Bad Request'

type ReturnableLine = {
  itemId: string
  name: string
  size: string | null
  ordered: number
  claimed: number
  available: number
}
type BuyerReturn = {
  id: string
  status: string
  reason: string
  description: string
  photos: { url: string; width: number; height: number }[]
  lines: { itemId: string; name: string; size: string | null; quantity: number }[]
  history: { status: string; at: string; note: string | null }[]
  rejectionReason: string | null
}
type OrderReturns = {
  deliveredAt: string | null
  returnUntil: string | null
  wrongDeliveryUntil: string | null
  canFile: boolean
  lines: ReturnableLine[]
  returns: BuyerReturn[]
}

type Delivered = {
  orderId: string
  token: string
  email: string
  plain: { id: string; name: string }
  sized: { id: string; optionId: string; name: string }
  lines: ReturnableLine[]
}

const customer = (roles: Role[] = ['user']) => signedInUser(test, { roles })

const setStatus = async (id: string, status: string) => {
  const response = await test.app.inject({
    method: 'PATCH',
    url: `/api/orders/${id}/status`,
    payload: { status },
    headers: manager,
  })
  expect(response.statusCode, response.body).toBe(200)
}

/** A guest's (or a customer's) order of 3 plain pieces and 2 of size M, delivered unless told not to be. */
async function placeOrder({
  headers = {},
  deliver = true,
}: { headers?: Record<string, string>; deliver?: boolean } = {}) {
  const plain = await createProduct(test.db, { name: 'Bušilica', stock: 10 })
  const sized = await createProduct(test.db, { name: 'Majica', options: [{ size: 'M', stock: 5 }] })
  const order = await placeOrderThrough<{ id: string; orderPageToken: string; email: string }>(
    test,
    [
      { product: plain, quantity: 3 },
      { product: sized, quantity: 2, size: 'M' },
    ],
    { headers },
  )
  if (deliver) {
    await setStatus(order.id, 'shipped')
    await setStatus(order.id, 'completed')
  }
  const overview = await returnsOf(order.orderPageToken)
  return {
    orderId: order.id,
    token: order.orderPageToken,
    email: order.email,
    plain: { id: plain.id, name: plain.name },
    sized: { id: sized.id, optionId: sized.options[0]!.id, name: sized.name },
    lines: overview.lines,
  } satisfies Delivered
}

async function returnsOf(token: string): Promise<OrderReturns> {
  const response = await test.app.inject({ method: 'GET', url: `/api/order-status/${token}/returns` })
  expect(response.statusCode, response.body).toBe(200)
  return json<OrderReturns>(response)
}

type Filing = {
  lines?: unknown
  reason?: string
  description?: string
  photos?: FilePart[]
  raw?: Record<string, string>
}

function fileBy(url: string, filing: Filing, headers: Record<string, string> = {}) {
  const fields: Record<string, string> = {
    ...(filing.lines === undefined ? {} : { lines: JSON.stringify(filing.lines) }),
    ...(filing.reason === undefined ? {} : { reason: filing.reason }),
    ...(filing.description === undefined ? {} : { description: filing.description }),
    ...filing.raw,
  }
  const body = multipart(filing.photos ?? [], fields)
  return test.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...headers } })
}

const fileByToken = (token: string, filing: Filing) => fileBy(`/api/order-status/${token}/returns`, filing)

function filingOf(order: Delivered, quantities: [number, number], extra: Filing = {}): Filing {
  const lines = order.lines
    .map((line, index) => ({ itemId: line.itemId, quantity: quantities[index]! }))
    .filter((line) => line.quantity > 0)
  return { lines, reason: 'does_not_fit', description: 'Ne odgovara veličina, želim povrat.', ...extra }
}

async function png(): Promise<FilePart> {
  return {
    field: 'photos',
    filename: 'slika.png',
    contentType: 'image/png',
    content: await solidPng(40, 30, { r: 200, g: 30, b: 30 }),
  }
}

async function fileOk(order: Delivered, quantities: [number, number], extra: Filing = {}): Promise<BuyerReturn> {
  const response = await fileByToken(order.token, filingOf(order, quantities, extra))
  expect(response.statusCode, response.body).toBe(201)
  return json<{ return: BuyerReturn }>(response).return
}

const step = (id: string, payload: Record<string, unknown>, headers: Record<string, string> = manager) =>
  test.app.inject({ method: 'PUT', url: `/api/returns/${id}`, payload, headers })

async function mailsTo(email: string, kind: string) {
  const { rows } = await test.db.query<{ subject: string; text_body: string; html_body: string }>(
    'select subject, text_body, html_body from outbox where to_address = $1 and kind = $2 order by id',
    [email, kind],
  )
  return rows
}

async function ledgerOf(productId: string) {
  const { rows } = await test.db.query<{ kind: string; change: number; reason: string; actor_email: string | null }>(
    `select kind, change, reason, actor_email from stock_ledger where product_id = $1 and kind = 'return' order by id`,
    [productId],
  )
  return rows
}

const withClock = async <T>(offset: number, work: () => Promise<T>): Promise<T> => {
  const start = test.clock.now
  test.clock.now = Date.now() + offset
  try {
    return await work()
  } finally {
    test.clock.now = start
  }
}

describe('filing a complaint from the order page', () => {
  let order: Delivered
  beforeAll(async () => {
    order = await placeOrder()
  })

  it('shows the order lines, the windows and nothing filed yet', async () => {
    const overview = await returnsOf(order.token)
    expect(overview.canFile).toBe(true)
    expect(overview.deliveredAt).not.toBeNull()
    const delivered = Date.parse(overview.deliveredAt!)
    expect(Date.parse(overview.returnUntil!)).toBe(delivered + 15 * DAY)
    expect(Date.parse(overview.wrongDeliveryUntil!)).toBe(delivered + 7 * DAY)
    expect(overview.lines).toMatchObject([
      { name: 'Bušilica', size: null, ordered: 3, claimed: 0, available: 3 },
      { name: 'Majica', size: 'M', ordered: 2, claimed: 0, available: 2 },
    ])
    expect(overview.returns).toEqual([])
  })

  it('files lines, reason, description and a photo; mails the buyer and the shop; shows the step', async () => {
    const filed = await fileOk(order, [1, 0], { reason: 'damaged', photos: [await png()] })
    expect(filed).toMatchObject({
      status: 'requested',
      reason: 'damaged',
      description: 'Ne odgovara veličina, želim povrat.',
      lines: [{ name: 'Bušilica', quantity: 1 }],
      history: [{ status: 'requested', note: null }],
      rejectionReason: null,
    })
    expect(filed.photos).toHaveLength(1)
    expect(filed.photos[0]!.url).toMatch(/^\/api\/returns\/photos\/[0-9a-f-]+\.webp\?expires=\d+&sig=[\w-]{43}$/)
    expect(storedFiles(test.config.dataDir).some((file) => file.startsWith('returns/'))).toBe(true)

    const [buyerMail] = await mailsTo(order.email, 'return_requested')
    expect(buyerMail!.subject).toBe(
      `Reklamacija za narudžbu #${order.orderId.slice(0, 8)} je zaprimljena - Trgovina Sovići`,
    )
    expect(buyerMail!.text_body).toMatch(/http:\/\/shop\.test\/narudzba\/[A-Za-z0-9_-]{43}/)
    expect(buyerMail!.html_body).toContain('Bušilica')
    const [shopMail] = await mailsTo('shop@example.ba', 'return_new')
    expect(shopMail!.subject).toBe(`Nova reklamacija za narudžbu #${order.orderId.slice(0, 8)}`)
    expect(shopMail!.text_body).toContain('http://shop.test/admin/returns')

    const overview = await returnsOf(order.token)
    expect(overview.returns).toHaveLength(1)
    expect(overview.lines[0]).toMatchObject({ claimed: 1, available: 2 })

    const { rows } = await test.db.query<{ actor_email: string }>(
      `select actor_email from audit_log where action = 'return.create' and entity_id = $1`,
      [filed.id],
    )
    expect(rows).toEqual([{ actor_email: order.email }])
  })

  it('shows its photos only by signed links that expire, never at a public address', async () => {
    const own = await placeOrder()
    const filed = await fileOk(own, [1, 0], { reason: 'damaged', photos: [await png()] })
    const link = filed.photos[0]!.url
    const get = (url: string) => test.app.inject({ method: 'GET', url })
    const photo = await get(link)
    expect(photo.statusCode).toBe(200)
    expect(photo.headers['content-type']).toBe('image/webp')
    expect(photo.headers['cache-control']).toMatch(/^private, max-age=\d+$/)
    expect(photo.rawPayload.subarray(8, 12).toString()).toBe('WEBP')

    // The staff list gives a link of its own to the same photo.
    const list = json<{ items: { id: string; photos: { url: string }[] }[] }>(
      await test.app.inject({ method: 'GET', url: '/api/returns?status=requested', headers: manager }),
    )
    const staffLink = list.items.find((each) => each.id === filed.id)?.photos[0]?.url
    expect(staffLink).toMatch(/^\/api\/returns\/photos\//)
    expect((await get(staffLink!)).statusCode).toBe(200)

    const [path, query] = link.split('?') as [string, string]
    const file = path.slice('/api/returns/photos/'.length)
    const notFound = { message: 'Slika nije pronađena.', error: 'Not Found', code: 'IMAGE_NOT_FOUND' }
    // Not at the address product images have, not without its signature, not with another file's.
    expectErrorAnswer(await get(`/api/images/returns/${file}`), 404, notFound)
    expectErrorAnswer(await get(path), 404, notFound)
    expectErrorAnswer(await get(`/api/returns/photos/${randomUUID()}.webp?${query}`), 404, notFound)
    expectErrorAnswer(await get(`${path}?${query.replace(/sig=[\w-]{43}/, `sig=${'A'.repeat(43)}`)}`), 404, notFound)
    // Past its time the link opens nothing; a new answer gives a new one.
    await withClock(3 * DAY, async () => {
      expectErrorAnswer(await get(link), 404, notFound)
      const again = await returnsOf(own.token)
      const fresh = again.returns.find((each) => each.id === filed.id)!.photos[0]!.url
      expect(fresh).not.toBe(link)
      expect((await get(fresh)).statusCode).toBe(200)
    })
  })

  it('refuses more of a line than was ordered less what is claimed, naming the line and what is left', async () => {
    expectErrorAnswer(await fileByToken(order.token, filingOf(order, [3, 0])), 422, {
      message: 'Za „Bušilica” možete prijaviti najviše 2 kom.',
      error: 'Unprocessable Entity',
      code: 'RETURN_QUANTITY_TOO_HIGH',
    })
    expectErrorAnswer(await fileByToken(order.token, filingOf(order, [0, 3])), 422, {
      message: 'Za „Majica (M)” možete prijaviti najviše 2 kom.',
      error: 'Unprocessable Entity',
      code: 'RETURN_QUANTITY_TOO_HIGH',
    })
  })

  it.each<[string, Filing | ((order: Delivered) => Filing), string, string]>([
    [
      'no lines',
      { lines: [], reason: 'other', description: 'Nešto nije u redu.' },
      'RETURN_LINES_INVALID',
      'Odaberite barem jedan proizvod i količinu.',
    ],
    [
      'lines missing',
      { reason: 'other', description: 'Nešto nije u redu.' },
      'RETURN_LINES_INVALID',
      'Odaberite barem jedan proizvod i količinu.',
    ],
    [
      'lines not JSON',
      { raw: { lines: '[{', reason: 'other', description: 'Nešto nije u redu.' } },
      'RETURN_LINES_INVALID',
      'Odaberite barem jedan proizvod i količinu.',
    ],
    [
      'a line of another order',
      { lines: [{ itemId: randomUUID(), quantity: 1 }], reason: 'other', description: 'Nešto nije u redu.' },
      'RETURN_LINES_INVALID',
      'Odabrani proizvod nije dio ove narudžbe.',
    ],
    [
      'a line that is no id',
      { lines: [{ itemId: 'x', quantity: 1 }], reason: 'other', description: 'Nešto nije u redu.' },
      'RETURN_LINES_INVALID',
      'Odabrani proizvod nije dio ove narudžbe.',
    ],
    [
      'quantity 0',
      (o) => filingOf(o, [0, 0], { lines: [{ itemId: o.lines[0]!.itemId, quantity: 0 }] }),
      'RETURN_LINES_INVALID',
      'Količina mora biti cijeli broj veći od nule.',
    ],
    [
      'quantity 1.5',
      (o) => filingOf(o, [0, 0], { lines: [{ itemId: o.lines[0]!.itemId, quantity: 1.5 }] }),
      'RETURN_LINES_INVALID',
      'Količina mora biti cijeli broj veći od nule.',
    ],
    [
      'a line twice',
      (o) =>
        filingOf(o, [0, 0], {
          lines: [
            { itemId: o.lines[0]!.itemId, quantity: 1 },
            { itemId: o.lines[0]!.itemId, quantity: 1 },
          ],
        }),
      'RETURN_LINES_INVALID',
      'Svaki proizvod odaberite samo jednom.',
    ],
    ['no reason', (o) => filingOf(o, [1, 0], { reason: undefined }), 'RETURN_REASON_INVALID', 'Odaberite razlog.'],
    [
      'an unknown reason',
      (o) => filingOf(o, [1, 0], { reason: 'bored' }),
      'RETURN_REASON_INVALID',
      'Odaberite razlog.',
    ],
    [
      'a short description',
      (o) => filingOf(o, [1, 0], { description: '  kratko ' }),
      'RETURN_DESCRIPTION_INVALID',
      'Opišite problem (najmanje 10 znakova).',
    ],
    [
      'no description',
      (o) => filingOf(o, [1, 0], { description: undefined }),
      'RETURN_DESCRIPTION_INVALID',
      'Opišite problem (najmanje 10 znakova).',
    ],
    [
      'a long description',
      (o) => filingOf(o, [1, 0], { description: 'a'.repeat(2001) }),
      'RETURN_DESCRIPTION_INVALID',
      'Opis može imati najviše 2000 znakova.',
    ],
  ])('refuses %s: 400 %s', async (_name, filing, code, message) => {
    const before = (await returnsOf(order.token)).returns.length
    const response = await fileByToken(order.token, typeof filing === 'function' ? filing(order) : filing)
    expectErrorAnswer(response, 400, { message, error: ERROR_400, code })
    expect((await returnsOf(order.token)).returns).toHaveLength(before)
  })

  it('takes at most three photos, of the staff images’ types, and stores nothing when refused', async () => {
    const files = () => storedFiles(test.config.dataDir).filter((file) => file.startsWith('returns/')).length
    const before = files()
    const photo = await png()
    expectErrorAnswer(
      await fileByToken(order.token, filingOf(order, [1, 0], { photos: [photo, photo, photo, photo] })),
      400,
      {
        message: 'Možete priložiti najviše tri fotografije.',
        error: ERROR_400,
        code: 'RETURN_TOO_MANY_PHOTOS',
      },
    )
    const gif: FilePart = { field: 'photos', filename: 'a.gif', contentType: 'image/png', content: GIF_BYTES }
    expectErrorAnswer(await fileByToken(order.token, filingOf(order, [1, 0], { photos: [photo, gif] })), 415, {
      message: 'Dozvoljene su samo JPEG, PNG i WebP slike',
      error: 'Unsupported Media Type',
      code: 'INVALID_IMAGE_TYPE',
    })
    expect(files()).toBe(before)
    const three = await fileOk(order, [1, 0], { photos: [photo, photo, photo] })
    expect(three.photos).toHaveLength(3)
  })

  it('answers a body that is not a multipart form 400 RETURN_MALFORMED', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/order-status/${order.token}/returns`,
      payload: { reason: 'other' },
    })
    expectErrorAnswer(response, 400, {
      message: 'Prijava nije ispravno poslana. Molimo pokušajte ponovno.',
      error: ERROR_400,
      code: 'RETURN_MALFORMED',
    })
  })

  it.each(['multipart/form-data', 'multipart/form-data; boundary=other', 'multipart/form-data; boundary=abc'])(
    "answers broken multipart framing ('%s', a body cut short) 400 RETURN_MALFORMED",
    async (contentType) => {
      const response = await test.app.inject({
        method: 'POST',
        url: `/api/order-status/${order.token}/returns`,
        headers: { 'content-type': contentType },
        payload:
          '--abc\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\r\n',
      })
      expectErrorAnswer(response, 400, {
        message: 'Prijava nije ispravno poslana. Molimo pokušajte ponovno.',
        error: ERROR_400,
        code: 'RETURN_MALFORMED',
      })
    },
  )

  it('limits the filings of one order from one address to 30 an hour', async () => {
    const limited = await placeOrder()
    const junk = () =>
      test.app.inject({ method: 'POST', url: `/api/order-status/${limited.token}/returns`, payload: { reason: 'x' } })
    for (let attempt = 0; attempt < 30; attempt += 1) expect((await junk()).statusCode).toBe(400)
    expectErrorAnswer(await junk(), 429, {
      message: 'Previše prijava s ove adrese. Pokušajte ponovno za sat vremena.',
      error: 'Too Many Requests',
      code: 'TOO_MANY_REQUESTS',
    })
  })

  it('answers a wrong or guessed token 404 with no data', async () => {
    const notFound = { message: 'Narudžba nije pronađena', error: 'Not Found', code: 'ORDER_NOT_FOUND' }
    expectErrorAnswer(await fileByToken('A'.repeat(43), filingOf(order, [1, 0])), 404, notFound)
    expectErrorAnswer(await test.app.inject({ method: 'GET', url: '/api/order-status/nope/returns' }), 404, notFound)
  })
})

describe('the windows of the legal page', () => {
  it('refuses an order that is not delivered yet, and says so', async () => {
    const order = await placeOrder({ deliver: false })
    const overview = await returnsOf(order.token)
    expect(overview).toMatchObject({ deliveredAt: null, returnUntil: null, canFile: false })
    expectErrorAnswer(await fileByToken(order.token, filingOf(order, [1, 0])), 409, {
      message: 'Reklamaciju ili povrat možete prijaviti tek kad narudžba bude isporučena.',
      error: 'Conflict',
      code: 'RETURN_NOT_DELIVERED',
    })
    await setStatus(order.orderId, 'shipped')
    expect((await fileByToken(order.token, filingOf(order, [1, 0]))).statusCode).toBe(409)
  })

  it('takes a damaged or wrong delivery within 7 days of delivery and a return within 15', async () => {
    const order = await placeOrder()
    const overview = await returnsOf(order.token)
    await withClock(8 * DAY, async () => {
      for (const reason of ['damaged', 'wrong_product']) {
        const response = await fileByToken(order.token, filingOf(order, [1, 0], { reason }))
        expect(response.statusCode).toBe(422)
        expect(json(response)).toMatchObject({ code: 'RETURN_WINDOW_CLOSED', error: 'Unprocessable Entity' })
        expect(json<{ message: string }>(response).message).toMatch(
          /^Rok za prijavu pogrešne ili oštećene isporuke \(7 dana od preuzimanja\) je istekao \d{1,2}\. \d{1,2}\. \d{4}\. u \d{2}:\d{2}\.$/,
        )
      }
      expect((await returnsOf(order.token)).canFile).toBe(true)
      await fileOk(order, [1, 0], { reason: 'does_not_fit' })
    })
    await withClock(16 * DAY, async () => {
      expect((await returnsOf(order.token)).canFile).toBe(false)
      const response = await fileByToken(order.token, filingOf(order, [1, 0], { reason: 'other' }))
      expect(response.statusCode).toBe(422)
      expect(json(response)).toMatchObject({ code: 'RETURN_WINDOW_CLOSED' })
      expect(json<{ message: string }>(response).message).toMatch(
        /^Rok za povrat \(15 dana od preuzimanja\) je istekao \d{1,2}\. \d{1,2}\. \d{4}\. u \d{2}:\d{2}\.$/,
      )
    })
    expect(overview.canFile).toBe(true)
  })
})

describe('the signed-in owner by order id', () => {
  it('files from her history; another account and a guest are refused', async () => {
    const owner = await customer()
    const order = await placeOrder({ headers: owner.headers })
    const url = `/api/orders/${order.orderId}/returns`
    const overview = await test.app.inject({ method: 'GET', url, headers: owner.headers })
    expect(overview.statusCode).toBe(200)
    expect(json<OrderReturns>(overview).lines).toHaveLength(2)
    const filed = await fileBy(url, filingOf(order, [0, 1]), owner.headers)
    expect(filed.statusCode, filed.body).toBe(201)
    expect(json<{ message: string }>(filed).message).toBe('Prijava je zaprimljena. Javit ćemo vam se e-mailom.')

    const other = await customer()
    const notFound = { message: 'Narudžba nije pronađena', error: 'Not Found', code: 'ORDER_NOT_FOUND' }
    expectErrorAnswer(await fileBy(url, filingOf(order, [0, 1]), other.headers), 404, notFound)
    expectErrorAnswer(await test.app.inject({ method: 'GET', url, headers: other.headers }), 404, notFound)
    expect((await fileBy(url, filingOf(order, [0, 1]))).statusCode).toBe(401)

    // docs/decisions.md, 'Their own data': the export holds her complaints.
    const exported = await test.app.inject({ method: 'GET', url: '/api/account/export', headers: owner.headers })
    expect(exported.statusCode).toBe(200)
    expect(json<{ complaints: BuyerReturn[] }>(exported).complaints).toMatchObject([
      { status: 'requested', lines: [{ name: 'Majica', size: 'M', quantity: 1 }] },
    ])
  })
})

describe('staff handle complaints at /api/returns', () => {
  it('lets store managers and admins in, nobody else', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/returns' })).statusCode).toBe(401)
    expect((await test.app.inject({ method: 'GET', url: '/api/returns', headers: shopper })).statusCode).toBe(403)
    expect((await test.app.inject({ method: 'GET', url: '/api/returns', headers: manager })).statusCode).toBe(200)
    expect((await test.app.inject({ method: 'GET', url: '/api/returns', headers: admin })).statusCode).toBe(200)
    const order = await placeOrder()
    const filed = await fileOk(order, [1, 0])
    expect((await step(filed.id, { status: 'approved' }, shopper)).statusCode).toBe(403)
    expect((await step(filed.id, { status: 'approved' }, {})).statusCode).toBe(401)
    expect((await step(filed.id, { status: 'approved' }, admin)).statusCode).toBe(200)
  })

  it('lists newest first, by status and by the order number or the buyer’s e-mail', async () => {
    const order = await placeOrder()
    const filed = await fileOk(order, [1, 1])
    const byEmail = await test.app.inject({ method: 'GET', url: `/api/returns?query=${order.email}`, headers: manager })
    expect(
      json<{ items: { id: string; email: string; buyerName: string; orderId: string }[]; total: number }>(byEmail),
    ).toMatchObject({
      total: 1,
      items: [{ id: filed.id, email: order.email, orderId: order.orderId, buyerName: DELIVERY_ADDRESS.full_name }],
    })
    const byNumber = await test.app.inject({
      method: 'GET',
      url: `/api/returns?query=${order.orderId.slice(0, 8)}`,
      headers: manager,
    })
    expect(json<{ total: number }>(byNumber).total).toBe(1)
    const approved = await test.app.inject({
      method: 'GET',
      url: '/api/returns?status=approved&query=' + order.email,
      headers: manager,
    })
    expect(json<{ total: number }>(approved).total).toBe(0)
    const odd = await test.app.inject({ method: 'GET', url: '/api/returns?query=%25_%5C', headers: manager })
    expect(odd.statusCode).toBe(200)
  })

  it('moves requested → approved → received → refunded, mails each step, puts the goods back once', async () => {
    const order = await placeOrder()
    const filed = await fileOk(order, [2, 1])
    const plainBefore = await productStock(test.db, order.plain.id)
    const sizedBefore = await optionStock(test.db, order.sized.optionId)

    expectErrorAnswer(await step(filed.id, { status: 'received' }), 409, {
      message: 'Reklamacija u statusu „Zaprimljeno” ne može preći u „Roba zaprimljena”.',
      error: 'Conflict',
      code: 'RETURN_STATUS_ORDER',
    })
    const approved = await step(filed.id, { status: 'approved' })
    expect(approved.statusCode, approved.body).toBe(200)
    expect(json(approved)).toMatchObject({
      message: 'Status reklamacije je promijenjen.',
      return: { status: 'approved' },
    })
    expect(await productStock(test.db, order.plain.id)).toBe(plainBefore)

    const received = await step(filed.id, { status: 'received' })
    expect(received.statusCode, received.body).toBe(200)
    expect(await productStock(test.db, order.plain.id)).toBe(plainBefore + 2)
    expect(await optionStock(test.db, order.sized.optionId)).toBe(sizedBefore + 1)
    expect(await ledgerOf(order.plain.id)).toMatchObject([
      { kind: 'return', change: 2, reason: `Povrat po reklamaciji ${filed.id.slice(0, 8)}` },
    ])

    // A second 'received' is refused and adds nothing.
    expectErrorAnswer(await step(filed.id, { status: 'received' }), 409, {
      message: 'Reklamacija u statusu „Roba zaprimljena” ne može preći u „Roba zaprimljena”.',
      error: 'Conflict',
      code: 'RETURN_STATUS_ORDER',
    })
    expect(await productStock(test.db, order.plain.id)).toBe(plainBefore + 2)

    expect((await step(filed.id, { status: 'refunded' })).statusCode).toBe(200)
    expect((await step(filed.id, { status: 'replaced' })).statusCode).toBe(409)

    const mails = await mailsTo(order.email, 'return_status')
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Reklamacija za narudžbu #${order.orderId.slice(0, 8)}: Odobreno - Trgovina Sovići`,
      `Reklamacija za narudžbu #${order.orderId.slice(0, 8)}: Roba zaprimljena - Trgovina Sovići`,
      `Reklamacija za narudžbu #${order.orderId.slice(0, 8)}: Novac vraćen - Trgovina Sovići`,
    ])
    expect(mails[1]!.text_body).toContain('u roku od 30 dana')
    for (const mail of mails) expect(mail.text_body).toMatch(/http:\/\/shop\.test\/narudzba\/[A-Za-z0-9_-]{43}/)

    const overview = await returnsOf(order.token)
    expect(overview.returns[0]!.history.map((entry) => entry.status)).toEqual([
      'requested',
      'approved',
      'received',
      'refunded',
    ])
    const { rows } = await test.db.query<{ before: unknown; after: unknown }>(
      `select before, after from audit_log where action = 'return.status' and entity_id = $1 order by id`,
      [filed.id],
    )
    expect(rows.map((row) => (row.after as { status: string }).status)).toEqual(['approved', 'received', 'refunded'])
  })

  it('gives the stock back once when two staff receive the same complaint at the same moment', async () => {
    const order = await placeOrder()
    const filed = await fileOk(order, [1, 0])
    expect((await step(filed.id, { status: 'approved' })).statusCode).toBe(200)
    const before = await productStock(test.db, order.plain.id)
    const answers = await Promise.all([
      step(filed.id, { status: 'received' }),
      step(filed.id, { status: 'received' }, admin),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    expect(await productStock(test.db, order.plain.id)).toBe(before + 1)
    expect(await ledgerOf(order.plain.id)).toHaveLength(1)
  })

  it('rejects only with a reason, which the buyer reads; the rejected quantity may be claimed again', async () => {
    const order = await placeOrder()
    const filed = await fileOk(order, [3, 0])
    expectErrorAnswer(await step(filed.id, { status: 'rejected' }), 400, {
      message: 'Upišite razlog odbijanja.',
      error: ERROR_400,
      code: 'RETURN_REJECTION_REASON_REQUIRED',
    })
    expectErrorAnswer(await step(filed.id, { status: 'rejected', reason: '   ' }), 400, {
      message: 'Upišite razlog odbijanja.',
      error: ERROR_400,
      code: 'RETURN_REJECTION_REASON_REQUIRED',
    })
    expect((await step(filed.id, { status: 'rejected', reason: 'Proizvod je korišten.' })).statusCode).toBe(200)
    const overview = await returnsOf(order.token)
    expect(overview.returns[0]).toMatchObject({ status: 'rejected', rejectionReason: 'Proizvod je korišten.' })
    expect(overview.returns[0]!.history[1]).toMatchObject({ status: 'rejected', note: 'Proizvod je korišten.' })
    expect(overview.lines[0]).toMatchObject({ claimed: 0, available: 3 })
    const [mail] = await mailsTo(order.email, 'return_status')
    expect(mail!.text_body).toContain('Razlog: Proizvod je korišten.')
    expect((await step(filed.id, { status: 'approved' })).statusCode).toBe(409)
    await fileOk(order, [3, 0])
  })

  it('answers an unknown complaint 404 and an unknown status 400, in Bosnian', async () => {
    const notFound = { message: 'Reklamacija nije pronađena.', error: 'Not Found', code: 'RETURN_NOT_FOUND' }
    expectErrorAnswer(await step(randomUUID(), { status: 'approved' }), 404, notFound)
    expectErrorAnswer(await step('nope', { status: 'approved' }), 404, notFound)
    expectErrorAnswer(await step(randomUUID(), { status: 'requested' }), 400, {
      message: 'Nepoznat status reklamacije.',
      error: ERROR_400,
      code: 'VALIDATION_FAILED',
    })
    expectErrorAnswer(await step(randomUUID(), { status: 'rejected', reason: 'x'.repeat(501) }), 400, {
      message: 'Razlog može imati najviše 500 znakova.',
      error: ERROR_400,
      code: 'VALIDATION_FAILED',
    })
  })
})
