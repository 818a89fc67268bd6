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

/**
 * Many audit lines of one staff write in one statement (an import of thousands of rows audits each
 * product it changed; docs/decisions.md, 'Catalogue in a spreadsheet'). Same client, same transaction.
 */
export async function recordAudits(client: Queryable, actor: Actor, entries: AuditEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += 2000) {
    const batch = entries.slice(start, start + 2000)
    await client.query(
      `insert into audit_log (actor_id, actor_email, action, entity, entity_id, before, after, ip)
       select $1, $2, e.action, e.entity, e.entity_id, e.before, e.after, $3
         from unnest($4::text[], $5::text[], $6::text[], $7::jsonb[], $8::jsonb[])
              as e(action, entity, entity_id, before, after)`,
      [
        actor.id,
        actor.email,
        actor.ip,
        batch.map((entry) => entry.action),
        batch.map((entry) => entry.entity),
        batch.map((entry) => entry.entityId ?? null),
        batch.map((entry) => (entry.before === undefined ? null : JSON.stringify(entry.before))),
        batch.map((entry) => (entry.after === undefined ? null : JSON.stringify(entry.after))),
      ],
    )
  }
}
