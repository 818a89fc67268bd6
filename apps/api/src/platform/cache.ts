import zlib from 'node:zlib'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify'
import { Redis } from 'ioredis'
import { isUuid, UUID_PATTERN } from '@shop/shared/rules/uuid.ts'
import { afterCommit, type Database, type Queryable } from './db.ts'

// The catalogue response cache (ARCHITECTURE: Performance budgets): repeated catalogue reads are
// answered with a stored JSON string, so they cost neither SQL nor serialisation. A generation
// number in cache_versions ('catalogue') invalidates every entry at once; staff writes bump it
// inside their transactions, and every API process sees the bump through the database (polled at
// most once a second) or, with REDIS_URL, at once through Redis pub/sub (published once the write
// has committed, before it is answered).
//
// Stock moved by orders and cancels (issue 12) does not bump the generation: one row written by
// every order would make orders wait for each other. Each order instead names the products whose
// stock it changed (noteStockChange); after its commit every process drops only the answers that
// mention one of them: this process at once, the others through Redis pub/sub (published before
// the order is answered) or, without Redis, from cache_stock_changes when they poll the generation.
// A product or size that sells out or comes back moves in every list (out of stock sorts last),
// so that rarer change bumps the generation after the commit.

const CATALOGUE = 'catalogue'
/** How long after a bump a process keeps re-reading the version, waiting for the bump's commit. */
const COMMIT_WAIT_MS = 5_000
/** A production that took longer than this is not stored (and invalidations older than it are forgotten). */
const PRODUCTION_LIMIT_MS = 60_000
/** Polls of cache_stock_changes overlap by this much, for an order that committed a little after its insert. */
const STOCK_POLL_OVERLAP_MS = 5_000
const STOCK_CHANGES_KEPT_MS = 10 * 60_000
/** An order waits at most this long for Redis to take its stock message. */
const PUBLISH_TIMEOUT_MS = 250
const DEFAULT_REDIS_PREFIX = 'shop:'

export type ResponseCacheOptions = {
  db: Database
  log: FastifyBaseLogger
  isEnabled?: boolean
  redisUrl?: string | undefined
  /** The start of the Redis channel names (REDIS_PREFIX), so that shops can share one Redis. */
  redisPrefix?: string
  maxEntries?: number
  maxBytes?: number
  /** How often the generation is read from the database (without Redis: the staleness bound across processes). */
  checkIntervalMs?: number
  /**
   * Entries older than this are produced again: the last bound on staleness, for a stock change
   * whose message was lost (Redis down, an order committed long after its insert).
   */
  maxAgeMs?: number
  /**
   * How many productions (catalogue SQL) may run at once; the rest wait here rather than in the
   * database pool, so that other requests (health, sign-in, orders) find a free connection. With
   * PGlite's single connection this keeps /api/health fast under catalogue load.
   */
  maxConcurrentProductions?: number
}

export type ResponseCache = {
  /** Answers with the stored body for key, or produces, stores and answers it; sets x-cache. */
  send(reply: FastifyReply, key: string, produce: () => Promise<unknown>): Promise<FastifyReply>
  /** The generation this process currently serves (reads it when due). */
  currentVersion(): Promise<number>
  /** Counts the stock changes this process has applied: the server-rendered pages (issue 11) are kept while it stands. */
  readonly stockSequence: number
  readonly size: number
  close(): Promise<void>
}

type Encoding = 'br' | 'gzip'
type Entry = {
  body: string
  version: number
  storedAt: number
  /** The ids (any quoted UUID) the body mentions: a stock change of one of them drops the entry. */
  ids: string[]
  encoded: Partial<Record<Encoding, Buffer>>
}

const QUOTED_UUID = new RegExp(`"(${UUID_PATTERN})"`, 'g')

function idsIn(body: string): string[] {
  return [...new Set(Array.from(body.matchAll(QUOTED_UUID), (match) => match[1] ?? ''))]
}

// A cached body is compressed once per encoding and kept, instead of once per request by
// @fastify/compress (which leaves a response alone when it already has a Content-Encoding).
const COMPRESSORS: Record<Encoding, (body: string) => Buffer> = {
  br: (body) => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }),
  gzip: (body) => zlib.gzipSync(body, { level: 6 }),
}
const MIN_COMPRESSED_BYTES = 1024

/** The best encoding the client accepts (br, then gzip), ignoring any it refuses with q=0. */
function acceptedEncoding(header: string | string[] | undefined): Encoding | undefined {
  const accepted = new Set(
    (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, quality]) => !/^\s*q=0(\.0*)?\s*$/.test(quality ?? ''))
      .map(([name]) => name),
  )
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return undefined
}

/**
 * JSON text made elsewhere (the catalogue's SQL builds its lists as JSON), sent and stored as is.
 * The type parameter records what the text holds.
 */
