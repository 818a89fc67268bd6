import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  returnParams,
  returnStatusBody,
  staffReturnList,
  staffReturnQuery,
  updatedReturnView,
} from '@shop/shared/schemas/returns.ts'
import { actorOf } from '../../platform/actor.ts'
import { BODY_ERRORS } from '../../platform/error-handler.ts'
import { STAFF_ROLES } from '@shop/shared/rules/roles.ts'
import { staffRoute } from '../../platform/staff-route.ts'
import { createStorage } from '../../platform/storage.ts'
import { returnPhotoLinks } from './photo-links.ts'
import { changeReturnStatus, listReturns } from './service.ts'

// docs/decisions.md ('Complaints and returns'), 'Complaints and returns': staff handle complaints at /admin/returns, store
// managers and admins as with orders (modules/orders/staff-routes.ts).
export async function returnStaffRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const route = staffRoute({ roles: STAFF_ROLES, tags: ['admin: returns'], isPrivate: true })
  const links = { publicUrl: app.config.publicUrl, shopEmail: app.config.shopEmail }
  const photoLinks = returnPhotoLinks(app, createStorage(app.config))

  api.get('/returns', route({ querystring: staffReturnQuery, response: { 200: staffReturnList } }), async (request) => {
    const list = await listReturns(app.db, request.query)
    return { ...list, items: await Promise.all(list.items.map((each) => photoLinks.signed(each))) }
  })

  // 404 RETURN_NOT_FOUND; 409 RETURN_STATUS_ORDER (not the next step); 400 RETURN_REJECTION_REASON_REQUIRED.
  api.put(
    '/returns/:id',
    route(
      { params: returnParams, body: returnStatusBody, response: { 200: updatedReturnView } },
      404,
      409,
      ...BODY_ERRORS,
    ),
    async (request) => {
      const changed = await changeReturnStatus(app.db, links, actorOf(request), request.params.id, request.body)
      return { ...changed, return: await photoLinks.signed(changed.return) }
    },
  )
}
