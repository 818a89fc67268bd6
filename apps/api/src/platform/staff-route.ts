import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { Role } from '@shop/shared/rules/roles.ts'
import { actorOf, type Actor } from './actor.ts'
import { requireRole } from './auth.ts'
import { privateAnswer } from './cache-control.ts'
import type { Database } from './db.ts'
import { BODY_ERRORS, routeErrors } from './error-handler.ts'
import { deletedAnswer } from './route-schemas.ts'

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

type IdParams = z.ZodObject<{ id: z.ZodString }>

/**
 * The three writes of one kind of staff record, declared alike in every module, each one call into
 * its service: POST `path` creates it (201; 409 for a reference that is missing or taken),
 * PUT or PATCH `path/:id` changes it with the version the form was opened with (404; 409 when
 * someone saved first), DELETE `path/:id` removes it (404, and `remove.errors`).
 *
 *     staffRecordRoutes(app, route, '/slides', {
 *       params, answer: slide,
 *       create: { body: slideForm, service: createSlide },
 *       change: { method: 'put', body: slideEdit, service: replaceSlide },
 *       remove: { service: deleteSlide },
 *     })
 */
export function staffRecordRoutes<Answer extends z.ZodType, New extends z.ZodType, Change extends z.ZodType>(
  app: FastifyInstance,
  route: ReturnType<typeof staffRoute>,
  path: string,
  record: {
    params: IdParams
    answer: Answer
    create: { body: New; service: (db: Database, actor: Actor, body: z.output<New>) => Promise<z.input<Answer>> }
    change: {
      method: 'put' | 'patch'
      body: Change
      description?: string
      service: (db: Database, actor: Actor, id: string, body: z.output<Change>) => Promise<z.input<Answer>>
    }
    remove: {
      service: (db: Database, actor: Actor, id: string) => Promise<z.input<typeof deletedAnswer>>
      errors?: number[]
    }
  },
): void {
  const { params, answer, create, change, remove } = record
  // The validator compiler has checked params and body against these schemas before a handler runs.
  const idOf = (request: FastifyRequest) => (request.params as z.output<IdParams>).id
  app.post(path, route({ body: create.body, response: { 201: answer } }, 409, ...BODY_ERRORS), async (request, reply) =>
    reply.status(201).send(await create.service(app.db, actorOf(request), request.body as z.output<New>)),
  )
  app[change.method](
    `${path}/:id`,
    route(
      {
        params,
        body: change.body,
        ...(change.description && { description: change.description }),
        response: { 200: answer },
      },
      404,
      409,
      ...BODY_ERRORS,
    ),
    async (request) => change.service(app.db, actorOf(request), idOf(request), request.body as z.output<Change>),
  )
  app.delete(
    `${path}/:id`,
    route({ params, response: { 200: deletedAnswer } }, 404, ...(remove.errors ?? [])),
    async (request) => remove.service(app.db, actorOf(request), idOf(request)),
  )
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