export class SerializedJson<T = unknown> {
  declare readonly shape?: T
  constructor(readonly text: string) {}
}

function serialise(value: unknown): string {
  return value instanceof SerializedJson ? value.text : JSON.stringify(value)
}

type VersionListener = {
  expectVersion(version: number): void
  /** Tells the other processes of a committed bump (awaited briefly, so they know before the write is answered). */
  publishVersion(version: number): Promise<void>
  /** Drops the answers mentioning these products and tells the other processes. */
  stockChanged(productIds: readonly string[], changeId: number): Promise<void>
}
const liveCaches = new Set<VersionListener>()

/**
 * Starts a new catalogue generation. Call it inside the transaction of every staff write that
 * changes what a catalogue read answers (products, categories, brands, slides, sales, settings,
 * work hours); the new generation becomes visible when that transaction commits.
 */
export async function bumpCatalogueVersion(client: Queryable): Promise<number> {
  const { rows } = await client.query<{ version: number }>(
    `insert into cache_versions (name, version) values ($1, 1)
     on conflict (name) do update set version = cache_versions.version + 1
     returning version`,
    [CATALOGUE],
  )
  const version = Number(rows[0]?.version ?? 0)
  for (const cache of liveCaches) cache.expectVersion(version)
  // Published once committed, and awaited: without it, a write answered through one process could
  // be read through another before Redis has passed the message on (issue 12: 'never stale').
  await afterCommit(client, async () => {
    await Promise.all([...liveCaches].map((cache) => cache.publishVersion(version)))
  })
  return version
}

/**
 * Records, inside the transaction that moved it, that the stock of these products changed (an
 * order, a cancel, a status change that gives stock back or takes it again). Once the transaction
 * commits, the catalogue answers mentioning them are dropped in every API process before the
 * caller answers. soldOutChanged: a product or size went out of stock or came back, which moves it
 * in every list, so the generation is bumped (after the commit: the order holds no shared row).
 */
export async function noteStockChange(
  client: Queryable,
  productIds: readonly string[],
  soldOutChanged: boolean,
): Promise<void> {
  const ids = [...new Set(productIds)]
  if (ids.length === 0) return
  const { rows } = await client.query<{ id: number }>(
    'insert into cache_stock_changes (product_ids) values ($1::uuid[]) returning id',
    [ids],
  )
  const changeId = Number(rows[0]?.id ?? 0)
  await afterCommit(client, async () => {
    if (soldOutChanged) await bumpCatalogueVersion(client)
    await Promise.all([...liveCaches].map((cache) => cache.stockChanged(ids, changeId)))
  })
}

async function readVersion(db: Database): Promise<number> {
  const { rows } = await db.query<{ version: number }>('select version from cache_versions where name = $1', [
    CATALOGUE,
  ])
  return Number(rows[0]?.version ?? 0)
}

