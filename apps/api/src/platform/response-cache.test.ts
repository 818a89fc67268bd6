import zlib from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../test/helpers.ts'
import { redisServerMissing, startRedisServer, type TestRedisServer } from '../../test/support/redis-server.ts'
import { parseBusMessage } from './cache-bus.ts'
import { bumpCatalogueVersion } from './catalogue-version.ts'
import { createResponseCache, type ResponseCache, type ResponseCacheOptions } from './response-cache.ts'
import type { Database } from './db.ts'

let db: Database
let drop: () => Promise<void>
const servers: FastifyInstance[] = []
const caches: ResponseCache[] = []

beforeAll(async () => {
  ;({ db, drop } = await openTestDatabase())
})
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await Promise.all(caches.map((cache) => cache.close()))
  await drop()
})

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))

/** A server whose GET /thing/:key answers a counter through the cache, like one API process. */
async function startProcess(options: Partial<ResponseCacheOptions> = {}) {
  const app = Fastify({ logger: false })
  const cache = createResponseCache({ db, log: app.log, ...options })
  caches.push(cache)
  servers.push(app)
  const produced: string[] = []
  const concurrency = { now: 0, highest: 0 }
  app.get<{ Params: { key: string } }>('/thing/:key', async (request, reply) =>
    cache.send(reply, request.url, async () => {
      produced.push(request.params.key)
      concurrency.now += 1
      concurrency.highest = Math.max(concurrency.highest, concurrency.now)
      await sleep(20)
      concurrency.now -= 1
      const { rows } = await db.query<{ version: number }>(
        "select version from cache_versions where name = 'catalogue'",
      )
      const padding = request.params.key.startsWith('big') ? 'ćevapi '.repeat(500) : ''
      return { key: request.params.key, version: Number(rows[0]?.version), call: produced.length, padding }
    }),
  )
  await app.ready()
  const get = async (key: string) => {
    const response = await app.inject({ url: `/thing/${key}` })
    return { cache: response.headers['x-cache'], body: JSON.parse(response.body) as { call: number; version: number } }
  }
  return { app, cache, produced, concurrency, get }
}

/** A bump made by another API process: nothing in this process hears of it. */
async function bumpElsewhere(): Promise<void> {
  await db.query("update cache_versions set version = version + 1 where name = 'catalogue'")
}

