import { documentsInput, fiscalReceiptInput } from '@shop/shared/schemas/tax-facts.ts'
import { orderView } from '@shop/shared/schemas/orders.ts'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { actorOf } from '../../../platform/actor.ts'
import { BODY_ERRORS } from '../../../platform/error-handler.ts'
import { STAFF_ROLES } from '@shop/shared/rules/roles.ts'
import { sendAttachment, staffRoute } from '../../../platform/staff-route.ts'
import { idParams } from '../../../platform/route-schemas.ts'
import { updateFiscalReceiptNumber } from '../service.ts'
import { printDocuments, type PrintedDocument } from './service.ts'

// Invoices and packing slips (docs/decisions.md, 'Invoices and packing slips'), for the roles of the
// orders admin: store managers and admins. Each print is audited.

const params = idParams('Order id (UUID)')
const pdf = z.string().describe('A PDF document (application/pdf)')

function sendPdf(reply: FastifyReply, { bytes, fileName }: PrintedDocument) {
  return sendAttachment(reply, { contentType: 'application/pdf', fileName, cacheControl: 'private, no-store' }, bytes)
}

export async function orderDocumentRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const route = staffRoute({ roles: STAFF_ROLES, tags: ['admin: order documents'] })

  // 409 INVOICE_NOT_ISSUED while the order is 'pending': it has no document number yet.
  api.get('/orders/:id/invoice.pdf', route({ params, response: { 200: pdf } }, 404, 409), async (request, reply) =>
    sendPdf(reply, await printDocuments(app.db, actorOf(request), [request.params.id], 'invoice')),
  )
  api.get('/orders/:id/packing-slip.pdf', route({ params, response: { 200: pdf } }, 404), async (request, reply) =>
    sendPdf(reply, await printDocuments(app.db, actorOf(request), [request.params.id], 'packing-slip')),
  )
  // The selected orders' documents of one kind as one PDF, in the order of ids.
  api.post(
    '/orders/documents',
    route({ body: documentsInput, response: { 200: pdf } }, 404, 409, ...BODY_ERRORS),
    async (request, reply) =>
      sendPdf(reply, await printDocuments(app.db, actorOf(request), request.body.ids, request.body.kind)),
  )
  api.put(
    '/orders/:id/fiscal-receipt',
    route({ params, body: fiscalReceiptInput, response: { 200: orderView } }, 404, ...BODY_ERRORS),
    async (request) =>
      updateFiscalReceiptNumber(app.db, actorOf(request), request.params.id, request.body.fiscalReceiptNumber),
  )
}
