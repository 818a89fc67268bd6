import { z } from 'zod'

// The text field shapes every form shares. This file loads no messages: each caller passes its own
// section's texts, so the cart's schemas stay light (the first-load budget of bench/first-load.ts).

/** PostgreSQL stores no NUL character in text or jsonb: refusing it here keeps such input a 400, never a 500. */
export const hasNoNul = (value: string): boolean => !value.includes('\u0000')

/** What a text field answers: blank or missing (`required`), too long, and a value `isValid` refuses (`invalid`). */
export type TextFieldMessages = { required: string; tooLong: string; invalid: string }

/** A required text, trimmed, of at most `maxLength` characters that `isValid` accepts (by default: without NUL). */
export function requiredTextField(
  maxLength: number,
  { required, tooLong, invalid }: TextFieldMessages,
  isValid: (value: string) => boolean = hasNoNul,
) {
  return z.string({ error: required }).trim().min(1, required).max(maxLength, tooLong).refine(isValid, invalid)
}

/**
 * A text, trimmed, of at most `maxLength` characters and without NUL; '' allowed. `notText` answers a
 * value that is not a string (zod's own message when it is not given).
 */
export function boundedTextField(
  maxLength: number,
  { tooLong, invalid, notText }: { tooLong: string; invalid: string; notText?: string },
) {
  return z
    .string(notText === undefined ? undefined : { error: notText })
    .trim()
    .max(maxLength, tooLong)
    .refine(hasNoNul, invalid)
}

/** Letters, digits, spaces, '-' and '/': what couriers print under bar codes, and fiscal printers on receipts. */
export const PRINTED_NUMBER_PATTERN = /^[\p{L}\p{N} /-]*$/u
const PRINTED_NUMBER_MAX_LENGTH = 40

/** A number staff copy from paper (a tracking number, a fiscal receipt's), trimmed; '' clears it. */
export function printedNumberField(invalid: string) {
  return z
    .string({ error: invalid })
    .trim()
    .max(PRINTED_NUMBER_MAX_LENGTH, invalid)
    .regex(PRINTED_NUMBER_PATTERN, invalid)
}
