import { ApiError } from '../../lib/api-client.ts'

/**
 * staff-and-content.md §8: a category or brand save shows the error's message or its 'error' text,
 * else the page's fallback ('Failed to save category' / 'Failed to save brand').
 */
export function saveFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message || error.errorLabel || fallback
  return fallback
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