export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const {
    db,
    log,
    isEnabled = true,
    maxEntries = 2_000,
    maxBytes = 128 * 1024 * 1024,
    maxAgeMs = 30_000,
    maxConcurrentProductions = 8,
    redisPrefix = DEFAULT_REDIS_PREFIX,
  } = options
  const versionChannel = `${redisPrefix}catalogue-version`
  const stockChannel = `${redisPrefix}stock-changed`
  const admit = createLimiter(maxConcurrentProductions)
  const checkIntervalMs = options.checkIntervalMs ?? (options.redisUrl ? 10_000 : 1_000)
  // A Map keeps insertion order: re-inserting on every hit makes its first key the least recently used.
  const entries = new Map<string, Entry>()
  const inFlight = new Map<string, Promise<string>>()
  let storedBytes = 0
  let knownVersion: number | undefined
  let checkedAt = 0
  let awaitedVersion = 0
  let awaitedUntil = 0
  let pendingCheck: Promise<number> | undefined
  let isClosed = false
  // Per product id: the keys of the entries that mention it, and its last stock change (a count
  // that rises with every change, so that a production that began before one is not stored).
  const keysById = new Map<string, Set<string>>()
  const changedAt = new Map<string, { sequence: number; at: number }>()
  let stockSequence = 0
  // Stock changes already applied (their cache_stock_changes ids), so that a poll skips them.
  const appliedChanges = new Map<number, number>()
  let stockPolledUntil: Date | undefined
  let stockCleanedAt = 0

  function forget(key: string): void {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    storedBytes -= entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0)
    for (const id of entry.ids) {
      const keys = keysById.get(id)
      keys?.delete(key)
      if (keys?.size === 0) keysById.delete(id)
    }
  }

  function clear(): void {
    entries.clear()
    keysById.clear()
    storedBytes = 0
  }

  /** Drops every entry that mentions one of these products (their stock changed). */
  function dropProducts(ids: readonly string[], changeId: number | undefined): void {
    stockSequence += 1
    const now = Date.now()
    if (changeId !== undefined) appliedChanges.set(changeId, now)
    for (const id of ids) {
      changedAt.set(id, { sequence: stockSequence, at: now })
      for (const key of [...(keysById.get(id) ?? [])]) forget(key)
    }
    if (changedAt.size > 10_000) {
      for (const [id, change] of changedAt) if (now - change.at > PRODUCTION_LIMIT_MS) changedAt.delete(id)
    }
  }

  /** The fallback to Redis: stock changes committed by any process since the last poll. */
  async function pollStockChanges(): Promise<void> {
    const { rows } = await db.query<{ changes: Array<{ id: number; ids: string[] }>; now: Date }>(
      `select coalesce((select json_agg(json_build_object('id', id, 'ids', product_ids))
                          from cache_stock_changes
                         where changed_at > coalesce($1, clock_timestamp()) - $2 * interval '1 millisecond'),
                       '[]'::json) as changes,
              clock_timestamp() as now`,
      [stockPolledUntil ?? null, STOCK_POLL_OVERLAP_MS],
    )
    const now = Date.now()
    for (const change of rows[0]?.changes ?? []) {
      if (!appliedChanges.has(change.id)) dropProducts(change.ids, change.id)
    }
    stockPolledUntil = rows[0]?.now
    for (const [id, at] of appliedChanges) if (now - at > 4 * STOCK_POLL_OVERLAP_MS) appliedChanges.delete(id)
    if (now - stockCleanedAt > 60_000) {
      stockCleanedAt = now
      await db.query(
        `delete from cache_stock_changes where changed_at < clock_timestamp() - $1 * interval '1 millisecond'`,
        [STOCK_CHANGES_KEPT_MS],
      )
    }
  }

  async function check(): Promise<number> {
    const [version] = await Promise.all([
      readVersion(db),
      pollStockChanges().catch((error: unknown) => log.warn({ err: error }, 'cache: reading stock changes failed')),
    ])
    checkedAt = Date.now()
    if (version !== knownVersion) {
      clear()
      knownVersion = version
    }
    return version
  }

  async function currentVersion(): Promise<number> {
    const now = Date.now()
    const isAwaitingCommit = knownVersion !== undefined && awaitedVersion > knownVersion && now < awaitedUntil
    if (knownVersion !== undefined && now - checkedAt < checkIntervalMs && !isAwaitingCommit) return knownVersion
    pendingCheck ??= check().finally(() => {
      pendingCheck = undefined
    })
    return pendingCheck
  }

  function store(key: string, body: string, version: number, sequence: number, startedAt: number): void {
    // A body produced from an older generation than the one now known must not be kept.
    if (version !== knownVersion || body.length > maxBytes / 4) return
    if (Date.now() - startedAt > PRODUCTION_LIMIT_MS) return
    // Nor one that began before a stock change of a product it mentions (it may hold the old stock).
    const ids = idsIn(body)
    if (ids.some((id) => (changedAt.get(id)?.sequence ?? 0) > sequence)) return
    forget(key)
    entries.set(key, { body, version, storedAt: Date.now(), ids, encoded: {} })
    for (const id of ids) {
      const keys = keysById.get(id) ?? new Set<string>()
      keys.add(key)
      keysById.set(id, keys)
    }
    storedBytes += body.length
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && storedBytes <= maxBytes) break
      forget(oldest)
    }
  }

  const listener: VersionListener = {
    expectVersion(version) {
      if (version <= awaitedVersion && Date.now() < awaitedUntil) return
      awaitedVersion = Math.max(awaitedVersion, version)
      awaitedUntil = Date.now() + COMMIT_WAIT_MS
    },
    async publishVersion(version) {
      if (publisher) await publishWithin(publisher, versionChannel, String(version), log)
    },
    async stockChanged(productIds, changeId) {
      dropProducts(productIds, changeId)
      // Awaited (briefly), so that the other processes have the message before this order is answered.
      if (publisher) await publishWithin(publisher, stockChannel, JSON.stringify(productIds), log)
    },
  }

  let publisher: Redis | undefined
  let subscriber: Redis | undefined
  if (isEnabled && options.redisUrl) {
    publisher = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
    subscriber = new Redis(options.redisUrl, { lazyConnect: false })
    for (const connection of [publisher, subscriber]) {
      connection.on('error', (error: unknown) =>
        log.warn({ err: error }, 'cache: redis unavailable, polling the database'),
      )
    }
    void subscriber
      .subscribe(versionChannel, stockChannel)
      .catch((error: unknown) => log.warn({ err: error }, 'cache: subscribe failed'))
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === stockChannel) {
        const ids = parseIds(message)
        if (ids.length > 0) dropProducts(ids, undefined)
        return
      }
      const version = Number(message)
      if (!Number.isFinite(version)) return
      // Another process bumped: wait for its commit exactly as for a bump of this process.
      awaitedVersion = Math.max(awaitedVersion, version)
      awaitedUntil = Date.now() + COMMIT_WAIT_MS
    })
  }
  if (isEnabled) liveCaches.add(listener)

  // Concurrent misses of one key share one production (a cold cache under load asks SQL once).
  // A request that came after a stock change never joins a production that began before it.
  async function produceBody(key: string, produce: () => Promise<unknown>, version: number): Promise<string> {
    const sequence = stockSequence
    const flightKey = `${version}\u0000${sequence}\u0000${key}`
    const running = inFlight.get(flightKey)
    if (running) return running
    const startedAt = Date.now()
    const work = admit(produce)
      .then((value) => {
        const body = serialise(value)
        store(key, body, version, sequence, startedAt)
        return body
      })
      .finally(() => inFlight.delete(flightKey))
    inFlight.set(flightKey, work)
    return work
  }

  return {
    async send(reply, key, produce) {
      reply.type('application/json; charset=utf-8')
      if (!isEnabled || isClosed) {
        reply.header('x-cache', 'miss')
        return reply.send(serialise(await admit(produce)))
      }
      const version = await currentVersion()
      const entry = entries.get(key)
      if (entry && entry.version === version && Date.now() - entry.storedAt < maxAgeMs) {
        entries.delete(key)
        entries.set(key, entry)
        reply.header('x-cache', 'hit')
        const encoding =
          entry.body.length >= MIN_COMPRESSED_BYTES
            ? acceptedEncoding(reply.request.headers['accept-encoding'])
            : undefined
        if (!encoding) return reply.send(entry.body)
        let compressed = entry.encoded[encoding]
        if (!compressed) {
          compressed = COMPRESSORS[encoding](entry.body)
          entry.encoded[encoding] = compressed
          storedBytes += compressed.length
        }
        reply.header('content-encoding', encoding).header('vary', 'accept-encoding')
        return reply.send(compressed)
      }
      reply.header('x-cache', 'miss')
      return reply.send(await produceBody(key, produce, version))
    },
    currentVersion,
    get stockSequence() {
      return stockSequence
    },
    get size() {
      return entries.size
    },
    async close() {
      if (isClosed) return
      isClosed = true
      liveCaches.delete(listener)
      clear()
      const connections = [publisher, subscriber].filter((connection) => connection !== undefined)
      // Issue 12 §3: quit() waits for a Redis that is down (reconnecting) and would hold the shutdown.
      await Promise.all(
        connections.map(async (connection) => {
          if (connection.status === 'ready') await connection.quit().catch(() => undefined)
          else connection.disconnect()
        }),
      )
    },
  }
}

