import { z } from 'zod'
import { ERROR_CODES } from './error-codes.ts'

/**
 * The body of every failed API call (STYLE §4): `message` for the user, `error` a short English
 * label (e.g. 'Invalid credentials', else the HTTP reason), `code` one of the vocabulary's codes.
 */
export const errorResponse = z.object({
  message: z.string(),
  error: z.string(),
  code: z.enum(ERROR_CODES),
})

export type ErrorResponse = z.infer<typeof errorResponse>

/**
 * The error answers of a route, for its OpenAPI `response` block:
 * `response: { 200: product, ...errorResponses(400, 404) }`.
 */
export function errorResponses<const Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof errorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse])) as Record<Status, typeof errorResponse>
}
