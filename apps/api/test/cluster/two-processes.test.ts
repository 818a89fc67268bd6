import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/seed/demo-data/accounts.ts'
import { callApi, startApiProcesses, type ApiProcess } from '../support/api-process.ts'
import { TEST_REDIS_URL } from '../support/free-port.ts'
import { startS3Server, type S3TestServer } from '../support/s3-server.ts'
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database.ts'
import { clusterSkipReason, signInThrough } from '../support/two-processes.ts'
import { startMailSink, type MailSink } from '../support/smtp-sink.ts'
import { tally, until } from './support.ts'

// docs/decisions.md, Several processes: several API processes are one shop. Two real processes (A
// and B) on one PostgreSQL database, one Redis and one S3-protocol server, each with a DATA_DIR of
// its own (nothing is shared through a disk), both sending mail to one real SMTP server and both
// running the timed jobs. Every read through one process right after a write through the other is
// the next request: no sleep, so a stale cached answer fails the test.
const redisUrl = TEST_REDIS_URL
const skipReason = await clusterSkipReason('test/cluster/two-processes.test.ts', { needsRedis: true })

const SHOP_EMAIL = 'trgovina@cluster.test'
const migrationsDirectory = fileURLToPath(new URL('../../src/db/migrations/', import.meta.url))

let database: ScratchDatabase | undefined
let db: pg.Pool
let s3: S3TestServer
let mail: MailSink
let a: ApiProcess
let b: ApiProcess

const signIn = (api: ApiProcess, email: string, ip = '198.51.100.1') => signInThrough(api, email, DEMO_PASSWORD, ip)

/** Reads through B until its answer is cached (the second read is a hit), so that staleness would show. */
async function warm(api: ApiProcess, url: string): Promise<void> {
  await callApi(api, url)
  const second = await callApi(api, url)
  expect(second.cache, `${url} through ${api.name}`).toBe('hit')
}

type Product = {
  id: string
  name: string
  price: number
  discount_price: number | null
  stock: number
  has_sizes: boolean
  infinite_stock: boolean
}

const ADDRESS = {
  full_name: 'Ivana Ivić',
  phone_number: '+387 63 222 333',
  street_address: 'Glavna 2',
  city: 'Grude',
  state: 'Hercegovačko-neretvanski kanton',
  zip_code: '88340',
}

function orderBody(productId: string, email: string, quantity = 1) {
  return {
    email,
    products: [{ product_id: productId, quantity }],
    shippingAddress: ADDRESS,
    shippingMethod: { id: 'courier' },
  }
}

/** Products without sizes, with finite stock and no sale price: the ones whose stock the test moves. */
async function plainProducts(): Promise<Product[]> {
  const { rows } = await db.query<{ id: string }>(
    `select p.id from products p
      where not p.has_sizes and not p.infinite_stock and p.stock > 0 and p.discount_price is null
        and not exists (select 1 from sale_products s where s.product_id = p.id)
      order by p.custom_id limit 8`,
  )
  return Promise.all(rows.map(async (row) => (await callApi<Product>(b, `/api/products/${row.id}`)).body))
}

