import type { FastifyInstance } from 'fastify'
import { shippingSettingsResponse } from '@shop/shared/schemas/catalogue.ts'
import { cachedPublicReads } from '../catalogue/public-reads.ts'
import { getShippingSettings } from './service.ts'

const tags = ['content']

/** The shipping settings the cart prices with (customer-side.md §9). */
export async function shippingRoutes(app: FastifyInstance) {
  cachedPublicReads(app, tags).get('/settings/shipping', shippingSettingsResponse, () => getShippingSettings(app.db))
}
