// docs/decisions.md, 'One e-mail, one account'.

/**
 * E-mails are compared trimmed and lower-cased (customer-side.md §5 Login; staff-and-content.md §7),
 * after Unicode compatibility normalisation (NFKC): fullwidth letters and ligatures become the plain
 * letters they look like ('ｋupac@demo.ba' and 'kupac@demo.ba' are one address).
 */
export function normaliseEmail(value: string): string {
  return value.normalize('NFKC').trim().toLowerCase()
}

// Deliberately loose: one @, no spaces, a dot in the domain. Whether the address really
// receives mail is proven by the verification link, not by a pattern.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/
/** RFC 5321 limits a whole address to 254 characters. */
const EMAIL_MAX_LENGTH = 254
/**
 * Printable ASCII: what a plain address is made of after normalisation (a space is let through here and
 * refused by the pattern, as a mistyped address rather than a look-alike).
 */
const PLAIN_ADDRESS = /^[\x20-\x7e]*$/

/**
 * Whether a (normalised) address holds only plain characters: no invisible ones (zero-width spaces,
 * joiners, bidi controls, soft hyphens) and no letters of other scripts that look like Latin ones
 * (a Cyrillic 'а', a dotless 'ı'), which would make a second account that reads like the first.
 * Addresses with letters beyond ASCII (SMTPUTF8, IDN) are refused with it: the shop's customers do
 * not use them, and a look-alike cannot be told from a real one by eye.
 */
export function hasOnlyPlainCharacters(value: string): boolean {
  return PLAIN_ADDRESS.test(normaliseEmail(value))
}

export function isEmail(value: string): boolean {
  const email = normaliseEmail(value)
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email) && PLAIN_ADDRESS.test(email)
}
