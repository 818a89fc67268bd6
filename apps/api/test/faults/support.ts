import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Database } from '../../src/platform/db.ts'
import { migrate } from '../../src/platform/migrate.ts'
import { createTokenService } from '../../src/platform/tokens.ts'
import { createUser } from '../helpers.ts'
import { startApiProcess, type ApiProcess } from '../support/api-process.ts'
import { createProcessDatabase } from '../support/process-database.ts'
import type { MailSink } from '../support/smtp-sink.ts'
import {
  createProduct,
  DELIVERY_ADDRESS,
  setShippingSettings,
  SHIPPING_SETTINGS,
} from '../../src/modules/orders/test-fixtures.ts'

// The crash and fault tests run the real server as a child process (through the harness,
// ../support/api-process.ts), because what they test is what a process does when it is killed,
// loses its database, its mail server or its disk. This file holds what they share with
// bench/faults.ts: a server with the faults' settings, a prepared shop, and an order load.

export const AUTH_SECRET = 'faults-secret-faults-secret-faults-secret-0123'
export const SHOP_EMAIL = 'trgovina@faults.test'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
export { sleep }

// ---------------------------------------------------------------------------------------------
// A server process

export type ServerOptions = {
  /** DATA_DIR: PGlite's files (unless databaseUrl) and the uploads. */
  dataDir: string
  databaseUrl?: string | undefined
  smtpUrl?: string | undefined
  port?: number
  mailWorker?: boolean
  /** Further environment (wins over the defaults). */
  env?: Record<string, string>
  /** Runs the process as this user and group (root may test permissions that way). */
  uid?: number
  gid?: number
}

/** The API process with the faults' settings, once /api/health/ready answers 200. */
export function startServer(options: ServerOptions): Promise<ApiProcess> {
  return startApiProcess({
    dataDir: options.dataDir,
    port: options.port,
    uid: options.uid,
    gid: options.gid,
    readyTimeoutMs: 60_000,
    env: {
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
      // 20 clients on one address place hundreds of orders an hour: the per-address limit is not under test.
      ORDERS_PER_ADDRESS_PER_HOUR: '1000000',
      MAIL_WORKER: options.mailWorker === false ? 'off' : 'on',
      LOG_LEVEL: process.env.FAULTS_LOG ?? 'warn',
      AUTH_SECRET,
      SHOP_EMAIL,
      PUBLIC_URL: 'http://shop.faults.test',
      ...options.env,
    },
  })
}

/** How many mails reached each guest: the customer's own mail (by envelope) and the shop's copy (by Reply-To). */
export function countsByGuest(sink: MailSink): { customer: Map<string, number>; shop: Map<string, number> } {
  const customer = new Map<string, number>()
  const shop = new Map<string, number>()
  for (const mail of sink.received) {
    if (mail.to.includes(SHOP_EMAIL)) shop.set(mail.replyTo, (shop.get(mail.replyTo) ?? 0) + 1)
    else for (const to of mail.to) customer.set(to, (customer.get(to) ?? 0) + 1)
  }
  return { customer, shop }
}

// ---------------------------------------------------------------------------------------------
// A prepared shop: a database with products of known stock

export type DatabaseKind = 'pglite' | 'postgres'

export type ShopProduct = { id: string; stock: number }

export type PreparedShop = {
  kind: DatabaseKind
  dataDir: string
  /** The PostgreSQL database (kind 'postgres'), else undefined: PGlite in dataDir/db. */
  databaseUrl: string | undefined
  products: ShopProduct[]
  /** Authorization headers of a store manager (when asked for with `staff`). */
  staffHeaders: Record<string, string>
  /** Opens the shop's database from the test (PGlite: only while no server runs on it). */
  open(): Promise<Database>
  /** Opens the shop's database, runs `work` on it and closes it again (PGlite: no server may run on it). */
  read<T>(work: (db: Database) => Promise<T>): Promise<T>
  /** Removes the data directory and the PostgreSQL database. */
  dispose(): Promise<void>
}

export type ShopOptions = {
  kind: DatabaseKind
  label: string
  serverUrl?: string | undefined
  dataDir?: string
  productCount?: number
  stock?: number
  staff?: boolean
}

/**
 * A fresh shop on PGlite (in a new data directory, or `dataDir` when given) or in a new database
 * on the PostgreSQL server `serverUrl`, migrated, with shipping settings and `productCount`
 * products of `stock` each.
 */
