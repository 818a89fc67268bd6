import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { WORK_HOURS_SECTIONS, workHoursInput } from '@shop/shared/schemas/work-hours.ts'
import { requireRole } from '../../platform/auth.ts'
import { updateWorkHours } from './service.ts'

const saved = z.object({
  message: z.string(),
  hours: z.array(z.object({ section: z.enum(WORK_HOURS_SECTIONS), hours: z.string() })),
})

/**
 * Work hours admin (staff-and-content.md §7 Work hours); the public GET /api/work-hours is
 * modules/catalogue. The route table (§2) gives /admin/work-hours to store_manager and admin,
 * while the dashboard shows its tile to admins only: the server allows both roles and leaves
 * the stricter choice to the page.
 */
export async function adminWorkHoursRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/work-hours',
    {
      onRequest: requireRole('store_manager', 'admin'),
      schema: { tags: ['admin: work hours'], body: workHoursInput, response: { 200: saved } },
    },
    async (request) => updateWorkHours(app.db, request, request.body),
  )
}
