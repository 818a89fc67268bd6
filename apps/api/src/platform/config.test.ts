import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'

const dataDir = path.join(os.tmpdir(), 'shop-config-test')

describe('loadConfig', () => {
  it('treats an empty variable as unset', () => {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '', PORT: '' })
    expect(config.databaseUrl).toBeUndefined()
    expect(config.smtpUrl).toBeUndefined()
    expect(config.port).toBe(3000)
  })

  it('logs JSON lines unless LOG_FORMAT asks for readable ones (npm start on a terminal)', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).logFormat).toBe('json')
    expect(loadConfig({ DATA_DIR: dataDir, LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty')
    expect(() => loadConfig({ DATA_DIR: dataDir, LOG_FORMAT: 'colour' })).toThrow(/LOG_FORMAT/)
  })

  it('names every bad variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'not a url', PORT: '70000' })).toThrow(
      /DATABASE_URL[\s\S]*PORT|PORT[\s\S]*DATABASE_URL/,
    )
  })

  it('takes a relative WEB_DIST from the working directory (the static file server needs an absolute root)', () => {
    expect(loadConfig({ DATA_DIR: dataDir, WEB_DIST: 'apps/web/dist' }).webDist).toBe(path.resolve('apps/web/dist'))
    expect(loadConfig({ DATA_DIR: dataDir }).webDist).toBeUndefined()
  })

  it('takes AUTH_SECRET as given and generates no key file without it (the key lives in the database)', () => {
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-config-key-'))
    expect(loadConfig({ DATA_DIR: fresh, AUTH_SECRET: 'k'.repeat(40) }).authSecret).toBe('k'.repeat(40))
    expect(loadConfig({ DATA_DIR: fresh }).authSecret).toBeUndefined()
    expect(fs.readdirSync(fresh)).toEqual([])
    fs.rmSync(fresh, { recursive: true })
  })
})
