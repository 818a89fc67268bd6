import { createHash, randomBytes } from 'node:crypto'

// docs/decisions.md, 'The private order page': a link token is 32 random bytes in base64url (43
// characters), and only its SHA-256 is stored, like the account mails' tokens.

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

export function createOrderPageToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, tokenHash: hashOrderPageToken(token) }
}

export function hashOrderPageToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A value that cannot be a token is not looked up at all: it answers as an unknown token does. */
export function isOrderPageTokenShape(value: string): boolean {
  return TOKEN_SHAPE.test(value)
}
