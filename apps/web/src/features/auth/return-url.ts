const ORIGIN = 'http://shop.invalid'

function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}

/** One leading '/', followed by neither '/' nor '\\'. */
function isSingleSlashPath(value: string): boolean {
  return value.startsWith('/') && value[1] !== '/' && value[1] !== '\\'
}

/**
 * Where to go after signing in (customer-side.md §2 /login returnUrl): only a path of this site.
 * '//host', '/\host', a path that becomes one of them once its dot segments are resolved
 * ('/.//host') and paths with control characters, which browsers may read as another host, are
 * refused, as is the sign-in page itself.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !isSingleSlashPath(value) || hasControlCharacter(value)) return null
  try {
    const url = new URL(value, ORIGIN)
    if (url.origin !== ORIGIN || url.pathname === '/login') return null
    const path = `${url.pathname}${url.search}${url.hash}`
    // Dot segments are resolved first: '/.//evil.example' becomes '//evil.example', another host.
    return isSingleSlashPath(path) ? path : null
  } catch {
    return null
  }
}
