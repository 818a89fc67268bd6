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
import { STAFF_ROLES } from '@shop/shared/rules/roles.ts'
import { sendAttachment, staffRoute } from '../../platform/staff-route.ts'
import {
  createRollUpBuilder,
  getStatistics,
  getStatisticsOrders,
  statisticsCsv,
  statisticsCsvFileName,
} from './service.ts'

/**
 * Statistics (staff-and-content.md §2 'Statistika', §6: store managers and admins, §9 the rules):
 * the figures of a UTC day range, the table of its orders page by page, and that table as CSV.
 */
export async function statisticsStaffRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const route = staffRoute({ roles: STAFF_ROLES, tags: ['admin: statistics'] })
  const rollUps = createRollUpBuilder(app.db, app.log)
  app.addHook('onClose', () => rollUps.settled())

  api.get(
    '/statistics',
    // 400 for a range that ends before it starts or is too long.
    route({ querystring: statisticsFilter, response: { 200: statisticsView } }),
    async (request) => getStatistics(app.db, rollUps, request.query),
  )
  api.get(
    '/statistics/orders',
    route({ querystring: statisticsOrdersQuery, response: { 200: statisticsOrderPage } }),
    async (request) => getStatisticsOrders(app.db, request.query),
  )
  api.get(
    '/statistics/orders.csv',
    route({
      querystring: statisticsFilter,
      description: 'The table as CSV: UTF-8 with BOM, ";" between cells, decimal comma, CRLF.',
      response: { 200: z.any().describe('The table (text/csv)') },
    }),
    async (request, reply) => {
      const file = { contentType: 'text/csv; charset=utf-8', fileName: statisticsCsvFileName(request.query) }
      return sendAttachment(reply, file, Readable.from(statisticsCsv(app.db, request.query)))
    },
  )
}
