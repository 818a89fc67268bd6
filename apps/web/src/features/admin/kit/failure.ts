import { format } from '@shop/shared/messages/format.ts'
import { common } from '@shop/shared/messages/bs/common.ts'
import { ApiError } from '../../../lib/api-client.ts'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

/**
 * The server's own words for a failure: the answer's message or its 'error' text. Undefined when
 * the answer carried none (a 500 with an empty body), so that the page's fallback is shown instead
 * of the client's generic 'HTTP error 500' (docs/decisions.md, Walk-through fixes).
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status === 0) return undefined
  const body = isRecord(error.body) ? error.body : {}
  const own = nonEmpty(body.message) ?? nonEmpty(body.error) ?? error.errorLabel
  if (own) return own
  // The client's stand-in for an answer without words is no message of the server's.
  const generic = format(common.httpError, { status: error.status })
  return error.message !== generic ? nonEmpty(error.message) : undefined
}

/**
 * staff-and-content.md §8 Save and delete failures: the server's message, else the page's fallback
 * text ('Failed to save category', 'Failed to delete order. Please try again.', …).
 */
export function failureMessage(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback
}

/**
 * §5 Images: the server's message for an image it refused (type or size, already in the form's
 * wording), else the form's upload failure text ('Failed to upload images. Please try again.' in
 * the product form, the slide form's own text there).
 */
export function uploadFailureMessage(error: unknown, texts: { uploadFailed: string }): string {
  if (error instanceof ApiError && (error.code === 'INVALID_IMAGE_TYPE' || error.code === 'IMAGE_TOO_LARGE'))
    return error.message
  return texts.uploadFailed
}
