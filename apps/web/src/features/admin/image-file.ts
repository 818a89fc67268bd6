/** staff-and-content.md §5 Images and §9: JPEG, PNG and WebP only, at most 10 MB each. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
/** For the file picker; the server judges the bytes, this only spares a useless upload. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',')

type ImageTexts = { unsupportedType: string; tooLarge: string }

/** The message of the first rule a chosen file breaks, checked before it is uploaded; null when it may go. */
export function checkImageFile(file: { type: string; size: number }, texts: ImageTexts): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase())) return texts.unsupportedType
  if (file.size > MAX_IMAGE_BYTES) return texts.tooLarge
  return null
}
