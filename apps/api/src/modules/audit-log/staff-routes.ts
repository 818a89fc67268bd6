import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  auditLogEntryView,
  auditLogFiltersView,
  auditLogIdParams,
  auditLogListView,
  auditLogQuery,
} from '@shop/shared/schemas/admin-logs.ts'
import { requireRole } from '../../platform/auth.ts'
import { routeErrors } from '../../platform/error-handler.ts'
import { getAuditEntry, listAuditFilters, listAuditLog } from './service.ts'

const tags = ['admin: logs']

/**
 * System logs (staff-and-content.md §2: /admin/logs, admin only): the audit log newest first, by
 * pages, with filters; one entry with its before, after and readable diff; the filter lists.
 */
export async function auditLogStaffRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const admin = requireRole('admin')

  api.get(
    '/logs',
    // 400 INVALID_CURSOR for a cursor this API did not give.
    {
      onRequest: admin,
      schema: { tags, querystring: auditLogQuery, response: { 200: auditLogListView, ...routeErrors() } },
    },
    async (request) => listAuditLog(app.db, request.query),
  )
  api.get(
    '/logs/filters',
    { onRequest: admin, schema: { tags, response: { 200: auditLogFiltersView, ...routeErrors() } } },
    async () => listAuditFilters(app.db),
  )
  api.get(
    '/logs/:id',
    {
      onRequest: admin,
      schema: { tags, params: auditLogIdParams, response: { 200: auditLogEntryView, ...routeErrors(404) } },
    },
    async (request) => getAuditEntry(app.db, request.params.id),
  )
}
