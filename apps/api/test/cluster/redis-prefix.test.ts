import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/platform/config.ts'
import { buildTestApp, type TestApp } from '../helpers.ts'
import { isRedisReachable, TEST_REDIS_URL } from '../support/free-port.ts'

// docs/decisions.md, Several processes: REDIS_PREFIX keeps the Redis keys and channels of one
// shop (or one test run) apart from those of others on the same Redis.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-prefix-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

describe('REDIS_PREFIX', () => {
  it("defaults to 'shop:'", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).redisPrefix).toBe('shop:')
  })

  it.each(['shop a:', 'x'.repeat(51), 'trgovina/1'])('stops start-up on %j, naming the variable', (value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, REDIS_PREFIX: value })).toThrow(
      'REDIS_PREFIX: must be 1 to 50 letters, digits or : _ . -',
    )
  })

  const redisUrl = TEST_REDIS_URL
  let test: TestApp | undefined
  afterAll(async () => {
    await test?.close()
  })

  it('puts the rate-limit counters under the prefix', { timeout: 120_000 }, async (context) => {
    if (!(await isRedisReachable(redisUrl))) {
      process.stdout.write(`skipped: no Redis answers at ${redisUrl}\n`)
      context.skip()
    }
    const prefix = `prefix-test-${randomUUID().slice(0, 8)}:`
    test = await buildTestApp({ REDIS_URL: redisUrl, REDIS_PREFIX: prefix })
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Marko Marić', email: 'marko@example.ba', phone: '', message: 'Pitanje', productName: '' },
    })
    expect(response.statusCode, response.body).toBe(201)
    const redis = new Redis(redisUrl)
    try {
      const keys = await redis.keys(`${prefix}*`)
      expect(keys).toEqual([expect.stringMatching(new RegExp(`^${prefix}rate-limit:POST/api/contact-`))])
      await redis.del(...keys)
    } finally {
      redis.disconnect()
    }
  })
})
