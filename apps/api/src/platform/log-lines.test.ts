import { spawnSync } from 'node:child_process'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import Fastify from 'fastify'
import { readableLines, replySerializer } from './log-lines.ts'

const LOG_LINES = new URL('./log-lines.ts', import.meta.url).pathname

function collector() {
  const written: string[] = []
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk.toString())
      done()
    },
  })
  return { destination, lines: () => written.join('').split('\n').filter(Boolean) }
}

describe('readable log lines (LOG_FORMAT=pretty)', () => {
  it('prints a request as one line when it completes: method, address, status and time, not JSON', async () => {
    const { destination, lines } = collector()
    const app = Fastify({
      logger: { level: 'info', stream: readableLines(destination), serializers: { res: replySerializer } },
    })
    app.get('/ping', () => 'pong')
    await app.inject({ url: '/ping?x=1' })
    await app.close()
    const requestLines = lines().filter((line) => line.includes('/ping'))
    expect(requestLines).toEqual([expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: GET \/ping\?x=1 200 in \d+ ms$/)])
    expect(lines().every((line) => !line.startsWith('{'))).toBe(true)
  })

  it('leaves out the fields that restate the message and keeps the ones that add to it', () => {
    const { destination, lines } = collector()
    const app = Fastify({ logger: { level: 'info', stream: readableLines(destination) } })
    app.log.info({ migration: '0001_init.sql' }, 'migration applied: 0001_init.sql')
    app.log.info({ step: 'sale written', milliseconds: 12 }, 'demo shop: sale written (12 ms)')
    app.log.info({ products: 178 }, 'demo shop loaded')
    expect(lines()).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: migration applied: 0001_init\.sql$/),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: demo shop: sale written \(12 ms\)$/),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: demo shop loaded \{"products":178\}$/),
    ])
  })

  it("shows a warning's error as its message after the text, an error's with its stack", () => {
    const { destination, lines } = collector()
    const app = Fastify({ logger: { level: 'info', stream: readableLines(destination) } })
    app.log.warn({ err: new Error('connect ECONNREFUSED 127.0.0.1:6379'), redis: 'rate limits' }, 'redis unavailable')
    expect(lines()).toEqual([
      expect.stringMatching(
        /^\[\d\d:\d\d:\d\d\] WARN: redis unavailable \(connect ECONNREFUSED 127\.0\.0\.1:6379\) \{"redis":"rate limits"\}$/,
      ),
    ])
    app.log.error({ err: new Error('boom') }, 'request failed')
    expect(lines().slice(1).join('\n')).toMatch(/ERROR: request failed[\s\S]*Error: boom[\s\S]*at /)
  })
})

/** Runs a script in a process of its own with stdout and stderr as pipes (not a terminal). */
function runScript(script: string, env: Record<string, string> = {}) {
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
    encoding: 'utf8',
    cwd: new URL('../..', import.meta.url).pathname,
    env: { ...process.env, LOG_FORMAT: '', ...env },
  })
}

const jsonLines = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)

describe("the process's other output", () => {
  it("Node's warnings and a library's console output are logged as JSON lines, nothing else is printed", () => {
    const result = runScript(`
      import Fastify from 'fastify'
      import { logProcessOutput } from ${JSON.stringify(LOG_LINES)}
      logProcessOutput(Fastify({ logger: true }).log)
      process.emitWarning('old API used', { type: 'DeprecationWarning', code: 'SHOP_TEST' })
      console.warn('Are you using a Stream of unknown length as the Body of a PutObject request?')
      console.error('[ioredis] Unhandled error event:', new Error('connect ECONNREFUSED'))
      setTimeout(() => undefined, 50)
    `)
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    const lines = jsonLines(result.stdout)
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, msg: expect.stringMatching(/^Are you using a Stream of unknown length/) }),
      expect.objectContaining({
        level: 50,
        msg: expect.stringMatching(/^\[ioredis\] Unhandled error event: Error: connect/),
      }),
      expect.objectContaining({
        level: 40,
        msg: 'old API used',
        warning: { name: 'DeprecationWarning', code: 'SHOP_TEST' },
      }),
    ])
  })

  it('an uncaught error is logged as a fatal JSON line and the process ends with 1', () => {
    const result = runScript(`
      import { logProcessOutput, startLog } from ${JSON.stringify(LOG_LINES)}
      logProcessOutput(startLog())
      setTimeout(() => { throw new Error('nobody caught me') }, 10)
    `)
    expect(result.status).toBe(1)
    expect(result.stdout).toBe('')
    expect(jsonLines(result.stderr)).toEqual([
      expect.objectContaining({
        level: 60,
        msg: 'uncaught error, the process ends: nobody caught me',
        err: expect.objectContaining({ message: 'nobody caught me', stack: expect.stringMatching(/^Error: nobody/) }),
      }),
    ])
  })

  it("the start's log writes pino's JSON line, or a readable one with LOG_FORMAT=pretty", () => {
    const script = `
      import { startLog } from ${JSON.stringify(LOG_LINES)}
      startLog().info('opening the database')
      startLog().fatal('The shop cannot start: DATA_DIR (/srv/shop) is on a read-only file system.')
    `
    const json = runScript(script)
    expect(jsonLines(json.stdout)).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        pid: expect.any(Number),
        hostname: expect.any(String),
        msg: 'opening the database',
      },
    ])
    expect(jsonLines(json.stderr)).toEqual([
      expect.objectContaining({ level: 60, msg: expect.stringMatching(/^The shop cannot start: DATA_DIR/) }),
    ])
    const pretty = runScript(script, { LOG_FORMAT: 'pretty' })
    expect(pretty.stdout).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: opening the database\n$/)
    expect(pretty.stderr).toMatch(
      /^\[\d\d:\d\d:\d\d\] FATAL: The shop cannot start: DATA_DIR \(\/srv\/shop\) is on a read-only file system\.\n$/,
    )
  })
})
