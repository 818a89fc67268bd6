import { SignJWT, errors as joseErrors, jwtVerify } from 'jose'

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 3600
/** A token older than this is renewed through the X-Auth-Token response header. */
export const TOKEN_RENEW_AFTER_SECONDS = 24 * 3600

export type TokenClaims = { userId: string; role: string; tokenVersion: number; issuedAt: number }

export type TokenVerdict = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' }

export function createTokenService(secret: string, now: () => number = () => Date.now()) {
  const key = new TextEncoder().encode(secret)
  return {
    async sign(claims: Omit<TokenClaims, 'issuedAt'>): Promise<string> {
      const issuedAt = Math.floor(now() / 1000)
      return new SignJWT({ role: claims.role, tv: claims.tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
        .sign(key)
    },
    async verify(token: string): Promise<TokenVerdict> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(now()),
        })
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number' || typeof payload.iat !== 'number') {
          return { ok: false, reason: 'invalid' }
        }
        return {
          ok: true,
          claims: { userId: payload.sub, role: String(payload.role), tokenVersion: payload.tv, issuedAt: payload.iat },
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
