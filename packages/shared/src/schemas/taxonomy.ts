import { z } from 'zod'
import { messages } from '../messages/bs.ts'
import { boundedTextField, hasNoNul, requiredTextField } from './text-field.ts'

// The small field shapes the staff forms share (categories, brands, slides, products).

// An absolute http(s) address with a host, without spaces or backslashes.
const HTTP_ADDRESS = /^https?:\/\/[^\s/?#\\@]+(?:[/?#][^\s\\]*)?$/i
// A path on this site; '//host' would leave the site, so it is refused.
const SITE_PATH = /^\/(?!\/)[^\s\\]*$/

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/

/** A link or image address a page may render: an http(s) URL or a path on this site ('/...'). */
export function isWebAddress(value: string): boolean {
  return !CONTROL_CHARACTER.test(value) && (HTTP_ADDRESS.test(value) || SITE_PATH.test(value))
}

// The catalogue's staff routes import hasNoNul from here.
export { hasNoNul }

/**
 * A number typed into a form or sent as JSON: '12,50' reads as 12.5 (decimal comma), '' and NaN
 * (an empty number input) as missing; anything else is left for the schema to refuse.
 */
export function toNumber(value: unknown): unknown {
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value
  if (typeof value !== 'string') return value
  const trimmed = value.trim().replace(',', '.')
  if (trimmed === '') return undefined
  const parsed = Number(trimmed)
  return Number.isNaN(parsed) ? value : parsed
}

/** A required text, trimmed; blank or missing answers `message`. */
export function requiredText(message: string, maxLength: number, tooLong: string) {
  return requiredTextField(maxLength, { required: message, tooLong, invalid: messages.admin.invalidCharacters })
}

/**
 * A required text, trimmed, that `isValid` accepts: blank or missing answers `required`; too long or
 * not accepted answers `invalid`.
 */
export function checkedText(required: string, maxLength: number, invalid: string, isValid: (value: string) => boolean) {
  return requiredTextField(maxLength, { required, tooLong: invalid, invalid }, isValid)
}

/** A staff text, trimmed, of at most `maxLength` characters and without NUL; '' allowed. */
export function boundedText(maxLength: number, tooLong: string) {
  return boundedTextField(maxLength, {
    notText: messages.common.validationFailed,
    tooLong,
    invalid: messages.admin.invalidCharacters,
  })
}

/**
 * An optional text, trimmed; '' and null are stored as null (staff-and-content.md §5: optional
 * fields are sent only when non-empty, an empty slide description is sent as null).
 * A missing key stays missing, so a partial update keeps the saved value.
 */
export function optionalText(maxLength: number, tooLong: string) {
  return boundedText(maxLength, tooLong)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value ? value : null))
}

/** An optional web address (see isWebAddress); '' and null are stored as null. */
export function optionalWebAddress(invalid: string) {
  return z
    .string({ error: invalid })
    .trim()
    .max(2000, invalid)
    .refine((value) => value === '' || isWebAddress(value), invalid)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value ? value : null))
}

const categoryText = messages.admin.category
const brandText = messages.admin.brand

/**
 * POST /api/categories and the category form (staff-and-content.md §5). The client also sends
 * createdAt and updatedAt; the server sets both itself, so they are accepted and dropped.
 */
export const categoryInput = z.object({
  name: requiredText(categoryText.nameRequired, 200, categoryText.textTooLong),
  description: optionalText(5000, categoryText.textTooLong),
})

/** PATCH /api/categories/{id}: any of the fields; a field left out keeps its value. */
export const categoryPatch = categoryInput.partial()

/** POST /api/brands and the brand form (the brand page is worded in English). */
export const brandInput = z.object({
  name: requiredText(brandText.nameRequired, 200, brandText.textTooLong),
  description: optionalText(5000, brandText.textTooLong),
  image_url: optionalWebAddress(brandText.imageUrlInvalid),
})

/** PATCH /api/brands/{id}. */
export const brandPatch = brandInput.partial()

export type CategoryInput = z.input<typeof categoryInput>
export type CategoryValues = z.output<typeof categoryInput>
export type CategoryPatch = z.output<typeof categoryPatch>
export type BrandInput = z.input<typeof brandInput>
export type BrandValues = z.output<typeof brandInput>
export type BrandPatch = z.output<typeof brandPatch>