/** The product ids of a stock message from Redis; anything else in it is ignored. */
function parseIds(message: string): string[] {
  try {
    const value: unknown = JSON.parse(message)
    return Array.isArray(value) ? value.filter((id): id is string => isUuid(id)) : []
  } catch {
    return []
  }
}

async function publishWithin(connection: Redis, channel: string, message: string, log: FastifyBaseLogger) {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, PUBLISH_TIMEOUT_MS)
  })
  try {
    await Promise.race([connection.publish(channel, message), timeout])
  } catch (error) {
    log.warn({ err: error }, 'cache: publish failed')
  } finally {
    clearTimeout(timer)
  }
}

/** Runs at most `limit` tasks at once, the others in arrival order. */
function createLimiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0
  const waiting: Array<() => void> = []
  return async (task) => {
    // A finishing task hands its slot straight to the next waiter, so `running` never overshoots.
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    else running += 1
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else running -= 1
    }
  }
}

const cachesByDatabase = new WeakMap<Database, ResponseCache>()

/**
 * The one response cache of an API process (per database), shared by the catalogue and content
 * modules and closed with the server.
 */
export function responseCacheFor(app: FastifyInstance): ResponseCache {
  let cache = cachesByDatabase.get(app.db)
  if (!cache) {
    cache = createResponseCache({
      db: app.db,
      log: app.log,
      isEnabled: app.config.isCatalogueCacheOn,
      redisUrl: app.config.redisUrl,
      redisPrefix: app.config.redisPrefix,
      // PGlite is one session: two catalogue queries keep it busy, a third would only queue in the pool.
      maxConcurrentProductions: app.db.kind === 'pglite' ? 2 : 8,
    })
    cachesByDatabase.set(app.db, cache)
  }
  const shared = cache
  app.addHook('onClose', async () => {
    cachesByDatabase.delete(app.db)
    await shared.close()
  })
  return shared
}
