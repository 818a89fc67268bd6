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
import { requireRole } from '../../platform/auth.ts'
import { privateAnswer } from '../../platform/cache-control.ts'
import { BODY_ERRORS, routeErrors } from '../../platform/error-handler.ts'
import { createStorage } from '../../platform/storage.ts'
import { returnPhotoLinks } from './photo-links.ts'
import { changeReturnStatus, listReturns } from './service.ts'

// docs/decisions.md ('Complaints and returns'), 'Complaints and returns': staff handle complaints at /admin/returns, store
// managers and admins as with orders (modules/orders/staff-routes.ts).
const tags = ['admin: returns']

export async function returnStaffRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const staff = requireRole('store_manager', 'admin')
  const links = { publicUrl: app.config.publicUrl, shopEmail: app.config.shopEmail }
  const photoLinks = returnPhotoLinks(app, createStorage(app.config))

  api.get(
    '/returns',
    {
      onRequest: staff,
      onSend: privateAnswer,
      schema: { tags, querystring: staffReturnQuery, response: { 200: staffReturnList, ...routeErrors() } },
    },
    async (request) => {
      const list = await listReturns(app.db, request.query)
      return { ...list, items: await Promise.all(list.items.map((each) => photoLinks.signed(each))) }
    },
  )

  // 404 RETURN_NOT_FOUND; 409 RETURN_STATUS_ORDER (not the next step); 400 RETURN_REJECTION_REASON_REQUIRED.
  api.put(
    '/returns/:id',
    {
      onRequest: staff,
      onSend: privateAnswer,
      schema: {
        tags,
        params: returnParams,
        body: returnStatusBody,
        response: { 200: updatedReturnView, ...routeErrors(404, 409, ...BODY_ERRORS) },
      },
    },
    async (request) => {
      const changed = await changeReturnStatus(app.db, links, actorOf(request), request.params.id, request.body)
      return { ...changed, return: await photoLinks.signed(changed.return) }
    },
  )
}