export async function prepareShop(options: ShopOptions): Promise<PreparedShop> {
  if (options.kind === 'postgres' && !options.serverUrl) throw new Error('a PostgreSQL shop needs a server URL')
  const database = await createProcessDatabase(
    `faults_${options.label}`,
    options.kind === 'postgres' ? options.serverUrl : undefined,
    options.dataDir,
  )
  const { dataDir, url: databaseUrl } = database
  const open = () => database.open()
  const db = await open()
  const products: ShopProduct[] = []
  let staffHeaders: Record<string, string> = {}
  try {
    await migrate(db)
    await setShippingSettings(db, SHIPPING_SETTINGS)
    for (let index = 0; index < (options.productCount ?? 5); index += 1) {
      const stock = options.stock ?? 100_000
      const product = await createProduct(db, { name: `Proizvod za kvarove ${index + 1}`, price: 10 + index, stock })
      products.push({ id: product.id, stock })
    }
    if (options.staff) {
      const manager = await createUser(db, { email: 'menadzer@faults.test', roles: ['user', 'store_manager'] })
      const token = await createTokenService(AUTH_SECRET).sign({
        userId: manager.id,
        role: 'store_manager',
        tokenVersion: 0,
      })
      staffHeaders = { authorization: `Bearer ${token}` }
    }
  } finally {
    await db.close()
  }
  return {
    kind: options.kind,
    dataDir,
    databaseUrl,
    products,
    staffHeaders,
    open,
    async read(work) {
      const db = await open()
      try {
        return await work(db)
      } finally {
        await db.close()
      }
    },
    dispose: () => database.drop(),
  }
}

// ---------------------------------------------------------------------------------------------
// Load

export type OrderAttempt = {
  /** Unique per attempt: the guest's e-mail identifies the order it made, if any. */
  email: string
  lines: { productId: string; quantity: number }[]
  /** HTTP status, or 0 when no answer came (connection refused or reset, timeout). */
  status: number
  orderId: string | undefined
  body: unknown
  ms: number
  error: string | undefined
}

export type Load<T> = {
  readonly results: T[]
  /** Asks the clients to stop after their request in flight and waits for them. */
  stop(): Promise<T[]>
}

function runClients<T>(clients: number, once: (client: number, sequence: number) => Promise<T>): Load<T> {
  const results: T[] = []
  let isStopping = false
  const workers = Array.from({ length: clients }, async (_, client) => {
    for (let sequence = 0; !isStopping; sequence += 1) results.push(await once(client, sequence))
  })
  return {
    results,
    async stop() {
      isStopping = true
      await Promise.all(workers)
      return results
    },
  }
}

export type OrderLoadOptions = {
  base: () => string
  clients: number
  products: readonly ShopProduct[]
  /** Makes the e-mails unique to one scenario. */
  prefix: string
  /** A request that has not answered after this long counts as unanswered. */
  timeoutMs?: number
  /** A pause between one client's orders (a trickle instead of a flood). */
  pauseMs?: number
}

