// docs/decisions.md, 'The private order page': the page behind a mailed link shows the buyer's phone and
// e-mail only partly, enough to recognise them, so that a forwarded link does not hand them on whole.

const MASK = '***'

/**
 * 'amela.hodzic@gmail.com' -> 'am***@gmail.com': the first two characters of the name (one when it
 * has three or fewer) and the whole domain, which says where the mail went. The number of stars is
 * fixed, so the name's length is not told either. A value without '@' keeps only its first character.
 */
export function maskEmail(email: string): string {
  const value = email.trim()
  if (value === '') return ''
  const at = value.lastIndexOf('@')
  if (at <= 0) return `${value.slice(0, 1)}${MASK}`
  const name = value.slice(0, at)
  const shown = Array.from(name)
    .slice(0, name.length <= 3 ? 1 : 2)
    .join('')
  return `${shown}${MASK}${value.slice(at)}`
}

const KEPT_LEADING_DIGITS = 3
const KEPT_TRAILING_DIGITS = 2
/** Fewer digits than this are all hidden but the last two: a short number has no prefix to show. */
const MIN_DIGITS_FOR_PREFIX = 8

/**
 * '063 123 456' -> '063 *** *56': the first three digits (the network or the country code) and the last
 * two stay, every other digit becomes '*', spaces and signs keep their places so the number still
 * reads as it was written.
 */
export function maskPhone(phone: string): string {
  const value = phone.trim()
  const digitCount = value.replace(/\D/g, '').length
  if (digitCount === 0) return value === '' ? '' : MASK
  const leading = digitCount >= MIN_DIGITS_FOR_PREFIX ? KEPT_LEADING_DIGITS : 0
  let seen = 0
  return value.replace(/\d/g, (digit) => {
    seen += 1
    return seen <= leading || seen > digitCount - KEPT_TRAILING_DIGITS ? digit : '*'
  })
}
