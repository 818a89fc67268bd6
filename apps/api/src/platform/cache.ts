import zlib from 'node:zlib'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify'
import { Redis } from 'ioredis'
import type { Database, Queryable } from './db.ts'

// The catalogue response cache (ARCHITECTURE: Performance budgets): repeated catalogue reads are
// answered with a stored JSON string, so they cost neither SQL nor serialisation. A generation
// number in cache_versions ('catalogue') invalidates every entry at once; staff writes bump it
// inside their transactions, and every API process sees the bump through the database (polled at
// most once a second) or, with REDIS_URL, at once through Redis pub/sub.

const CATALOGUE = 'catalogue'
const REDIS_CHANNEL = 'shop:catalogue-version'
/** How long after a bump a process keeps re-reading the version, waiting for the bump's commit. */
const COMMIT_WAIT_MS = 5_000

export type ResponseCacheOptions = {
  db: Database
  log: FastifyBaseLogger
  isEnabled?: boolean
  redisUrl?: string | undefined
  maxEntries?: number
  maxBytes?: number
  /** How often the generation is read from the database (without Redis: the staleness bound across processes). */
  checkIntervalMs?: number
  /**
   * Entries older than this are produced again. Stock changes of orders do not bump the generation
   * (one hot row would serialise every order), so this bounds how stale a stock figure can be.
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
  readonly size: number
  close(): Promise<void>
}

type Encoding = 'br' | 'gzip'
type Entry = { body: string; version: number; storedAt: number; encoded: Partial<Record<Encoding, Buffer>> }

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

type VersionListener = { expectVersion(version: number): void }
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
  return version
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
  } = options
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

  function forget(key: string): void {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    storedBytes -= entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0)
  }

  function clear(): void {
    entries.clear()
    storedBytes = 0
  }

  async function check(): Promise<number> {
    const version = await readVersion(db)
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

  function store(key: string, body: string, version: number): void {
    // A body produced from an older generation than the one now known must not be kept.
    if (version !== knownVersion || body.length > maxBytes / 4) return
    forget(key)
    entries.set(key, { body, version, storedAt: Date.now(), encoded: {} })
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
      publisher
        ?.publish(REDIS_CHANNEL, String(version))
        .catch((error: unknown) => log.warn({ err: error }, 'cache: publish failed'))
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
      .subscribe(REDIS_CHANNEL)
      .catch((error: unknown) => log.warn({ err: error }, 'cache: subscribe failed'))
    subscriber.on('message', (_channel: string, message: string) => {
      const version = Number(message)
      if (!Number.isFinite(version)) return
      // Another process bumped: wait for its commit exactly as for a bump of this process.
      awaitedVersion = Math.max(awaitedVersion, version)
      awaitedUntil = Date.now() + COMMIT_WAIT_MS
    })
  }
  if (isEnabled) liveCaches.add(listener)

  // Concurrent misses of one key share one production (a cold cache under load asks SQL once).
  async function produceBody(key: string, produce: () => Promise<unknown>, version: number): Promise<string> {
    const flightKey = `${version}\u0000${key}`
    const running = inFlight.get(flightKey)
    if (running) return running
    const work = admit(produce)
      .then((value) => {
        const body = serialise(value)
        store(key, body, version)
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
    get size() {
      return entries.size
    },
    async close() {
      if (isClosed) return
      isClosed = true
      liveCaches.delete(listener)
      clear()
      const connections = [publisher, subscriber].filter((connection) => connection !== undefined)
      await Promise.all(connections.map((connection) => connection.quit().catch(() => undefined)))
    },
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