/** One guest order (delivery by courier) for the lines; never throws: no answer is status 0. */
export async function sendOrder(
  base: string,
  email: string,
  lines: OrderAttempt['lines'],
  timeoutMs = 15_000,
): Promise<OrderAttempt> {
  const started = performance.now()
  const attempt: OrderAttempt = {
    email,
    lines,
    status: 0,
    orderId: undefined,
    body: undefined,
    ms: 0,
    error: undefined,
  }
  try {
    const response = await fetch(`${base}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        products: lines.map((line) => ({ product_id: line.productId, quantity: line.quantity })),
        shippingAddress: DELIVERY_ADDRESS,
        shippingMethod: { id: 'courier' },
      }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    attempt.status = response.status
    attempt.body = await response.json().catch(() => undefined)
    if (response.ok) attempt.orderId = (attempt.body as { id?: string } | undefined)?.id
  } catch (error) {
    const cause = error instanceof Error ? (error.cause as Error | undefined) : undefined
    attempt.error = error instanceof Error ? `${error.name}: ${cause?.message ?? error.message}` : String(error)
  }
  attempt.ms = performance.now() - started
  return attempt
}

/** `clients` concurrent guests, each placing one order after another (1 or 2 lines, 1-3 pieces each). */
export function startOrderLoad(options: OrderLoadOptions): Load<OrderAttempt> {
  const { products, prefix } = options
  return runClients(options.clients, async (client, sequence) => {
    if (options.pauseMs && sequence > 0) await sleep(options.pauseMs)
    const first = products[(client + sequence) % products.length]!
    const second = products[(client * 7 + sequence * 3 + 1) % products.length]!
    const lines = [{ productId: first.id, quantity: 1 + (sequence % 3) }]
    if (sequence % 2 === 1 && second.id !== first.id) lines.push({ productId: second.id, quantity: 1 })
    const attempt = await sendOrder(
      options.base(),
      `${prefix}-${client}-${sequence}@faults.test`,
      lines,
      options.timeoutMs,
    )
    // A refused connection (the server is down) would spin: wait a little before the next try.
    if (attempt.status === 0) await sleep(20)
    return attempt
  })
}

export type ReadAttempt = { url: string; status: number; body: unknown; ms: number; error: string | undefined }

/** `clients` concurrent visitors reading the catalogue: the product list and single products. */
export function startReadLoad(options: {
  base: () => string
  clients: number
  products: readonly ShopProduct[]
  timeoutMs?: number
}): Load<ReadAttempt> {
  return runClients(options.clients, async (client, sequence) => {
    const product = options.products[(client + sequence) % options.products.length]!
    const url = `${options.base()}${sequence % 2 ? `/api/products/${product.id}` : '/api/products?page=1&limit=12'}`
    const started = performance.now()
    const attempt: ReadAttempt = { url, status: 0, body: undefined, ms: 0, error: undefined }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 15_000) })
      attempt.status = response.status
      attempt.body = await response.json().catch(() => undefined)
    } catch (error) {
      attempt.error = error instanceof Error ? error.message : String(error)
      await sleep(20)
    }
    attempt.ms = performance.now() - started
    return attempt
  })
}

// ---------------------------------------------------------------------------------------------
// What the database holds after a scenario

export type StoredOrders = {
  /** Orders per guest e-mail of this scenario's prefix. */
  byEmail: Map<string, { id: string; count: number }>
  /** Orders whose items are missing or whose total does not add up (a half-written order). */
  incomplete: number
  /** Products whose stock is not the initial stock minus what the stored orders took. */
  stockMismatches: { id: string; stock: number; expected: number }[]
  /** Outbox rows per order e-mail (customer mail and shop copy), and how many are still unsent. */
  outbox: Map<string, number>
  unsent: number
}

export async function readStoredOrders(db: Database, products: readonly ShopProduct[]): Promise<StoredOrders> {
  const byEmail = new Map<string, { id: string; count: number }>()
  const { rows: orders } = await db.query<{ id: string; email: string }>('select id, email from orders')
  for (const row of orders) {
    const existing = byEmail.get(row.email)
    byEmail.set(row.email, { id: row.id, count: (existing?.count ?? 0) + 1 })
  }
  const { rows: incomplete } = await db.query<{ count: number }>(
    `select count(*)::int as count from orders o
      where not exists (select 1 from order_items i where i.order_id = o.id)
         or o.total <> o.shipping_cost + (select coalesce(sum(i.price * i.quantity), 0) from order_items i where i.order_id = o.id)`,
  )
  const { rows: stocks } = await db.query<{ id: string; stock: number; taken: number }>(
    `select p.id, p.stock, coalesce((select sum(i.quantity) from order_items i where i.product_id = p.id), 0)::int as taken
       from products p where p.id = any($1::uuid[])`,
    [products.map((product) => product.id)],
  )
  const initial = new Map(products.map((product) => [product.id, product.stock]))
  const stockMismatches = stocks
    .map((row) => ({ id: row.id, stock: row.stock, expected: (initial.get(row.id) ?? 0) - row.taken }))
    .filter((row) => row.stock !== row.expected)
  const outbox = new Map<string, number>()
  const { rows: mails } = await db.query<{ key: string; count: number }>(
    `select case when to_address = $1 then lower(reply_to) else lower(to_address) end as key, count(*)::int as count
       from outbox where kind in ('order_placed', 'order_new') group by 1`,
    [SHOP_EMAIL],
  )
  for (const row of mails) outbox.set(row.key, row.count)
  const { rows: unsent } = await db.query<{ count: number }>(
    'select count(*)::int as count from outbox where sent_at is null',
  )
  return { byEmail, incomplete: incomplete[0]!.count, stockMismatches, outbox, unsent: unsent[0]!.count }
}

/** Waits until `isDone` answers true, checking every 100 ms; answers whether it did within the time. */
export async function waitUntil(isDone: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await isDone()) return true
    await sleep(100)
  }
  return isDone()
}

export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((left, right) => left - right)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!
}

/**
 * Figures of a test, for the results table: printed, and appended as a JSON line to the file
 * FAULTS_FIGURES names when it is set. The servers' output (`log`, `logs`) is no figure: it is left out.
 */
export function reportFigures(name: string, figures: Record<string, unknown>): void {
  const { log: _log, logs: _logs, ...shown } = figures
  const line = JSON.stringify({ name, at: new Date().toISOString(), ...shown })
  process.stdout.write(`${line}\n`)
  if (process.env.FAULTS_FIGURES) fs.appendFileSync(process.env.FAULTS_FIGURES, `${line}\n`)
}

/** Whether this process may mount a tmpfs (root with CAP_SYS_ADMIN; not in every container). */
export function canMount(): boolean {
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-faults-mount-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' })
    execFileSync('umount', [probe], { stdio: 'ignore' })
    return true
  } catch {
    return false
  } finally {
    fs.rmSync(probe, { recursive: true, force: true })
  }
}

/** Fills the file system of `folder` with one file until a write fails; answers the file. */
export function fillDisk(folder: string, leaveBytes = 0): string {
  const filler = path.join(folder, 'filler.bin')
  const descriptor = fs.openSync(filler, 'w')
  let written = 0
  try {
    for (const chunk of [Buffer.alloc(256 * 1024, 1), Buffer.alloc(4096, 1)]) {
      try {
        for (;;) written += fs.writeSync(descriptor, chunk)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
      }
    }
    if (leaveBytes > 0) fs.ftruncateSync(descriptor, Math.max(0, written - leaveBytes))
  } finally {
    fs.closeSync(descriptor)
  }
  return filler
}
