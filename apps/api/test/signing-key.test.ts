import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/platform/config.ts'
import { legacySecretFile, signingKeyOf } from '../src/platform/signing-key.ts'
import { buildTestApp, signInAs, type TestApp } from './helpers.ts'

// The key tokens are signed with, without AUTH_SECRET: generated once per shop and kept in its
// database, so that API processes with data directories of their own (several machines) accept each
// other's tokens with no setting (docs/decisions.md, Several processes: the signing key behaves the
// same when two API processes serve one shop).

const dataDirs: string[] = []
const newDataDir = () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-key-'))
  dataDirs.push(dataDir)
  return dataDir
}

let a: TestApp

beforeAll(async () => {
  // AUTH_SECRET '' is unset (loadConfig treats empty variables as unset).
  a = await buildTestApp({ AUTH_SECRET: '' })
})

afterAll(async () => {
  await a?.close()
  for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('the signing key kept in the database', () => {
  it('is generated once: every process, whatever its data directory, reads the same key', async () => {
    const keys = await Promise.all(
      Array.from({ length: 4 }, () => signingKeyOf(a.db, { authSecret: undefined, dataDir: newDataDir() })),
    )
    expect(new Set(keys).size).toBe(1)
    expect(keys[0]!.length).toBeGreaterThanOrEqual(32)
    expect(await signingKeyOf(a.db, { authSecret: undefined, dataDir: newDataDir() })).toBe(keys[0])
    // Nothing written to the data directories.
    for (const dataDir of dataDirs) expect(fs.existsSync(legacySecretFile(dataDir))).toBe(false)
  })

  it('is AUTH_SECRET when that is set', async () => {
    const secret = 'an-operator-secret-of-at-least-32-characters'
    expect(await signingKeyOf(a.db, { authSecret: secret, dataDir: newDataDir() })).toBe(secret)
  })

  it("accepts on a second process (its own data directory, no AUTH_SECRET) the first one's tokens", async () => {
    const headers = await signInAs(a, 'user')
    const config = loadConfig({
      DATA_DIR: newDataDir(),
      SEED: 'none',
      LOG_LEVEL: 'silent',
      MAIL_WORKER: 'off',
      WEB_DIST: path.join(os.tmpdir(), 'no-web'),
    })
    expect(config.authSecret).toBeUndefined()
    const b = await buildApp({ config, db: a.db })
    try {
      const me = await b.inject({ method: 'GET', url: '/api/auth/me', headers })
      expect(me.statusCode).toBe(200)
      // And a token signed with another key is refused there.
      const other = await buildTestApp({ AUTH_SECRET: 'another-secret-another-secret-another-0123' })
      try {
        const foreign = await signInAs(other, 'user')
        expect((await b.inject({ method: 'GET', url: '/api/auth/me', headers: foreign })).statusCode).toBe(401)
      } finally {
        await other.close()
      }
    } finally {
      await b.close()
    }
  })
})

describe('a shop from before the database-kept key', () => {
  it('takes over the key it generated into DATA_DIR/auth-secret, so that signed-in users stay signed in', async () => {
    const legacy = await buildTestApp({ AUTH_SECRET: '' })
    try {
      // A fresh database: nothing kept yet. The old file's key becomes the shop's.
      const dataDir = newDataDir()
      const old = 'k3y-generated-by-an-earlier-version-0123456789abcdef'
      fs.writeFileSync(legacySecretFile(dataDir), old)
      expect(await signingKeyOf(legacy.db, { authSecret: undefined, dataDir })).toBe(old)
      // Another process without the file gets the same.
      expect(await signingKeyOf(legacy.db, { authSecret: undefined, dataDir: newDataDir() })).toBe(old)
    } finally {
      await legacy.close()
    }
  })
})
