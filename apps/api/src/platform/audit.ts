import type { Actor } from './actor.ts'
import type { Queryable } from './db.ts'

export type AuditEntry = {
  action: string
  entity: string
  entityId?: string | null
  before?: unknown
  after?: unknown
}

/**
 * Appends one line to audit_log (ARCHITECTURE: every staff write). Call it with the same
 * client as the write itself, inside its transaction, so that the two land together.
 */
export async function recordAudit(client: Queryable, actor: Actor, entry: AuditEntry): Promise<void> {
  await client.query(
    `insert into audit_log (actor_id, actor_email, action, entity, entity_id, before, after, ip)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      actor.id,
      actor.email,
      entry.action,
      entry.entity,
      entry.entityId ?? null,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      actor.ip,
    ],
  )
}
