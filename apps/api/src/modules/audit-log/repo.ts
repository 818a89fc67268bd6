import { escapeLikePattern } from '@shop/shared/rules/search.ts'
import type { Queryable } from '../../platform/db.ts'
import { queryRows } from '../../platform/mapped-rows.ts'

/** The same expression as the index audit_log_user_time, so that the filter can use it. */
const USER_KEY = `lower(coalesce(actor_email, after ->> 'email'))`

export type AuditListFilter = {
  user?: string
  action?: string
  entity?: string
  /** Inclusive start, ISO time. */
  since?: string
  /** Exclusive end, ISO time. */
  until?: string
  /** The last row of the previous page: the page starts strictly after it. */
  after?: { at: string; id: string }
  limit: number
}

export type AuditRow = {
  id: string
  created_at: Date
  actor_id: string | null
  actor_email: string | null
  action: string
  entity: string
  entity_id: string | null
  ip: string | null
  before: unknown
  after: unknown
  /** created_at in microseconds since 1970, exact, for the next page's cursor. */
  cursor_micros: string
}

const COLUMNS = `id::text as id, created_at, actor_id::text as actor_id, actor_email, action, entity, entity_id, ip,
  before, after, (extract(epoch from created_at) * 1000000)::bigint::text as cursor_micros`

/**
 * One page of the log, newest first. Keyset paging on (created_at, id): each page starts after the
 * previous page's last row, so rows written meanwhile never shift a page (none twice, none skipped),
 * and a deep page costs as little as the first.
 */
const isWholeAddress = (text: string) => /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(text)

export async function listAuditRows(db: Queryable, filter: AuditListFilter): Promise<AuditRow[]> {
  const conditions: string[] = []
  const values: unknown[] = []
  const add = (sql: (parameter: string) => string, value: unknown) => {
    values.push(value)
    conditions.push(sql(`$${values.length}`))
  }
  // docs/decisions.md 'System logs': the start of an e-mail; `%` and `_` typed by staff are literal. A whole
  // address is matched as itself: equality keeps PostgreSQL on the (user, action/entity, time) index, where a
  // range made it walk the whole log by time when the user had no such rows.
  if (filter.user !== undefined) {
    if (isWholeAddress(filter.user)) add((p) => `${USER_KEY} = ${p}`, filter.user.toLowerCase())
    else add((p) => `${USER_KEY} like ${p}`, `${escapeLikePattern(filter.user)}%`)
  }
  if (filter.action !== undefined) add((p) => `action = ${p}`, filter.action)
  if (filter.entity !== undefined) add((p) => `entity = ${p}`, filter.entity)
  if (filter.since !== undefined) add((p) => `created_at >= ${p}::timestamptz`, filter.since)
  if (filter.until !== undefined) add((p) => `created_at < ${p}::timestamptz`, filter.until)
  if (filter.after !== undefined) {
    values.push(filter.after.at, filter.after.id)
    conditions.push(`(created_at, id) < ($${values.length - 1}::timestamptz, $${values.length}::bigint)`)
  }
  values.push(filter.limit)
  return queryRows<AuditRow>(
    db,
    `select ${COLUMNS} from audit_log
      ${conditions.length > 0 ? `where ${conditions.join(' and ')}` : ''}
      order by created_at desc, id desc
      limit $${values.length}`,
    values,
  )
}

export async function findAuditRow(db: Queryable, id: string): Promise<AuditRow | undefined> {
  const { rows } = await db.query<AuditRow>(`select ${COLUMNS} from audit_log where id = $1::bigint`, [id])
  return rows[0]
}

/**
 * The distinct values of a column that leads an index, by a loose index scan: one index probe per
 * distinct value instead of reading a million rows (PostgreSQL has no skip scan for DISTINCT).
 */
async function distinctValues(db: Queryable, column: 'action' | 'entity'): Promise<string[]> {
  const { rows } = await db.query<{ value: string }>(
    `with recursive found(value) as (
       (select ${column} from audit_log order by ${column} limit 1)
       union all
       select (select ${column} from audit_log where ${column} > found.value order by ${column} limit 1)
         from found where found.value is not null
     )
     select value from found where value is not null`,
  )
  return rows.map((row) => row.value)
}

export async function listAuditActionsAndEntities(db: Queryable): Promise<{ actions: string[]; entities: string[] }> {
  return { actions: await distinctValues(db, 'action'), entities: await distinctValues(db, 'entity') }
}
