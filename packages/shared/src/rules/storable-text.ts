// PostgreSQL cannot store a NUL character in text or jsonb, and a lone UTF-16 surrogate has no
// UTF-8 form (node-postgres would silently turn it into U+FFFD). Both are refused as input.
// eslint-disable-next-line no-control-regex -- the NUL character is exactly what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** True when the text holds a NUL character or a lone surrogate. */
export function hasUnstorableCharacters(value: string): boolean {
  return UNSTORABLE.test(value)
}

/**
 * True when any string in a parsed JSON value (keys included) holds text PostgreSQL cannot store.
 * Walks with its own stack, so a deeply nested body cannot overflow the call stack.
 */
export function containsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const item = pending.pop()
    if (typeof item === 'string') {
      if (hasUnstorableCharacters(item)) return true
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element)
    } else if (typeof item === 'object' && item !== null && !ArrayBuffer.isView(item)) {
      for (const [key, element] of Object.entries(item)) {
        if (hasUnstorableCharacters(key)) return true
        pending.push(element)
      }
    }
  }
  return false
}
