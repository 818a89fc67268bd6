import { SignJWT, errors as joseErrors, jwtVerify } from 'jose'

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 3600
/** A token older than this is renewed through the X-Auth-Token response header. */
export const TOKEN_RENEW_AFTER_SECONDS = 24 * 3600
/**
 * docs/decisions.md, 'Security': however often it is renewed, a session ends this long after the sign-in
 * (OWASP ASVS 3.3.2 absolute lifetime); the sign-in time travels in every renewed token.
 */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600

export type TokenClaims = {
  userId: string
  role: string
  tokenVersion: number
  issuedAt: number
  /** When the user signed in (seconds); a renewal keeps it. */
  signedInAt: number
}

export type TokenVerdict = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' }

/**
 * Signs and verifies the shop's tokens. `secret` is the key itself or where to get it (the
 * database-kept key, platform/signing-key.ts): asked for on the first use, which comes after the
 * migrations (requests wait for the process to be ready), and kept; a failed ask is tried again.
 */
export function createTokenService(secret: string | (() => Promise<string>), now: () => number = () => Date.now()) {
  let known: Promise<Uint8Array> | undefined
  const keyOf = (): Promise<Uint8Array> => {
    if (typeof secret === 'string') return Promise.resolve(new TextEncoder().encode(secret))
    known ??= secret().then(
      (value) => new TextEncoder().encode(value),
      (error: unknown) => {
        known = undefined
        throw error
      },
    )
    return known
  }
  return {
    /** A new session's token, or with `signedInAt` a renewal that keeps the session's sign-in time. */
    async sign(claims: Omit<TokenClaims, 'issuedAt' | 'signedInAt'> & { signedInAt?: number }): Promise<string> {
      const issuedAt = Math.floor(now() / 1000)
      const signedInAt = claims.signedInAt ?? issuedAt
      const expiresAt = Math.min(issuedAt + TOKEN_LIFETIME_SECONDS, signedInAt + SESSION_MAX_AGE_SECONDS)
      return new SignJWT({ role: claims.role, tv: claims.tokenVersion, auth_time: signedInAt })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(await keyOf())
    },
    async verify(token: string): Promise<TokenVerdict> {
      // Outside the try: a key the database cannot give now is an outage (503), not a bad token.
      const key = await keyOf()
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(now()),
        })
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number' || typeof payload.iat !== 'number') {
          return { ok: false, reason: 'invalid' }
        }
        // A token from before the absolute lifetime counts its own issue time as the sign-in.
        const signedInAt = typeof payload.auth_time === 'number' ? payload.auth_time : payload.iat
        if (Math.floor(now() / 1000) - signedInAt >= SESSION_MAX_AGE_SECONDS) return { ok: false, reason: 'expired' }
        return {
          ok: true,
          claims: {
            userId: payload.sub,
            role: String(payload.role),
            tokenVersion: payload.tv,
            issuedAt: payload.iat,
            signedInAt,
          },
        }
      } catch (error) {
        return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' }
      }
    },
    shouldRenew(claims: TokenClaims): boolean {
      return Math.floor(now() / 1000) - claims.issuedAt >= TOKEN_RENEW_AFTER_SECONDS
    },
  }
}

export type TokenService = ReturnType<typeof createTokenService>
