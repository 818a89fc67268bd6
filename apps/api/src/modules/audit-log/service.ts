import { messages } from '@shop/shared/messages/bs.ts'
import { auditDiff, redactSecrets, summarizeAuditEntry } from '@shop/shared/rules/audit-diff.ts'
import { describeAuditEntry } from '@shop/shared/rules/audit-sentence.ts'
import type {
  AuditLogEntry,
  AuditLogFilters,
  AuditLogList,
  AuditLogQuery,
  AuditLogRow,
} from '@shop/shared/schemas/admin-logs.ts'
import type { Database } from '../../platform/db.ts'
import { badRequest, notFound } from '../../platform/errors.ts'
import { findAuditRow, listAuditActionsAndEntities, listAuditRows, type AuditRow } from './repo.ts'

const text = messages.adminLogs

/** The cursor is `<created_at in microseconds>.<id>`, base64url: opaque to clients, exact for the keyset. */
export function encodeCursor(row: Pick<AuditRow, 'cursor_micros' | 'id'>): string {
  return Buffer.from(`${row.cursor_micros}.${row.id}`).toString('base64url')
}

// Microseconds of years 0001 to 9999 stay below 17 digits; ids are bigserial.
const CURSOR = /^(\d{1,17})\.(\d{1,18})$/

/** An ISO time with microseconds, which PostgreSQL reads back exactly (a JS Date keeps only ms). */
function microsToIso(micros: bigint): string {
  const millis = micros / 1000n - (micros % 1000n < 0n ? 1n : 0n)
  const rest = micros - millis * 1000n
  const iso = new Date(Number(millis)).toISOString()
  if (Number.isNaN(Date.parse(iso))) throw badRequest(text.invalidCursor, 'INVALID_CURSOR')
  return iso.replace('Z', `${rest.toString().padStart(3, '0')}Z`)
}

export function decodeCursor(cursor: string): { at: string; id: string } {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  if (!match) throw badRequest(text.invalidCursor, 'INVALID_CURSOR')
  const micros = BigInt(match[1]!)
  // Date covers ±8.64e15 ms; anything outside is not a cursor we made.
  if (micros > 8_640_000_000_000_000_000n || micros < -8_640_000_000_000_000_000n) {
    throw badRequest(text.invalidCursor, 'INVALID_CURSOR')
  }
  let at: string
  try {
    at = microsToIso(micros)
  } catch {
    throw badRequest(text.invalidCursor, 'INVALID_CURSOR')
  }
  return { at, id: match[2]! }
}

/** The day after a 'YYYY-MM-DD' day, at 00:00 UTC: the exclusive end of a range that ends on `day`. */
function startOfNextDay(day: string): string {
  const start = new Date(`${day}T00:00:00Z`)
  start.setUTCDate(start.getUTCDate() + 1)
  return start.toISOString()
}

function toRow(row: AuditRow): AuditLogRow {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    actor_email: row.actor_email,
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    ip: row.ip,
    summary: summarizeAuditEntry(row),
    sentence: describeAuditEntry(row),
  }
}

/** GET /api/logs: one page, newest first, with the cursor of the next page (null on the last). */
export async function listAuditLog(db: Database, query: AuditLogQuery): Promise<AuditLogList> {
  const rows = await listAuditRows(db, {
    user: query.user,
    action: query.action,
    entity: query.entity,
    since: query.from ? `${query.from}T00:00:00Z` : undefined,
    until: query.to ? startOfNextDay(query.to) : undefined,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  })
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    data: page.map(toRow),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  }
}

/** GET /api/logs/{id}: the entry with before and after (secrets replaced) and its readable diff. */
export async function getAuditEntry(db: Database, id: string): Promise<AuditLogEntry> {
  const row = await findAuditRow(db, id)
  if (!row) throw notFound(text.notFound, 'LOG_ENTRY_NOT_FOUND')
  return {
    ...toRow(row),
    actor_id: row.actor_id,
    before: redactSecrets(row.before),
    after: redactSecrets(row.after),
    changes: auditDiff(row.before, row.after),
  }
}

export async function listAuditFilters(db: Database): Promise<AuditLogFilters> {
  return listAuditActionsAndEntities(db)
}
