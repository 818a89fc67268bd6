import type { FastifyBaseLogger } from 'fastify'
import pinoPretty from 'pino-pretty'

/**
 * Readable log lines for a terminal (`npm start`, `npm run dev`): time, level and message on one line, a
 * request's method, address, status and duration beside it; production keeps one JSON line per event
 * (docs/decisions.md, Operations).
 */
export function readableLines(destination: NodeJS.WritableStream | number = 1) {
  return pinoPretty({
    destination,
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: (log, messageKey) => {
      const request = log.req as { method?: string; url?: string } | undefined
      const response = log.res as { statusCode?: number } | undefined
      const value = log[messageKey]
      const message = typeof value === 'string' ? value : ''
      if (request?.method) return `${message} ${request.method} ${request.url ?? ''}`
      if (response?.statusCode !== undefined) {
        return `${message} ${response.statusCode} in ${Math.round(Number(log.responseTime ?? 0))} ms`
      }
      return message
    },
    singleLine: true,
    sync: true,
  })
}

/**
 * Node's own warnings (deprecations, a library's notices) as log lines instead of Node's plain text on stderr,
 * so that every line the process prints is JSON in production (docs/decisions.md, Operations).
 */
export function logProcessWarnings(log: FastifyBaseLogger) {
  process.removeAllListeners('warning')
  process.on('warning', (warning) => {
    log.warn({ warning: { name: warning.name, code: (warning as NodeJS.ErrnoException).code } }, warning.message)
  })
}
