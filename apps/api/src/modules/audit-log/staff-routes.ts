import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  auditLogEntryView,
  auditLogFiltersView,
  auditLogIdParams,
  auditLogListView,
  auditLogQuery,
} from '@shop/shared/schemas/admin-logs.ts'
import { staffRoute } from '../../platform/staff-route.ts'
import { getAuditEntry, listAuditFilters, listAuditLog } from './service.ts'

/**
 * System logs (staff-and-content.md §2: /admin/logs, admin only): the audit log newest first, by
 * pages, with filters; one entry with its before, after and readable diff; the filter lists.
 */
export async function auditLogStaffRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const route = staffRoute({ roles: ['admin'], tags: ['admin: logs'] })

  // 400 INVALID_CURSOR for a cursor this API did not give.
  api.get('/logs', route({ querystring: auditLogQuery, response: { 200: auditLogListView } }), async (request) =>
    listAuditLog(app.db, request.query),
  )
  api.get('/logs/filters', route({ response: { 200: auditLogFiltersView } }), async () => listAuditFilters(app.db))
  api.get(
    '/logs/:id',
    route({ params: auditLogIdParams, response: { 200: auditLogEntryView } }, 404),
    async (request) => getAuditEntry(app.db, request.params.id),
  )
}
