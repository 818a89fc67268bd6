import type { ErrorCode } from '@shop/shared/errors/error-codes.ts'

/** The one error type services throw; the error handler turns it into {message, error, code}. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly error: string = reasonPhrase(status),
    /** Fields the body carries besides {message, error, code}, declared by the route's error schema. */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

export function reasonPhrase(status: number): string {
  return REASONS[status] ?? 'Error'
}

export const badRequest = (message: string, code: ErrorCode = 'VALIDATION_FAILED') => new AppError(400, code, message)
export const unauthorized = (message: string, code: ErrorCode = 'UNAUTHORIZED', error?: string) =>
  new AppError(401, code, message, error)
export const forbidden = (message: string, code: ErrorCode = 'FORBIDDEN', error?: string) =>
  new AppError(403, code, message, error)
export const notFound = (message: string, code: ErrorCode = 'NOT_FOUND') => new AppError(404, code, message)
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(409, code, message)
export const tooManyRequests = (message: string, code: ErrorCode = 'TOO_MANY_REQUESTS') =>
  new AppError(429, code, message)

/** What a lookup found; when it found nothing, the caller's error (a 404, or a 401 for a session's user). */
export function found<T>(value: T | null | undefined, missing: () => AppError): T {
  if (!value) throw missing()
  return value
}

type DatabaseError = { code?: unknown; column?: unknown; constraint?: unknown; table?: unknown }

/**
 * The database error normaliser of customer-side.md §8: turns a PostgreSQL error into the
 * specification's message and type. Returns undefined for anything that is not a database error.
 */
export function normaliseDatabaseError(error: unknown): AppError | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const { code, column, constraint, table } = error as DatabaseError
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return undefined
  switch (code) {
    case '23505':
      return new AppError(
        409,
        'DUPLICATE_ERROR',
        typeof constraint === 'string' && constraint.includes('custom_id')
          ? 'A product with this custom ID already exists.'
          : 'This item already exists.',
      )
    case '23503':
      return new AppError(
        409,
        'REFERENCE_ERROR',
        typeof constraint === 'string' && constraint.includes('category_id') && table === 'products'
          ? 'The selected category does not exist.'
          : 'This operation cannot be completed due to related data.',
      )
    case '23502':
      return new AppError(
        400,
        'VALIDATION_ERROR',
        typeof column === 'string' && column
          ? `${capitalise(column)} is required.`
          : 'Required information is missing.',
      )
    // Besides 22P02: checks, out-of-range numbers, bytes that are not UTF-8 (22021) and NUL
    // characters in text or jsonb (22P05) are bad input, not a fault of the shop.
    case '22P02':
    case '23514':
    case '22003':
    case '22021':
    case '22P05':
      return new AppError(400, 'VALIDATION_ERROR', 'Invalid data format. Please check your input values.')
    default:
      return new AppError(500, 'DATABASE_ERROR', 'An unexpected database error occurred.')
  }
}

function capitalise(column: string): string {
  const words = column.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
