import {
  courierSettingsInput,
  courierSettingsView,
  payoutReport,
  shipmentExportInput,
  trackingImportReport,
  trackingInput,
} from '@shop/shared/schemas/courier.ts'
import { orderView } from '@shop/shared/schemas/orders.ts'
import { STAFF_ROLES } from '@shop/shared/rules/roles.ts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { actorOf } from '../../../platform/actor.ts'
import { BODY_ERRORS } from '../../../platform/error-handler.ts'
import { sendAttachment, staffRoute } from '../../../platform/staff-route.ts'
import { idParams } from '../../../platform/route-schemas.ts'
import { readCsvUpload } from './csv.ts'
import {
  exportShipments,
  getCourierSettings,
  importPayouts,
  importTracking,
  updateCourierSettings,
  updateTracking,
} from './service.ts'

// Courier hand-off, tracking numbers and cash-on-delivery payouts (docs/decisions.md, 'Courier
// hand-off, tracking and payouts'), for the roles of the orders admin: store managers and admins.

const tags = ['admin: courier']
const params = idParams('Order id (UUID)')
const csvFile = z.string().describe('A CSV file (text/csv; UTF-8 with BOM, separator ";", decimal comma)')
const upload = { consumes: ['multipart/form-data'], description: 'Multipart form with the CSV in field "file".' }

/** The shop's calendar day of a clock reading (YYYY-MM-DD, Europe/Sarajevo). */
function shopDay(now: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Sarajevo' }).format(new Date(now))
}

export async function courierRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const route = staffRoute({ roles: STAFF_ROLES, tags })
  const privateRoute = staffRoute({ roles: STAFF_ROLES, tags, isPrivate: true })

  // 409 SHIPMENT_NOT_NUMBERED when a selected order has no document number yet.
  api.post(
    '/orders/shipments.csv',
    route({ body: shipmentExportInput, response: { 200: csvFile } }, 404, 409, ...BODY_ERRORS),
    async (request, reply) => {
      const { csv, fileName } = await exportShipments(app.db, actorOf(request), request.body.ids)
      return sendAttachment(
        reply,
        { contentType: 'text/csv; charset=utf-8', fileName, cacheControl: 'private, no-store' },
        csv,
      )
    },
  )
  api.put(
    '/orders/:id/tracking',
    route({ params, body: trackingInput, response: { 200: orderView } }, 404, ...BODY_ERRORS),
    async (request) => updateTracking(app.db, actorOf(request), request.params.id, request.body.trackingNumber),
  )
  // 400 CSV_INVALID naming the row and column of the first bad cell; nothing of the file is applied.
  api.post(
    '/orders/tracking-import',
    route({ ...upload, response: { 200: trackingImportReport } }, ...BODY_ERRORS),
    async (request) => importTracking(app.db, actorOf(request), await readCsvUpload(request.parts())),
  )
  api.post(
    '/orders/cod-payouts',
    route({ ...upload, response: { 200: payoutReport } }, ...BODY_ERRORS),
    async (request) =>
      importPayouts(app.db, actorOf(request), await readCsvUpload(request.parts()), shopDay(app.now())),
  )
  api.get('/settings/courier', privateRoute({ response: { 200: courierSettingsView } }), async () =>
    getCourierSettings(app.db),
  )
  api.put(
    '/settings/courier',
    privateRoute({ body: courierSettingsInput, response: { 200: courierSettingsView } }, ...BODY_ERRORS),
    async (request) => updateCourierSettings(app.db, actorOf(request), request.body),
  )
}
