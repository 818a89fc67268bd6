const ORIGIN = 'http://shop.invalid'

function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}

/**
 * Where to go after signing in (customer-side.md §2 /login returnUrl): only a path of this site.
 * '//host', '/\host' and paths with control characters, which browsers may read as another host,
 * are refused, as is the sign-in page itself.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (
    !value ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\') ||
    hasControlCharacter(value)
  )
    return null
  try {
    const url = new URL(value, ORIGIN)
    if (url.origin !== ORIGIN || url.pathname === '/login') return null
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return null
  }
}
