import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  statisticsFilter,
  statisticsOrderPage,
  statisticsOrdersQuery,
  statisticsView,
} from '@shop/shared/schemas/admin-statistics.ts'
import { requireRole } from '../../platform/auth.ts'
import { routeErrors } from '../../platform/error-handler.ts'
import {
  createRollUpBuilder,
  getStatistics,
  getStatisticsOrders,
  statisticsCsv,
  statisticsCsvFileName,
} from './service.ts'

const tags = ['admin: statistics']

/**
 * Statistics (staff-and-content.md §2 'Statistika', §6: store managers and admins, §9 the rules):
 * the figures of a UTC day range, the table of its orders page by page, and that table as CSV.
 */
export async function statisticsStaffRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const staff = requireRole('store_manager', 'admin')
  const rollUps = createRollUpBuilder(app.db, app.log)
  app.addHook('onClose', () => rollUps.settled())

  api.get(
    '/statistics',
    // 400 for a range that ends before it starts or is too long.
    {
      onRequest: staff,
      schema: { tags, querystring: statisticsFilter, response: { 200: statisticsView, ...routeErrors() } },
    },
    async (request) => getStatistics(app.db, rollUps, request.query),
  )
  api.get(
    '/statistics/orders',
    {
      onRequest: staff,
      schema: { tags, querystring: statisticsOrdersQuery, response: { 200: statisticsOrderPage, ...routeErrors() } },
    },
    async (request) => getStatisticsOrders(app.db, request.query),
  )
  api.get(
    '/statistics/orders.csv',
    {
      onRequest: staff,
      schema: {
        tags,
        querystring: statisticsFilter,
        description: 'The table as CSV: UTF-8 with BOM, ";" between cells, decimal comma, CRLF.',
        response: { 200: z.any().describe('The table (text/csv)'), ...routeErrors() },
      },
    },
    async (request, reply) => {
      const lines = statisticsCsv(app.db, request.query)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${statisticsCsvFileName(request.query)}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines))
    },
  )
}
