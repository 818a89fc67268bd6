import { returns as text } from '@shop/shared/messages/bs/returns.ts'

// The same rule as staff images (staff-and-content.md §9): JPEG, PNG or WebP, at most 10 MB. The server
// judges the bytes; this only spares the buyer a useless upload.
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp']
const MAX_PHOTO_BYTES = 10 * 1024 * 1024

export const PHOTO_ACCEPT = PHOTO_TYPES.join(',')

/** The message of the rule a chosen photo breaks, or null when it may go. */
export function checkReturnPhoto(file: { type: string; size: number }): string | null {
  if (!PHOTO_TYPES.includes(file.type.toLowerCase())) return text.photoTypeInvalid
  if (file.size > MAX_PHOTO_BYTES) return text.photoTooLarge
  return null
}