describe('response cache', () => {
  it('answers a repeated call from the cache with x-cache hit, and the first with miss', async () => {
    const process = await startProcess()
    const first = await process.get('a')
    const second = await process.get('a')
    expect(first.cache).toBe('miss')
    expect(second.cache).toBe('hit')
    expect(second.body).toEqual(first.body)
    expect(process.produced).toEqual(['a'])
  })

  it('sends the stored string as JSON', async () => {
    const process = await startProcess()
    await process.get('json')
    const response = await process.app.inject({ url: '/thing/json' })
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.headers['x-cache']).toBe('hit')
  })

  it('invalidates everything when a write bumps the version in its transaction, at its commit', async () => {
    // A long poll interval: only the bump of this process can make the cache look again.
    const process = await startProcess({ checkIntervalMs: 60_000 })
    const before = await process.get('b')
    // (A read inside this transaction would wait for PGlite's one connection, so none is made here.)
    await db.transaction(async (client) => {
      await bumpCatalogueVersion(client)
    })
    const after = await process.get('b')
    expect(after.cache).toBe('miss')
    expect(after.body.version).toBe(before.body.version + 1)
    expect((await process.get('b')).cache).toBe('hit')
  })

  it('keeps serving when a bump is rolled back', async () => {
    const process = await startProcess({ checkIntervalMs: 60_000 })
    await process.get('rollback')
    await expect(
      db.transaction(async (client) => {
        await bumpCatalogueVersion(client)
        throw new Error('the write failed')
      }),
    ).rejects.toThrow('the write failed')
    expect((await process.get('rollback')).cache).toBe('hit')
  })

  it('reads the generation again for a request after a bump, instead of joining a read that began before it', async () => {
    // The database answers what it read, but the answer reaches the cache only when the test lets it: a read of the
    // generation that began before the bump's commit is still on its way when the bump is heard.
    let release = () => {}
    let held: Promise<void> = Promise.resolve()
    const heldDb: Database = {
      ...db,
      query: (async (...args: Parameters<Database['query']>) => {
        const answer = await (db.query as (...a: unknown[]) => Promise<unknown>)(...args)
        await held
        return answer
      }) as Database['query'],
    }
    const cache = createResponseCache({ db: heldDb, log: Fastify().log, checkIntervalMs: 0 })
    caches.push(cache)
    const before = await cache.currentVersion()
    held = new Promise((resolve) => (release = resolve))
    const earlyRead = cache.currentVersion()
    await sleep(50)
    const bumped = await db.transaction((client) => bumpCatalogueVersion(client))
    const lateRead = cache.currentVersion()
    release()
    expect(await earlyRead).toBe(before)
    expect(await lateRead).toBe(bumped)
  })

  it('sees a bump of another process within the check interval', async () => {
    const process = await startProcess({ checkIntervalMs: 100 })
    await process.get('c')
    await bumpElsewhere()
    await sleep(150)
    const after = await process.get('c')
    expect(after.cache).toBe('miss')
  })

  it('produces a key once for concurrent misses', async () => {
    const process = await startProcess()
    const answers = await Promise.all(Array.from({ length: 8 }, () => process.get('d')))
    expect(process.produced).toEqual(['d'])
    expect(new Set(answers.map((answer) => answer.body.call)).size).toBe(1)
  })

  it.each([1, 2])('runs at most %d productions at once, with or without caching', async (limit) => {
    for (const isEnabled of [true, false]) {
      const process = await startProcess({ maxConcurrentProductions: limit, isEnabled })
      await Promise.all(['k1', 'k2', 'k3', 'k4', 'k5'].map((key) => process.get(key)))
      expect(process.produced).toHaveLength(5)
      expect(process.concurrency.highest).toBe(limit)
    }
  })

  it('keeps at most maxEntries entries, dropping the least recently used', async () => {
    const process = await startProcess({ maxEntries: 2 })
    await process.get('e1')
    await process.get('e2')
    await process.get('e1')
    await process.get('e3')
    expect(process.cache.size).toBe(2)
    expect((await process.get('e1')).cache).toBe('hit')
    expect((await process.get('e2')).cache).toBe('miss')
  })

  it('produces an entry again after maxAgeMs', async () => {
    const process = await startProcess({ maxAgeMs: 50 })
    await process.get('f')
    expect((await process.get('f')).cache).toBe('hit')
    await sleep(80)
    expect((await process.get('f')).cache).toBe('miss')
  })

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['identity', undefined],
  ])('sends a large hit compressed once for Accept-Encoding %j: %s', async (acceptEncoding, expected) => {
    const process = await startProcess()
    const plain = await process.app.inject({ url: '/thing/big-body' })
    const hit = await process.app.inject({ url: '/thing/big-body', headers: { 'accept-encoding': acceptEncoding } })
    expect(hit.headers['x-cache']).toBe('hit')
    expect(hit.headers['content-encoding']).toBe(expected)
    const decoded =
      expected === 'br'
        ? zlib.brotliDecompressSync(hit.rawPayload)
        : expected === 'gzip'
          ? zlib.gunzipSync(hit.rawPayload)
          : hit.rawPayload
    expect(decoded.toString('utf8')).toBe(plain.body)
    if (expected) expect(hit.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5)
  })

  it('never stores when switched off (CATALOGUE_CACHE=off)', async () => {
    const process = await startProcess({ isEnabled: false })
    expect((await process.get('g')).cache).toBe('miss')
    expect((await process.get('g')).cache).toBe('miss')
    expect(process.produced).toEqual(['g', 'g'])
  })
})

const redisMissing = redisServerMissing()

describe.skipIf(redisMissing)('response cache with REDIS_URL', () => {
  let redisServer: TestRedisServer
  let redisUrl: string

  beforeAll(async () => {
    redisServer = await startRedisServer()
    redisUrl = redisServer.url
  })
  afterAll(async () => {
    await redisServer?.stop()
  })

  it('hears of a bump of another process through pub/sub, long before its poll', async () => {
    const process = await startProcess({ redisUrl, checkIntervalMs: 60_000 })
    await process.get('h')
    await sleep(100)
    expect((await process.get('h')).cache).toBe('hit')
    const otherProcess = new Redis(redisUrl)
    await bumpElsewhere()
    const { rows } = await db.query<{ version: number }>("select version from cache_versions where name = 'catalogue'")
    await otherProcess.publish('shop:catalogue-version', String(rows[0]!.version))
    await otherProcess.quit()
    await sleep(100)
    expect((await process.get('h')).cache).toBe('miss')
  })

  it('publishes its own bumps for the other processes', async () => {
    await startProcess({ redisUrl })
    const listener = new Redis(redisUrl)
    const heard: string[] = []
    await listener.subscribe('shop:catalogue-version')
    listener.on('message', (_channel: string, message: string) => heard.push(parseBusMessage(message).payload))
    const version = await db.transaction((client) => bumpCatalogueVersion(client))
    await sleep(100)
    await listener.quit()
    expect(heard).toContain(String(version))
  })
})
