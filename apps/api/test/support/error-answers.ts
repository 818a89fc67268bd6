import { messages } from '@shop/shared/messages/bs.ts'

// Error answers `{ message, error, code }` (STYLE §4) that the real-process suites and the fault scenarios
// expect from the running shop, each with the specification's message.

/** 503 while what the shop needs (its database, its disk, the S3 server) is away. */
export const SERVICE_UNAVAILABLE_ANSWER = {
  message: messages.common.serviceUnavailable,
  error: 'Service Unavailable',
  code: 'SERVICE_UNAVAILABLE',
}

/** 401 for a request that needs a token and has none. */
export const AUTHENTICATION_REQUIRED_ANSWER = {
  message: messages.common.authenticationRequired,
  error: 'Authentication required',
  code: 'UNAUTHORIZED',
}

/** 401 for a token the shop did not sign. */
export const TOKEN_INVALID_ANSWER = {
  message: messages.common.tokenInvalid,
  error: 'Invalid token',
  code: 'TOKEN_INVALID',
}
