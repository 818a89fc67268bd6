import fs from 'node:fs'
import os from 'node:os'
import tty from 'node:tty'
import { format } from 'node:util'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import { prettyFactory } from 'pino-pretty'

// docs/decisions.md, 'What the operator reads': one JSON line per event in production (LOG_FORMAT=json, the
// default), readable lines on a terminal (LOG_FORMAT=pretty, which `npm start` and `npm run dev` set when they
// print to one), and nothing else on stdout or stderr: Node's warnings, a library's console output and a failed
// start go through the same lines.

type LogRecord = Record<string, unknown> & { level: number; msg?: string }

/** Fields that only restate the message ({"migration":"0001_init.sql"} beside 'migration applied: 0001_init.sql'). */
function restated(record: LogRecord, message: string): string[] {
  const keys: string[] = []
  for (const [key, value] of Object.entries(record)) {
    if (key === 'level' || key === 'time' || key === 'msg' || key === 'err') continue
    if ((typeof value === 'string' || typeof value === 'number') && message.includes(String(value))) keys.push(key)
  }
  return keys
}

const INFO = 30
const ERROR = 50

/**
 * What a terminal shows of one log record, or undefined for none: a request as one line when it completes
 * ('GET /api/products 200 in 38 ms'; the 'incoming request' line is left out), a warning's error as its message
 * after the text (an error's stack stays), and no fields that restate the message.
 */
export function readableRecord(record: LogRecord): LogRecord | undefined {
  const request = record.req as { method?: string; url?: string } | undefined
  if (record.msg === 'incoming request' && request?.method && record.level <= INFO) return undefined
  const shown: LogRecord = { ...record }
  const response = record.res as { statusCode?: number; method?: string; url?: string } | undefined
  if (response?.statusCode !== undefined) {
    const what = response.method ? `${response.method} ${response.url ?? ''} ` : ''
    const time = Math.round(Number(record.responseTime ?? 0))
    shown.msg = `${record.msg === 'request completed' ? '' : `${record.msg} `}${what}${response.statusCode} in ${time} ms`
  }
  const error = record.err as { message?: string } | undefined
  if (error?.message && record.level < ERROR) {
    shown.msg = `${shown.msg ?? ''} (${error.message})`
    delete shown.err
  }
  for (const key of restated(shown, String(shown.msg ?? ''))) delete shown[key]
  return shown
}

/**
 * The stream of readable lines (LOG_FORMAT=pretty): time, level and message on one line, with what a line
 * adds to its message beside it. Written synchronously, as pino's own destination.
 */
export function readableLines(destination: NodeJS.WritableStream | number = 1) {
  const pretty = prettyFactory({
    colorize: typeof destination === 'number' && tty.isatty(destination),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
  })
  return {
    write(line: string) {
      let record: LogRecord
      try {
        record = JSON.parse(line) as LogRecord
      } catch {
        record = { level: INFO, time: Date.now(), msg: line.trimEnd() }
      }
      const shown = readableRecord(record)
      if (!shown) return
      const text = pretty(shown)
      if (typeof destination === 'number') fs.writeSync(destination, text)
      else destination.write(text)
    },
  }
}

/**
 * Fastify's 'request completed' line names the request it completes (method and address, beside the status), so
 * that it stands alone: a log store or a terminal needs no second line to know what was answered.
 */
export const replySerializer = (reply: { statusCode: number; request?: Pick<FastifyRequest, 'method' | 'url'> }) => ({
  statusCode: reply.statusCode,
  method: reply.request?.method,
  url: reply.request?.url,
})

type LineLog = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error' | 'fatal'>

const LEVELS = { debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const

/**
 * A logger for what happens before the app's own exists (the storage check, opening the database) and for a
 * failed start: the same JSON line as pino writes, or the readable line with LOG_FORMAT=pretty.
 */
export function startLog(logFormat: string | undefined = process.env.LOG_FORMAT): LineLog {
  // Errors and a failed start on stderr, the rest on stdout.
  const readable = logFormat === 'pretty' ? { out: readableLines(1), error: readableLines(2) } : undefined
  const write = (level: keyof typeof LEVELS) =>
    ((first: unknown, ...rest: unknown[]) => {
      const fields = typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : {}
      const message = typeof first === 'object' && first !== null ? rest[0] : first
      const err =
        fields.err instanceof Error
          ? { type: fields.err.name, message: fields.err.message, stack: fields.err.stack }
          : fields.err
      const record = {
        level: LEVELS[level],
        time: Date.now(),
        pid: process.pid,
        hostname: os.hostname(),
        ...fields,
        ...(err === undefined ? {} : { err }),
        msg: typeof message === 'string' ? message : format(message),
      }
      const line = `${JSON.stringify(record)}\n`
      const isError = LEVELS[level] >= LEVELS.error
      if (readable) (isError ? readable.error : readable.out).write(line)
      else fs.writeSync(isError ? 2 : 1, line)
    }) as LineLog['info']
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    fatal: write('fatal'),
  }
}

/**
 * Node's own warnings (deprecations, a library's notices) and whatever a library prints with console.* (the AWS
 * SDK's warnings, ioredis' 'Unhandled error event') become log lines instead of plain text on stdout or stderr;
 * an uncaught error is logged as fatal before the process ends, as Node would have ended it.
 */
export function logProcessOutput(log: LineLog) {
  process.removeAllListeners('warning')
  process.on('warning', (warning) => {
    log.warn({ warning: { name: warning.name, code: (warning as NodeJS.ErrnoException).code } }, warning.message)
  })
  const line = (args: unknown[]) => format(...args)
  /* eslint-disable no-console -- the point: a library's console output becomes log lines */
  console.log = (...args: unknown[]) => log.info({ console: 'log' }, line(args))
  console.info = (...args: unknown[]) => log.info({ console: 'info' }, line(args))
  console.debug = (...args: unknown[]) => log.debug({ console: 'debug' }, line(args))
  console.warn = (...args: unknown[]) => log.warn({ console: 'warn' }, line(args))
  console.error = (...args: unknown[]) => log.error({ console: 'error' }, line(args))
  /* eslint-enable no-console */
  process.removeAllListeners('uncaughtException')
  process.on('uncaughtException', (error) => {
    log.fatal({ err: error }, `uncaught error, the process ends: ${error.message}`)
    process.exit(1)
  })
}
