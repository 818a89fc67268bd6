import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { orderLimitSettingsInput, orderLimitSettingsView } from '@shop/shared/schemas/order-limits.ts'
import { requireRole } from '../../platform/auth.ts'
import { privateAnswer } from '../../platform/cache-control.ts'
import { getOrderLimitSettings, updateOrderLimitSettings } from './service.ts'

const tags = ['admin: order limits']

/**
 * Issue 13 (e): the limits on one order and one client (store managers and admins), beside the
 * shipping settings' route style (/api/settings/{name}). The shopper's side is GET /api/orders/limits.
 */
export async function adminOrderLimitRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const staff = requireRole('store_manager', 'admin')

  api.get(
    '/settings/order-limits',
    { onRequest: staff, onSend: privateAnswer, schema: { tags, response: { 200: orderLimitSettingsView } } },
    async () => getOrderLimitSettings(app.db, app.config),
  )
  api.put(
    '/settings/order-limits',
    {
      onRequest: staff,
      onSend: privateAnswer,
      schema: { tags, body: orderLimitSettingsInput, response: { 200: orderLimitSettingsView } },
    },
    async (request) => updateOrderLimitSettings(app.db, app.config, request, request.body),
  )
}
