import type { FastifyReply } from 'fastify'
import type { Role } from '@shop/shared/rules/roles.ts'
import { requireRole } from './auth.ts'
import { privateAnswer } from './cache-control.ts'
import { routeErrors } from './error-handler.ts'

/** A staff route's schema without its tags and error answers: params, querystring, body, description, its answer. */
type StaffSchema = { response: { 200: unknown } | { 201: unknown } } & Record<string, unknown>

/**
 * The declarations of one group of staff routes: every route checks the roles on onRequest (before
 * the body is read or validated: auth.ts), carries the group's OpenAPI tags, and declares its answer
 * with the error answers of routeErrors. `isPrivate` adds the onSend hook that marks the answer
 * private (cache-control.ts). test/route-access.test.ts and test/openapi-error-responses.test.ts walk
 * every route so declared.
 *
 *     const route = staffRoute({ roles: ['admin'], tags: ['admin: logs'] })
 *     api.get('/logs/:id', route({ params, response: { 200: entry } }, 404), handler)
 */
export function staffRoute(options: { roles: readonly Role[]; tags: string[]; isPrivate?: boolean }) {
  const guard = requireRole(...options.roles)
  const hooks = options.isPrivate ? { onRequest: guard, onSend: privateAnswer } : { onRequest: guard }
  function declare<const Schema extends StaffSchema, const Status extends number = never>(
    schema: Schema,
    ...errors: Status[]
  ) {
    return {
      ...hooks,
      schema: { tags: options.tags, ...schema, response: { ...schema.response, ...routeErrors(...errors) } },
    }
  }
  /** The role check alone, for a route that adds a check of its own after it. */
  declare.guard = guard
  return declare
}

/** Sends a file to download: its type, its name and the cache rule (staff files are never stored by a cache). */
export function sendAttachment(
  reply: FastifyReply,
  file: { contentType: string; fileName: string; cacheControl?: string },
  body: unknown,
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', file.cacheControl ?? 'no-store')
    .send(body)
}
