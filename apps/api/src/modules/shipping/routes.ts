import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { shippingSettingsResponse } from '@shop/shared/schemas/catalogue.ts'
import { cacheKeyOf } from '../catalogue/routes.ts'
import { getShippingSettings } from './service.ts'
import { catalogueCaching } from '../../platform/cache-control.ts'
import { responseCacheFor } from '../../platform/response-cache.ts'
import { routeErrors } from '../../platform/error-handler.ts'

const tags = ['content']

/** The shipping settings the cart prices with (customer-side.md §9). */
export async function shippingRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const cache = responseCacheFor(app)
  // Cache-Control and Vary: Authorization (sale prices vary by role: docs/decisions.md, caching by role).
  api.addHook('onSend', catalogueCaching)

  api.get(
    '/settings/shipping',
    { schema: { tags, response: { 200: shippingSettingsResponse, ...routeErrors() } } },
    async (request, reply) => cache.send(reply, cacheKeyOf(request), () => getShippingSettings(app.db)),
  )
}
