import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { messages } from '@shop/shared/messages/bs.ts'
import { hasAnyRole, normaliseRoles, primaryRole, type Role } from '@shop/shared/rules/roles.ts'
import type { Database } from './db.ts'
import { AppError, forbidden, unauthorized } from './errors.ts'
import type { TokenService } from './tokens.ts'

export type AuthUser = { id: string; email: string; roles: Role[]; role: Role }

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null
  }
  interface FastifyInstance {
    tokens: TokenService
  }
}

type UserRow = {
  id: string
  email: string
  roles: string[]
  token_version: number
  roles_changed_version: number
  is_disabled: boolean
}

/**
 * Reads the bearer token of every request. A valid token sets request.user; a token whose
 * version no longer matches (password change or reset, role change) or that has expired
 * answers 401 TOKEN_EXPIRED (ROLES_CHANGED when a role change ended it), which signs the client out
 * (customer-side.md §4 Session).
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { db: Database; tokens: TokenService }) => {
    app.decorate('tokens', options.tokens)
    app.decorateRequest('user', null)
    app.addHook('onRequest', async (request, reply) => {
      const header = request.headers.authorization
      if (!header?.startsWith('Bearer ')) return
      const token = header.slice('Bearer '.length).trim()
      if (!token || token === 'null' || token === 'undefined') return
      const verdict = await options.tokens.verify(token)
      if (!verdict.ok) {
        throw verdict.reason === 'expired'
          ? unauthorized(messages.common.tokenExpired, 'TOKEN_EXPIRED', 'Token expired')
          : unauthorized(messages.common.tokenInvalid, 'TOKEN_INVALID', 'Invalid token')
      }
      const { rows } = await options.db.query<UserRow>(
        'select id, email, roles, token_version, roles_changed_version, is_disabled from users where id = $1',
        [verdict.claims.userId],
      )
      const row = rows[0]
      if (!row || row.token_version !== verdict.claims.tokenVersion) {
        // docs/decisions.md 'Users admin': a token from before the last role change says why it ended.
        throw row && row.roles_changed_version > verdict.claims.tokenVersion
          ? unauthorized(messages.common.rolesChanged, 'ROLES_CHANGED', 'Roles changed')
          : unauthorized(messages.common.tokenExpired, 'TOKEN_EXPIRED', 'Token expired')
      }
      if (row.is_disabled) {
        throw forbidden(messages.auth.accountDisabled, 'ACCOUNT_DISABLED', 'Account disabled')
      }
      const roles = normaliseRoles(row.roles)
      request.user = { id: row.id, email: row.email, roles, role: primaryRole(roles) }
      if (options.tokens.shouldRenew(verdict.claims)) {
        const renewed = await options.tokens.sign({
          userId: row.id,
          role: primaryRole(roles),
          tokenVersion: row.token_version,
          signedInAt: verdict.claims.signedInAt,
        })
        reply.header('X-Auth-Token', renewed)
      }
    })
  },
  { name: 'auth' },
)

/**
 * The one route guard: `onRequest: requireRole('store_manager', 'admin')`, or no roles for any
 * signed-in user. On onRequest (after the token hook) it runs before the body is read or validated,
 * so a caller without the role gets 401/403, never a validation answer, and uploads are not parsed.
 * test/route-access.test.ts walks every documented route with every kind of caller.
 */
export function requireRole(...allowed: Role[]) {
  return async function guard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (!request.user) {
      throw unauthorized(messages.common.authenticationRequired, 'UNAUTHORIZED', 'Authentication required')
    }
    if (allowed.length > 0 && !hasAnyRole(request.user.roles, allowed)) {
      throw forbidden(messages.common.forbidden)
    }
  }
}

export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError(401, 'UNAUTHORIZED', messages.common.authenticationRequired)
  return request.user
}

/** The bearer token the request was signed in with ('' without one). */
export function bearerTokenOf(request: FastifyRequest): string {
  const header = request.headers.authorization ?? ''
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : ''
}
