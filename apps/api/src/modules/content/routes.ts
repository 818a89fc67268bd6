import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  companySettingsResponse,
  saleConfig,
  saleProduct,
  shippingSettingsResponse,
  slide,
  workHoursList,
} from '@shop/shared/schemas/catalogue.ts'
import { responseCacheFor } from '../../platform/cache.ts'
import { catalogueCaching } from '../../platform/cache-control.ts'
import { cacheKeyOf, viewerOf } from '../catalogue/routes.ts'
import {
  getCompanySettings,
  getSaleConfig,
  getShippingSettings,
  listActiveSlides,
  listSaleProducts,
  listWorkHours,
} from './service.ts'

const tags = ['content']

/** Public content reads (customer-side.md §7): slides, sale, work hours, shipping and company settings. */
export async function contentRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const cache = responseCacheFor(app)
  // Issue 13 (d): Cache-Control and Vary: Authorization on every content answer (sale prices vary by role).
  api.addHook('onSend', catalogueCaching)

  api.get('/slides', { schema: { tags, response: { 200: z.array(slide) } } }, async (request, reply) =>
    cache.send(reply, cacheKeyOf(request), () => listActiveSlides(app.db)),
  )

  api.get('/sales/config', { schema: { tags, response: { 200: saleConfig } } }, async (request, reply) =>
    cache.send(reply, cacheKeyOf(request), () => getSaleConfig(app.db)),
  )

  api.get('/sales/products', { schema: { tags, response: { 200: z.array(saleProduct) } } }, async (request, reply) =>
    cache.send(reply, cacheKeyOf(request), () => listSaleProducts(app.db, viewerOf(request))),
  )

  api.get('/work-hours', { schema: { tags, response: { 200: workHoursList } } }, async (request, reply) =>
    cache.send(reply, cacheKeyOf(request), () => listWorkHours(app.db)),
  )

  api.get(
    '/settings/shipping',
    { schema: { tags, response: { 200: shippingSettingsResponse } } },
    async (request, reply) => cache.send(reply, cacheKeyOf(request), () => getShippingSettings(app.db)),
  )

  api.get(
    '/settings/company',
    { schema: { tags, response: { 200: companySettingsResponse } } },
    async (request, reply) => cache.send(reply, cacheKeyOf(request), () => getCompanySettings(app.db)),
  )
}
