import type { FastifyInstance } from 'fastify'
import { saleConfig, saleProduct } from '@shop/shared/schemas/catalogue.ts'
import { z } from 'zod'
import { cachedPublicReads } from '../catalogue/public-reads.ts'
import { getSaleConfig, listSaleProducts } from './service.ts'

const tags = ['content']

/** The running sale as shoppers see it (customer-side.md §7): its configuration and its products. */
export async function saleRoutes(app: FastifyInstance) {
  // Sale prices vary by role: cachedPublicReads varies every answer by Authorization.
  const reads = cachedPublicReads(app, tags)
  reads.get('/sales/config', saleConfig, () => getSaleConfig(app.db))
  reads.get('/sales/products', z.array(saleProduct), (viewer) => listSaleProducts(app.db, viewer))
}
