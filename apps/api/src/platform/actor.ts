import type { FastifyRequest } from 'fastify'
import { messages } from '@shop/shared/messages/bs.ts'
import type { Role } from '@shop/shared/rules/roles.ts'
import { AppError } from './errors.ts'

/**
 * Who does something, as services see it (STYLE §2): made once per request from the signed-in
 * user and the client address, or the system actor for timed jobs and command-line tools.
 * Services take an actor, never a request, so the same use case runs from a route, a job or a CLI.
 */
export type Actor = {
  readonly id: string | null
  readonly email: string | null
  readonly roles: Role[]
  readonly ip: string | null
}

/** Timed jobs and command-line tools: audit lines without a user or an address. */
export const SYSTEM_ACTOR: Actor = Object.freeze({ id: null, email: null, roles: [], ip: null })

const ACTOR = Symbol('actor')

/** The request's actor, made on first use and kept for the rest of the request. */
export function actorOf(request: FastifyRequest): Actor {
  const memo = request as FastifyRequest & { [ACTOR]?: Actor }
  memo[ACTOR] ??= Object.freeze({
    id: request.user?.id ?? null,
    email: request.user?.email ?? null,
    roles: request.user?.roles ?? [],
    ip: request.ip,
  })
  return memo[ACTOR]
}

/** The actor's account, for a use case only a signed-in user reaches (its route requires a role). */
export type SignedInUser = { id: string; email: string; roles: Role[] }

export function signedInUser(actor: Actor): SignedInUser {
  if (actor.id === null || actor.email === null) {
    throw new AppError(401, 'UNAUTHORIZED', messages.common.authenticationRequired)
  }
  return { id: actor.id, email: actor.email, roles: actor.roles }
}