describe.skipIf(skipReason !== undefined)('two API processes on one database, Redis and S3', () => {
  let admin: string
  let products: Product[]

  beforeAll(async () => {
    database = await createScratchDatabase('cluster')
    db = new pg.Pool({ connectionString: database.url, max: 4 })
    s3 = await startS3Server()
    mail = await startMailSink()
    const shared = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      // A prefix of this run's own: other shops and test runs on this Redis count and hear nothing of it.
      REDIS_PREFIX: `cluster-${randomUUID().slice(0, 8)}:`,
      ...s3.env,
      // No AUTH_SECRET: the processes share the key the shop keeps in its database (platform/signing-key.ts).
      SEED: 'demo',
      SMTP_URL: mail.url,
      SHOP_EMAIL,
      MAIL_WORKER: 'on',
      TRUST_PROXY: '127.0.0.1',
      ORDERS_PER_ADDRESS_PER_HOUR: '100000',
      LOG_LEVEL: process.env.CLUSTER_LOG ?? 'info',
    }
    // Both at the same moment, on an empty database.
    ;[a, b] = (await startApiProcesses([
      { name: 'A', env: shared },
      { name: 'B', env: shared },
    ])) as [ApiProcess, ApiProcess]
    admin = await signIn(a, 'admin@demo.ba')
    products = await plainProducts()
  }, 300_000)

  afterAll(async () => {
    const started = [a, b].filter((api) => api !== undefined)
    await Promise.all(started.map((api) => api.stop(10_000)))
    const logDirectory = process.env.CLUSTER_LOG_DIR
    if (logDirectory) for (const api of started) fs.writeFileSync(path.join(logDirectory, `${api.name}.log`), api.log())
    await db?.end()
    await mail?.stop()
    await s3?.stop()
    await database?.drop()
  }, 60_000)

  it('started both on an empty database: every migration once, the demo shop loaded once', async () => {
    const files = fs.readdirSync(migrationsDirectory).filter((name) => name.endsWith('.sql'))
    const { rows: migrations } = await db.query<{ name: string }>('select name from schema_migrations order by name')
    expect(migrations.map((row) => row.name)).toEqual(files.sort())
    const loaded = [a, b].filter((api) =>
      api.logLines().some((line) => String(line.msg).startsWith('demo shop loaded')),
    )
    expect(loaded).toHaveLength(1)
    // The other waited for the whole load instead of drawing and uploading the pictures as well.
    const drew = [a, b].filter((api) =>
      api.logLines().some((line) => line.msg === 'empty database: loading the demo shop'),
    )
    expect(drew.map((api) => api.name)).toEqual(loaded.map((api) => api.name))
    const failures = [a, b].flatMap((api) => api.logLines().filter((line) => Number(line.level) >= 50))
    expect(failures).toEqual([])
    const { rows } = await db.query<{ users: number; duplicates: number; sales: number }>(
      `select (select count(*) from users)::int as users,
              (select count(*) from (select custom_id from products group by custom_id having count(*) > 1) d)::int
                as duplicates,
              (select count(*) from sale_config)::int as sales`,
    )
    expect(rows[0]).toEqual({ users: DEMO_ACCOUNTS.length, duplicates: 0, sales: 1 })
    // The loser of the seed race removed its own pictures only: every stored image is served by both.
    const { rows: images } = await db.query<{ url: string }>('select url from product_images order by url limit 3')
    for (const { url } of images) {
      for (const api of [a, b]) expect((await fetch(`${api.base}${url}`)).status, `${url} ${api.name}`).toBe(200)
    }
  })

  it('accepts a token issued by A on B, and one issued by B on A (the key the shop keeps in its database)', async () => {
    const fromB = await signIn(b, 'kupac@demo.ba')
    expect((await callApi<{ email: string }>(b, '/api/auth/me', { token: admin })).body.email).toBe('admin@demo.ba')
    expect((await callApi<{ email: string }>(a, '/api/auth/me', { token: fromB })).body.email).toBe('kupac@demo.ba')
  })

  /** docs/decisions.md ('Edits that never overwrite each other'): the version a product form opened now would send. */
  const productVersion = async (id: string) =>
    (await callApi<{ version: number }>(a, `/api/admin/products/${id}`, { token: admin })).body.version

  it('shows a staff change of price and stock through A at once through B', async () => {
    const product = products[0]!
    const url = `/api/products/${product.id}`
    await warm(b, url)
    await warm(b, '/api/products?page=1&limit=100&sort=name-asc')
    const price = product.price + 10.5
    const changed = await callApi(a, url, {
      method: 'PATCH',
      token: admin,
      body: { version: await productVersion(product.id), price, stock: 77 },
    })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    const read = await callApi<Product>(b, url)
    expect([read.body.price, read.body.stock]).toEqual([price, 77])
    const list = await callApi<{ products: Product[] }>(b, '/api/products?page=1&limit=100&sort=name-asc')
    const listed = list.body.products.find((entry) => entry.id === product.id)
    if (listed) expect([listed.price, listed.stock]).toEqual([price, 77])
  })

  it('shows a slide, the work hours and the sale settings changed through A at once through B', async () => {
    const slides = await callApi<Array<Record<string, unknown> & { id: string }>>(a, '/api/slides/all', {
      token: admin,
    })
    const slide = slides.body[0]!
    await warm(b, '/api/slides')
    const { id: _id, _id: _alsoId, ...fields } = slide
    const title = `Akcija ${randomUUID().slice(0, 6)}`
    expect(
      (await callApi(a, `/api/slides/${slide.id}`, { method: 'PUT', token: admin, body: { ...fields, title } })).status,
    ).toBe(200)
    const slidesOnB = await callApi<Array<{ title: string }>>(b, '/api/slides')
    expect(slidesOnB.body.map((entry) => entry.title)).toContain(title)

    await warm(b, '/api/work-hours')
    const hours = `Pon-Pet 07:${String(Math.floor(Math.random() * 60)).padStart(2, '0')}-20:00`
    const saved = await callApi(a, '/api/work-hours', {
      method: 'POST',
      token: admin,
      // docs/decisions.md ('Edits that never overwrite each other'): the section's version as a form opened now would send it.
      body: [
        {
          section: 'store',
          hours,
          version: (await callApi<Array<{ section: string; version: number }>>(a, '/api/work-hours')).body.find(
            (entry) => entry.section === 'store',
          )?.version,
        },
      ],
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const hoursOnB = await callApi<Array<{ section: string; hours: string }>>(b, '/api/work-hours')
    expect(JSON.stringify(hoursOnB.body)).toContain(hours)

    await warm(b, '/api/sales/config')
    const config = (await callApi<Record<string, unknown>>(b, '/api/sales/config')).body
    const description = `Opis ${randomUUID().slice(0, 6)}`
    const put = await callApi(a, '/api/sales/config', {
      method: 'PUT',
      token: admin,
      body: {
        isActive: config.isActive,
        startDate: config.startDate,
        endDate: config.endDate,
        title: config.title,
        description,
        version: config.version,
      },
    })
    expect(put.status, JSON.stringify(put.body)).toBe(200)
    expect((await callApi<{ description: string }>(b, '/api/sales/config')).body.description).toBe(description)
  })

  it('shows the stock an order through A took at once through B, and the stock a cancel through B gave back through A', async () => {
    const product = products[1]!
    const url = `/api/products/${product.id}`
    const customer = await signIn(a, 'kupac@demo.ba')
    await warm(b, url)
    await warm(a, url)
    const before = (await callApi<Product>(b, url)).body.stock
    const placed = await callApi<{ id: string }>(a, '/api/orders', {
      method: 'POST',
      token: customer,
      body: { ...orderBody(product.id, 'kupac@demo.ba', 2), saveAddress: false },
    })
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    expect((await callApi<Product>(b, url)).body.stock).toBe(before - 2)
    expect((await callApi<Product>(a, url)).body.stock).toBe(before - 2)

    await warm(a, url)
    const cancelled = await callApi(b, `/api/orders/${placed.body.id}/cancel`, { method: 'PATCH', token: customer })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    expect((await callApi<Product>(a, url)).body.stock).toBe(before)

    // A staff status change that gives the stock back (into 'cancelled'), through B, read through A.
    const guest = await callApi<{ id: string }>(b, '/api/orders', {
      method: 'POST',
      body: orderBody(product.id, 'gost@cluster.test', 3),
    })
    expect(guest.status).toBe(201)
    expect((await callApi<Product>(a, url)).body.stock).toBe(before - 3)
    await warm(a, url)
    const status = await callApi(b, `/api/orders/${guest.body.id}/status`, {
      method: 'PATCH',
      token: admin,
      body: { status: 'cancelled' },
    })
    expect(status.status, JSON.stringify(status.body)).toBe(200)
    expect((await callApi<Product>(a, url)).body.stock).toBe(before)
  })

  it('counts the contact limit (5 in 10 minutes) across both processes', async () => {
    const ip = '203.0.113.7'
    const message = {
      name: 'Marko Marić',
      email: 'marko@cluster.test',
      phone: '',
      message: 'Imate li ljestve?',
      productName: '',
    }
    const statuses: number[] = []
    for (const api of [a, b, a, b, a, b, a]) {
      statuses.push((await callApi(api, '/api/contact', { method: 'POST', body: message, ip })).status)
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429])
  })

  it('locks a sign-in out after 5 failures spread over both processes, on both', async () => {
    const ip = '203.0.113.8'
    const wrong = { email: 'menadzer@demo.ba', password: 'Pogresna1!' }
    for (const api of [a, b, a, b, a]) {
      expect((await callApi(api, '/api/auth/login', { method: 'POST', body: wrong, ip })).status).toBe(401)
    }
    const right = { email: 'menadzer@demo.ba', password: DEMO_PASSWORD }
    for (const api of [b, a]) {
      const answer = await callApi<{ code: string }>(api, '/api/auth/login', { method: 'POST', body: right, ip })
      expect([answer.status, answer.body.code]).toEqual([429, 'TOO_MANY_ATTEMPTS'])
    }
  })

  it('serves an image uploaded through A through B, variants included', async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'slika.png')
    const uploaded = await fetch(`${a.base}/api/products/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    })
    expect(uploaded.status).toBe(201)
    const { url } = (await uploaded.json()) as { url: string }
    for (const variant of [url, url.replace(/\.webp$/, '-w320.webp')]) {
      const [fromA, fromB] = await Promise.all([fetch(`${a.base}${variant}`), fetch(`${b.base}${variant}`)])
      expect([fromA.status, fromB.status, fromB.headers.get('content-type')]).toEqual([200, 200, 'image/webp'])
      expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()))
    }
  })

  it("opens a complaint photo's signed link given by A through B, and B's staff link through A", async () => {
    const product = products[2]!
    const placed = await callApi<{ id: string; orderPageToken: string }>(a, '/api/orders', {
      method: 'POST',
      body: orderBody(product.id, 'reklamacija@cluster.test', 1),
    })
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    for (const status of ['shipped', 'completed']) {
      const changed = await callApi(a, `/api/orders/${placed.body.id}/status`, {
        method: 'PATCH',
        token: admin,
        body: { status },
      })
      expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    }
    const token = placed.body.orderPageToken
    const overview = await callApi<{ lines: { itemId: string }[] }>(b, `/api/order-status/${token}/returns`)
    expect(overview.status).toBe(200)
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('lines', JSON.stringify([{ itemId: overview.body.lines[0]!.itemId, quantity: 1 }]))
    form.append('reason', 'damaged')
    form.append('description', 'Stiglo oštećeno u paketu.')
    form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'slika.png')
    const filed = await fetch(`${a.base}/api/order-status/${token}/returns`, { method: 'POST', body: form })
    expect(filed.status, await filed.clone().text()).toBe(201)
    const { return: complaint } = (await filed.json()) as { return: { id: string; photos: { url: string }[] } }
    const link = complaint.photos[0]!.url

    // The key both processes sign with is the one the shop keeps in its database; the photo is on S3.
    const fromB = await fetch(`${b.base}${link}`)
    expect([fromB.status, fromB.headers.get('content-type')]).toEqual([200, 'image/webp'])
    const staffList = await callApi<{ items: { id: string; photos: { url: string }[] }[] }>(
      b,
      '/api/returns?status=requested',
      { token: admin },
    )
    const staffLink = staffList.body.items.find((each) => each.id === complaint.id)?.photos[0]?.url
    expect(staffLink).toMatch(/^\/api\/returns\/photos\//)
    expect((await fetch(`${a.base}${staffLink}`)).status).toBe(200)
    // A link whose signature is not the shop's opens nothing on either process.
    const forged = link.replace(/sig=[\w-]{43}/, `sig=${'A'.repeat(43)}`)
    expect([(await fetch(`${a.base}${forged}`)).status, (await fetch(`${b.base}${forged}`)).status]).toEqual([404, 404])
  })

  it('runs a sale start and end once, though both processes run the timed job', { timeout: 40_000 }, async () => {
    const since = new Date()
    const start = Date.now() + 3_000
    const end = start + 3_000
    const { rows: saleRows } = await db.query<{ product_id: string }>('select product_id from sale_products')
    const saleProduct = saleRows[0]!.product_id
    const saved = await callApi(a, '/api/sales/config', {
      method: 'PUT',
      token: admin,
      body: {
        isActive: true,
        startDate: new Date(start).toISOString(),
        endDate: new Date(end).toISOString(),
        title: 'Brza akcija',
        description: 'Tri sekunde',
        version: (await callApi<{ version: number }>(a, '/api/sales/config')).body.version,
      },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    // Saved while the demo sale ran: its prices are given back at once (the job, woken in both).
    const restored = await until(
      () => callApi<Product>(b, `/api/products/${saleProduct}`),
      (answer) => answer.body.discount_price === null,
      5_000,
      'the demo sale price to be given back',
    )
    const original = restored.body.price
    const during = await until(
      () => callApi<Product>(b, `/api/products/${saleProduct}`),
      (answer) => answer.body.discount_price !== null,
      10_000,
      'the sale to start',
    )
    expect(during.body.price).toBe(original)
    expect(Date.now()).toBeGreaterThanOrEqual(start - 50)
    await until(
      () => callApi<Product>(a, `/api/products/${saleProduct}`),
      (answer) => answer.body.discount_price === null,
      10_000,
      'the sale to end',
    )
    // One more safety margin for a late second run of either process.
    await new Promise((resolve) => setTimeout(resolve, 500))
    const { rows: audit } = await db.query<{ action: string }>(
      `select action from audit_log where entity = 'sale' and created_at >= $1 order by created_at, id`,
      [since],
    )
    expect(audit.map((row) => row.action)).toEqual(['sale.config_updated', 'sale.ended', 'sale.started', 'sale.ended'])
    expect((await callApi<Product>(b, `/api/products/${saleProduct}`)).body).toMatchObject({
      price: original,
      discount_price: null,
    })
  })

  it(
    'sends each outbox mail exactly once, with both processes running the mail worker',
    { timeout: 60_000 },
    async () => {
      const product = products[2]!
      const orders = 10
      const answers = await Promise.all(
        Array.from({ length: orders }, (_, index) =>
          callApi(index % 2 === 0 ? a : b, '/api/orders', {
            method: 'POST',
            body: orderBody(product.id, `posta${index}@cluster.test`),
          }),
        ),
      )
      expect(answers.map((answer) => answer.status)).toEqual(Array(orders).fill(201))
      // A customer's status mail (order_status) waits a minute for the staff's 'Poništi'; the rest is due now.
      await until(
        () =>
          db.query<{ count: number }>(
            `select count(*)::int as count from outbox where sent_at is null and kind <> 'order_status'`,
          ),
        (result) => result.rows[0]!.count === 0,
        30_000,
        'the due mails to be sent',
      )
      // One more poll of both workers: a mail sent twice would arrive now.
      await new Promise((resolve) => setTimeout(resolve, 2_500))
      const { rows } = await db.query<{ to_address: string }>(
        'select to_address from outbox where sent_at is not null and attempts = 0',
      )
      expect((await db.query('select id from outbox where attempts > 0')).rows).toEqual([])
      const sent = tally(rows.map((row) => row.to_address.toLowerCase()))
      const received = tally(mail.received.flatMap((entry) => entry.to))
      expect(received).toEqual(sent)
      for (let index = 0; index < orders; index += 1) expect(received[`posta${index}@cluster.test`]).toBe(1)
    },
  )

  it(
    'loses no acknowledged order and makes none twice when A is killed during an order load',
    { timeout: 60_000 },
    async () => {
      const product = products[3]!
      const url = `/api/products/${product.id}`
      const version = await productVersion(product.id)
      expect((await callApi(a, url, { method: 'PATCH', token: admin, body: { version, stock: 100_000 } })).status).toBe(
        200,
      )
      const clients = 20
      const stopAt = Date.now() + 5_000
      const killAt = Date.now() + 1_500
      const acknowledged = new Map<string, string>()
      const answersOfB: number[] = []
      let lostToKill = 0

      async function placeOne(client: number, attempt: number): Promise<void> {
        const key = `load-${client}-${attempt}`
        const email = `load${client}@cluster.test`
        // A client of A meets the kill; like a load balancer, it sends the same order (same key) to B.
        for (const api of client % 2 === 0 ? [a, b, b] : [b, b]) {
          try {
            const answer = await callApi<{ id: string }>(api, '/api/orders', {
              method: 'POST',
              body: orderBody(product.id, email),
              headers: { 'idempotency-key': key },
            })
            if (api === b) answersOfB.push(answer.status)
            if (answer.status === 201 || answer.status === 200) {
              acknowledged.set(key, answer.body.id)
              return
            }
          } catch {
            if (api === a) lostToKill += 1
          }
        }
      }

      const killer = (async () => {
        await new Promise((resolve) => setTimeout(resolve, killAt - Date.now()))
        await a.kill()
      })()
      await Promise.all(
        Array.from({ length: clients }, async (_, client) => {
          for (let attempt = 0; Date.now() < stopAt; attempt += 1) await placeOne(client, attempt)
        }),
      )
      await killer
      expect(a.child.signalCode ?? 'SIGKILL').toBe('SIGKILL')

      const { rows } = await db.query<{ id: string; key: string }>(
        `select id, split_part(idempotency_key, ':', 3) as key from orders where email like 'load%@cluster.test'`,
      )
      const stored = new Map(rows.map((row) => [row.key, row.id]))
      // Every acknowledged order is there, under its key; no key has two orders; nothing else was made.
      expect(rows.length).toBe(stored.size)
      expect(Object.fromEntries(stored)).toEqual(Object.fromEntries(acknowledged))
      // The stock taken is exactly the orders made.
      expect((await callApi<Product>(b, url)).body.stock).toBe(100_000 - rows.length)
      // B answered every request it got, before and after the kill, and keeps serving.
      expect(answersOfB.filter((status) => status >= 500)).toEqual([])
      expect(acknowledged.size).toBeGreaterThan(clients)
      expect((await fetch(`${b.base}/api/health/ready`)).status).toBe(200)
      const after = await callApi(b, '/api/orders', {
        method: 'POST',
        body: orderBody(product.id, 'poslije@cluster.test'),
      })
      expect(after.status).toBe(201)
      process.stdout.write(
        `kill -9 during the order load: ${acknowledged.size} orders acknowledged and stored, ` +
          `${lostToKill} requests to A cut by the kill (sent again to B)\n`,
      )
    },
  )
})
