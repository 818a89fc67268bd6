import zlib from 'node:zlib'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify'
import { UUID_PATTERN } from '@shop/shared/rules/uuid.ts'
import { createCacheBus } from './cache-bus.ts'
import { listenToCatalogueChanges, readVersion } from './catalogue-version.ts'
import type { Database } from './db.ts'
import { createStockChangePoller } from './stock-changes.ts'

// The catalogue response cache (ARCHITECTURE: Performance budgets): repeated catalogue reads are
// answered with a stored JSON string, so they cost neither SQL nor serialisation. An entry is kept
// while the catalogue generation stands (catalogue-version.ts) and no product it mentions has had
// its stock changed (stock-changes.ts); other processes' changes arrive through Redis (cache-bus.ts)
// or the database poll.

/** How long after a bump a process keeps re-reading the version, waiting for the bump's commit. */
const COMMIT_WAIT_MS = 5_000
/** A production that took longer than this is not stored (and invalidations older than it are forgotten). */
const PRODUCTION_LIMIT_MS = 60_000
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
  /**
   * The stored body for key, or produces, stores and gives it: what `send` would answer, as text, for a reader in this
   * process (the server render, docs/decisions.md 'A render from the services').
   */
  read(key: string, produce: () => Promise<unknown>): Promise<string>
  /** The generation this process currently serves (reads it when due). */
  currentVersion(): Promise<number>
  /** Counts the stock changes this process has applied: the server-rendered pages are kept while it stands. */
  readonly stockSequence: number
  readonly size: number
  close(): Promise<void>
}

export type Encoding = 'br' | 'gzip'
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
export const COMPRESSORS: Record<Encoding, (body: string) => Buffer> = {
  br: (body) => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }),
  gzip: (body) => zlib.gzipSync(body, { level: 6 }),
}
export const MIN_COMPRESSED_BYTES = 1024

/** The best encoding the client accepts (br, then gzip), ignoring any it refuses with q=0. */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | undefined {
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
  const admit = createLimiter(maxConcurrentProductions)
  // A Map keeps insertion order: re-inserting on every hit makes its first key the least recently used.
  const entries = new Map<string, Entry>()
  const inFlight = new Map<string, Promise<string>>()
  let storedBytes = 0
  let knownVersion: number | undefined
  let checkedAt = 0
  let awaitedVersion = 0
  let awaitedUntil = 0
  let pendingCheck: Promise<number> | undefined
  // Counts the bumps heard of: a check that began before the latest one cannot have seen its commit.
  let bumpsHeard = 0
  let pendingCheckSawBumps = 0
  let isClosed = false
  // Per product id: the keys of the entries that mention it, and its last stock change (a count
  // that rises with every change, so that a production that began before one is not stored).
  const keysById = new Map<string, Set<string>>()
  const changedAt = new Map<string, { sequence: number; at: number }>()
  let stockSequence = 0
  const stockChanges = createStockChangePoller(db, (ids, changeId) => dropProducts(ids, changeId))

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
    if (changeId !== undefined) stockChanges.applied(changeId)
    for (const id of ids) {
      changedAt.set(id, { sequence: stockSequence, at: now })
      for (const key of [...(keysById.get(id) ?? [])]) forget(key)
    }
    if (changedAt.size > 10_000) {
      for (const [id, change] of changedAt) if (now - change.at > PRODUCTION_LIMIT_MS) changedAt.delete(id)
    }
  }

  async function check(): Promise<number> {
    const [version] = await Promise.all([
      readVersion(db),
      stockChanges.poll().catch((error: unknown) => log.warn({ err: error }, 'cache: reading stock changes failed')),
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
    if (knownVersion !== undefined && now - checkedAt < checkIntervalMs() && !isAwaitingCommit) return knownVersion
    if (pendingCheck && pendingCheckSawBumps === bumpsHeard) return pendingCheck
    // None runs, or the one running began before a bump was heard: a new one, after it (checks apply in order).
    const before = pendingCheck
    const run: Promise<number> = (before ? before.catch(() => undefined).then(check) : check()).finally(() => {
      if (pendingCheck === run) pendingCheck = undefined
    })
    pendingCheck = run
    pendingCheckSawBumps = bumpsHeard
    return run
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

  /** A bump that is not yet visible here: re-read the generation until its commit shows (or the wait ends). */
  function awaitCommit(version: number): void {
    bumpsHeard += 1
    awaitedVersion = Math.max(awaitedVersion, version)
    awaitedUntil = Date.now() + COMMIT_WAIT_MS
  }

  const bus =
    isEnabled && options.redisUrl
      ? createCacheBus({
          redisUrl: options.redisUrl,
          redisPrefix,
          log,
          // Another process bumped: wait for its commit exactly as for a bump of this process.
          onVersion: awaitCommit,
          onStock: (ids) => dropProducts(ids, undefined),
        })
      : undefined

  // With Redis listening, the database is read every 10 s only to catch a message that was lost; without
  // Redis, or while it is away, every second (the staleness bound across processes).
  function checkIntervalMs(): number {
    return options.checkIntervalMs ?? (bus?.isListening() ? 10_000 : 1_000)
  }

  const stopListening = isEnabled
    ? listenToCatalogueChanges({
        expectVersion(version) {
          if (version <= awaitedVersion && Date.now() < awaitedUntil) return
          awaitCommit(version)
        },
        async publishVersion(version) {
          await bus?.publishVersion(version)
        },
        async stockChanged(productIds, changeId) {
          dropProducts(productIds, changeId)
          // Awaited (briefly), so that the other processes have the message before this order is answered.
          await bus?.publishStock(productIds)
        },
      })
    : undefined

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
    async read(key, produce) {
      if (!isEnabled || isClosed) return serialise(await admit(produce))
      const version = await currentVersion()
      const entry = entries.get(key)
      if (entry && entry.version === version && Date.now() - entry.storedAt < maxAgeMs) {
        entries.delete(key)
        entries.set(key, entry)
        return entry.body
      }
      return produceBody(key, produce, version)
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
      stopListening?.()
      clear()
      await bus?.close()
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
