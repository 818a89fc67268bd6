import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import { openDatabase, type Database } from '../../src/platform/db.ts'
import { migrate } from '../../src/platform/migrate.ts'
import { createTokenService } from '../../src/platform/tokens.ts'
import { createUser } from '../helpers.ts'
import {
  createProduct,
  DELIVERY_ADDRESS,
  setShippingSettings,
  SHIPPING_SETTINGS,
} from '../../src/modules/orders/test-fixtures.ts'

// Issue 13 §2: the crash and fault tests run the real server (`node --import tsx src/main.ts`) as a
// child process, because what they test is what a process does when it is killed, loses its
// database, its mail server or its disk. This file holds what they share with bench/faults.ts:
// starting and killing a server, a real SMTP server, a prepared shop, and an order load.

export const API_ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const AUTH_SECRET = 'faults-secret-faults-secret-faults-secret-0123'
export const SHOP_EMAIL = 'trgovina@faults.test'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
export { sleep }

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

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

export type ServerProcess = {
  readonly base: string
  readonly port: number
  readonly child: ChildProcess
  /** Everything the process wrote (pino JSON lines at LOG_LEVEL, default warn). */
  readonly output: string[]
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  readonly exited: Promise<number | string>
  /** Lines of the log as objects (lines that are not JSON are skipped). */
  logLines(): Record<string, unknown>[]
  /** SIGKILL: nothing runs after it, no shutdown hook, no flush. */
  kill(): Promise<number | string>
  /** SIGTERM and wait (SIGKILL after the grace period). */
  stop(graceMs?: number): Promise<number | string>
}

/**
 * Starts `node --import tsx src/main.ts` with a clean environment of its own (whatever the test
 * runner's DATABASE_URL, SMTP_URL or REDIS_URL are) and waits until /api/health answers.
 */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort())
  const base = `http://127.0.0.1:${port}`
  const output: string[] = []
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      SMTP_URL: options.smtpUrl ?? '',
      REDIS_URL: '',
      TRUST_PROXY: '',
      S3_BUCKET: '',
      // 20 clients on one address place hundreds of orders an hour: the per-address limit is not under test.
      ORDERS_PER_ADDRESS_PER_HOUR: '1000000',
      SEED: 'none',
      MAIL_WORKER: options.mailWorker === false ? 'off' : 'on',
      LOG_LEVEL: process.env.FAULTS_LOG ?? 'warn',
      AUTH_SECRET,
      SHOP_EMAIL,
      PUBLIC_URL: 'http://shop.faults.test',
      WEB_DIST: path.join(options.dataDir, 'no-web'),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.gid ?? options.uid } : {}),
  })
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  )
  const server: ServerProcess = {
    base,
    port,
    child,
    output,
    exited,
    logLines: () => parseLogLines(output.join('')),
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      return exited
    },
    async stop(graceMs = 15_000) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
      const result = await exited
      clearTimeout(timer)
      return result
    },
  }
  await waitForHealth(server)
  return server
}

export async function waitForHealth(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let exitedWith: number | string | undefined
  void server.exited.then((code) => (exitedWith = code))
  while (Date.now() < deadline) {
    if (exitedWith !== undefined) throw new Error(`server exited (${exitedWith}): ${tail(server)}`)
    try {
      const response = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(2000) })
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await sleep(100)
  }
  await server.kill()
  throw new Error(`server did not start within ${timeoutMs} ms: ${tail(server)}`)
}

/** The last part of a server's log, for failure messages. */
export function tail(server: ServerProcess, characters = 4000): string {
  return server.output.join('').slice(-characters)
}

export function parseLogLines(text: string): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = []
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue
    try {
      lines.push(JSON.parse(line) as Record<string, unknown>)
    } catch {
      // a line cut by the kill
    }
  }
  return lines
}

// ---------------------------------------------------------------------------------------------
// A real SMTP server

export type SunkMail = { to: string[]; replyTo: string; subject: string; raw: string; receivedAt: number }

/** A real SMTP server (the smtp-server package) that keeps what it receives; it can stop and start again on its port. */
export class MailSink {
  readonly received: SunkMail[] = []
  port = 0
  private server: SMTPServer | undefined

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`
  }

  get isRunning(): boolean {
    return this.server !== undefined
  }

  async start(port = this.port): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('latin1')
          const unfolded = raw.replace(/\r\n[ \t]+/g, ' ')
          this.received.push({
            to: session.envelope.rcptTo.map((address) => address.address.toLowerCase()),
            replyTo: (/^Reply-To: (.*)$/im.exec(unfolded)?.[1] ?? '')
              .replace(/^.*<|>.*$/g, '')
              .trim()
              .toLowerCase(),
            subject: /^Subject: (.*)$/im.exec(unfolded)?.[1] ?? '',
            raw,
            receivedAt: Date.now(),
          })
          callback()
        })
      },
    })
    server.on('error', () => undefined)
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve())
    })
    this.server = server
    this.port = (server.server.address() as net.AddressInfo).port
  }

  /** Closes the port at once; connections still open are cut (as a mail server that goes down). */
  async stop(): Promise<void> {
    const server = this.server
    this.server = undefined
    if (!server) return
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      // smtp-server waits for its clients to say QUIT; a server that goes down does not.
      for (const connection of (server as unknown as { connections: Set<{ close(): void }> }).connections ?? []) {
        connection.close()
      }
    })
  }

  /** How many mails reached each guest: the customer's own mail (by envelope) and the shop's copy (by Reply-To). */
  countsByGuest(): { customer: Map<string, number>; shop: Map<string, number> } {
    const customer = new Map<string, number>()
    const shop = new Map<string, number>()
    for (const mail of this.received) {
      if (mail.to.includes(SHOP_EMAIL)) shop.set(mail.replyTo, (shop.get(mail.replyTo) ?? 0) + 1)
      else for (const to of mail.to) customer.set(to, (customer.get(to) ?? 0) + 1)
    }
    return { customer, shop }
  }
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
  /** Removes the data directory and the PostgreSQL database. */
  dispose(): Promise<void>
}

async function withServerClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/**
 * A fresh shop on PGlite (in a new data directory, or `dataDir` when given) or in a new database
 * on the PostgreSQL server `serverUrl`, migrated, with shipping settings and `productCount`
 * products of `stock` each.
 */
export async function prepareShop(options: {
  kind: DatabaseKind
  label: string
  serverUrl?: string | undefined
  dataDir?: string
  productCount?: number
  stock?: number
  staff?: boolean
}): Promise<PreparedShop> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `shop-faults-${options.label}-`))
  let databaseUrl: string | undefined
  let databaseName: string | undefined
  if (options.kind === 'postgres') {
    if (!options.serverUrl) throw new Error('a PostgreSQL shop needs a server URL')
    databaseName = `shop_faults_${options.label.replace(/\W/g, '_')}_${randomUUID().replace(/-/g, '').slice(0, 8)}`
    await withServerClient(options.serverUrl, (client) => client.query(`create database ${databaseName}`))
    const url = new URL(options.serverUrl)
    url.pathname = `/${databaseName}`
    databaseUrl = url.toString()
  }
  const open = () =>
    databaseUrl ? openDatabase({ url: databaseUrl }) : openDatabase({ directory: path.join(dataDir, 'db') })
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
    async dispose() {
      if (databaseName && options.serverUrl) {
        await withServerClient(options.serverUrl, (client) =>
          client.query(`drop database if exists ${databaseName} with (force)`),
        )
      }
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
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
 * FAULTS_FIGURES names when it is set.
 */
export function reportFigures(name: string, figures: Record<string, unknown>): void {
  const { log: _log, ...shown } = figures
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
