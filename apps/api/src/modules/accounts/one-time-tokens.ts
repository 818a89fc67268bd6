import { createHash, randomBytes } from 'node:crypto'

export type TokenPurpose = 'verify_email' | 'reset_password' | 'delete_account'

export const VERIFY_EMAIL_LIFETIME_MS = 24 * 60 * 60 * 1000
export const RESET_PASSWORD_LIFETIME_MS = 60 * 60 * 1000
export const DELETE_ACCOUNT_LIFETIME_MS = 60 * 60 * 1000

/**
 * A link token: 32 random bytes for the mail, only the SHA-256 of it in user_tokens, so a
 * leaked database holds no usable link (DECISIONS: reset tokens are random, stored hashed).
 */
export function createOneTimeToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, tokenHash: hashOneTimeToken(token) }
}

export function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
