import type { FastifyRequest } from 'fastify'
import { messages } from '@shop/shared/messages/bs.ts'
import type { WorkHoursEntry } from '@shop/shared/schemas/work-hours.ts'
import { recordAudit } from '../../platform/audit.ts'
import { bumpCatalogueVersion } from '../../platform/cache.ts'
import type { Database } from '../../platform/db.ts'
import { listWorkHours, lockWorkHours, saveWorkHours } from './repo.ts'

/**
 * POST /api/work-hours: every section sent is saved in one transaction, each with its own
 * audit line; the answer carries the whole list as it now stands.
 */
export async function updateWorkHours(
  db: Database,
  request: FastifyRequest,
  entries: WorkHoursEntry[],
): Promise<{ message: string; hours: WorkHoursEntry[] }> {
  return db.transaction(async (client) => {
    const saved = await lockWorkHours(client)
    for (const entry of entries) {
      const before = saved.find((row) => row.section === entry.section) ?? null
      await saveWorkHours(client, entry)
      await recordAudit(client, request, {
        action: before ? 'update' : 'create',
        entity: 'work_hours',
        entityId: entry.section,
        before,
        after: entry,
      })
    }
    await bumpCatalogueVersion(client)
    return { message: messages.admin.workHours.saved, hours: await listWorkHours(client) }
  })
}
