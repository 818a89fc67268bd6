import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { errorResponses, type ErrorResponse } from '@shop/shared/errors/error-response.ts'
import { messages } from '@shop/shared/messages/bs.ts'
import { isConnectionFailure } from './db.ts'
import { AppError, normaliseDatabaseError, reasonPhrase } from './errors.ts'
import { StorageUnavailableError } from './storage.ts'

/**
 * The error answers any route under /api may give, whatever it does itself: 400 for text the
 * database cannot store in the path or query (input-guard.ts) or a body that is not JSON, 401 for an
 * expired or invalid bearer token and 403 for the token of a disabled account (the token hook reads
 * every request: auth.ts), 500 for an unknown failure, 503 while the process starts or stops
 * (lifecycle.ts) or its database or disk fails (isInfrastructureFailure).
 */
export const EVERY_ROUTE_ERRORS = [400, 401, 403, 500, 503] as const

/**
 * What a route that takes a body (JSON or an upload) may answer besides: 413 for a body or file over
 * the limit, 415 for a content type it does not read.
 */
export const BODY_ERRORS = [413, 415] as const

/**
 * The error answers of a route for its OpenAPI `response` block: the statuses its own service and
 * hooks answer, and EVERY_ROUTE_ERRORS. Each is the body this handler sends, so the response
 * serializer passes it unchanged: `response: { 200: product, ...routeErrors(404) }`.
 */
export function routeErrors<const Status extends number>(...statuses: Status[]) {
  return errorResponses<Status | (typeof EVERY_ROUTE_ERRORS)[number]>(...statuses, ...EVERY_ROUTE_ERRORS)
}

/** One error model for the whole API: every failure answers JSON {message, error, code}. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((failure: FastifyError, request, reply) => {
    const known = toAppError(failure)
    if (known.status >= 500) {
      request.log.error({ err: failure }, 'request failed')
    } else {
      request.log.info({ code: known.code, status: known.status }, known.message)
    }
    const body: ErrorResponse = { ...known.details, message: known.message, error: known.error, code: known.code }
    if (known.status === 503) reply.header('retry-after', '5')
    return reply.status(known.status).send(body)
  })

  app.setNotFoundHandler((request, reply) => {
    const body: ErrorResponse = {
      message: messages.common.routeNotFound,
      error: 'Not Found',
      code: 'ROUTE_NOT_FOUND',
    }
    request.log.info({ url: request.url }, 'route not found')
    return reply.status(404).send(body)
  })
}

function toAppError(failure: FastifyError): AppError {
  if (failure instanceof AppError) return failure
  if (hasZodFastifySchemaValidationErrors(failure)) {
    const first = failure.validation[0]
    return new AppError(400, 'VALIDATION_FAILED', first?.message || messages.common.validationFailed)
  }
  if (isInfrastructureFailure(failure)) {
    return new AppError(503, 'SERVICE_UNAVAILABLE', messages.common.serviceUnavailable)
  }
  const database = normaliseDatabaseError(failure)
  if (database) return database
  const status = failure.statusCode ?? 500
  switch (failure.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
      return new AppError(413, 'PAYLOAD_TOO_LARGE', messages.common.payloadTooLarge)
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.common.unsupportedMediaType)
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError(400, 'INVALID_JSON', messages.common.validationFailed)
    default:
      break
  }
  if (status === 429) return new AppError(429, 'TOO_MANY_REQUESTS', messages.common.tooManyRequests)
  if (status >= 400 && status < 500) {
    return new AppError(status, 'BAD_REQUEST', failure.message || reasonPhrase(status))
  }
  return new AppError(500, 'UNKNOWN_ERROR', messages.common.unknownError)
}

// A full, read-only or forbidden disk (the uploads folder, the embedded database's files).
const STORAGE_ERROR_CODES = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT'])
// The database's own disk: full (53100 disk_full: 'could not extend file') or failing (58030 io_error).
const DATABASE_DISK_CODES = new Set(['53100', '58030'])

/**
 * Failures of the infrastructure, not of the request or of the shop's code: the database cannot be
 * reached or dropped the connection, or the disk refuses a write. They answer 503 (try again soon),
 * never 500, and the process carries on (docs/decisions.md, Faults).
 */
export function isInfrastructureFailure(failure: unknown): boolean {
  if (isConnectionFailure(failure)) return true
  // An unreachable S3 bucket is a disk that refuses writes (docs/decisions.md, Storage on S3).
  if (failure instanceof StorageUnavailableError) return true
  if (typeof failure !== 'object' || failure === null) return false
  const { code, syscall } = failure as { code?: unknown; syscall?: unknown }
  if (typeof code === 'string' && DATABASE_DISK_CODES.has(code)) return true
  return typeof code === 'string' && typeof syscall === 'string' && STORAGE_ERROR_CODES.has(code)
}
