/** E-mails are compared trimmed and lower-cased (customer-side.md §5 Login; staff-and-content.md §7). */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase()
}

// Deliberately loose: one @, no spaces, a dot in the domain. Whether the address really
// receives mail is proven by the verification link, not by a pattern.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/
/** RFC 5321 limits a whole address to 254 characters. */
const EMAIL_MAX_LENGTH = 254

export function isEmail(value: string): boolean {
  const email = normaliseEmail(value)
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email)
}
