import { spawnSync } from 'node:child_process'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import Fastify from 'fastify'
import { readableLines } from './log-lines.ts'

describe('readable log lines (LOG_FORMAT=pretty)', () => {
  it('prints a request as one line with its method, address, status and time, not JSON', async () => {
    const written: string[] = []
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written.push(chunk.toString())
        done()
      },
    })
    const app = Fastify({ logger: { level: 'info', stream: readableLines(destination) } })
    app.get('/ping', () => 'pong')
    await app.inject({ url: '/ping?x=1' })
    app.log.info({ migration: '0001_init.sql' }, 'migration applied: 0001_init.sql')
    await app.close()
    const lines = written.join('').split('\n').filter(Boolean)
    expect(lines).toContainEqual(expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: incoming request GET \/ping\?x=1/))
    expect(lines).toContainEqual(expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: request completed 200 in \d+ ms/))
    expect(lines).toContainEqual(expect.stringMatching(/INFO: migration applied: 0001_init\.sql/))
    expect(lines.every((line) => !line.startsWith('{'))).toBe(true)
  })
})

describe('process warnings', () => {
  it('are logged as JSON lines, not printed by Node as text on stderr', async () => {
    const script = `
      const Fastify = require('fastify')
      const { logProcessWarnings } = require(${JSON.stringify(new URL('./log-lines.ts', import.meta.url).pathname)})
      logProcessWarnings(Fastify({ logger: true }).log)
      process.emitWarning('old API used', { type: 'DeprecationWarning', code: 'SHOP_TEST' })
      setTimeout(() => undefined, 50)
    `
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--eval', script], {
      encoding: 'utf8',
      cwd: new URL('../..', import.meta.url).pathname,
    })
    expect(result.status).toBe(0)
    expect(result.stderr).toBe('')
    const line = JSON.parse(result.stdout.trim()) as { level: number; msg: string; warning: unknown }
    expect(line).toMatchObject({
      level: 40,
      msg: 'old API used',
      warning: { name: 'DeprecationWarning', code: 'SHOP_TEST' },
    })
  })
})
