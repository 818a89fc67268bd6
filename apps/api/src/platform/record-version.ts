import { staleVersionMessage } from '@shop/shared/rules/record-version.ts'
import type { Actor } from './actor.ts'
import type { Queryable } from './db.ts'
import { AppError, notFound } from './errors.ts'
import { messages } from '@shop/shared/messages/bs.ts'

/**
 * The records a staff form edits, each with the column that names one (docs/decisions.md ('Edits that never overwrite each other')). The
 * table names are this list's, never a caller's string, so they can be written into the SQL.
 */
const VERSIONED_RECORDS = {
  product: { table: 'products', key: 'id' },
  category: { table: 'categories', key: 'id' },
  brand: { table: 'brands', key: 'id' },
  slide: { table: 'slides', key: 'id' },
  menuItem: { table: 'restaurant_items', key: 'id' },
  workHours: { table: 'work_hours', key: 'section', placeholder: { column: 'hours', value: "''" } },
  sale: { table: 'sale_config', key: 'id' },
  settings: { table: 'settings', key: 'key', placeholder: { column: 'value', value: "'{}'::jsonb" } },
  user: { table: 'users', key: 'id' },
} as const satisfies Record<string, { table: string; key: string; placeholder?: { column: string; value: string } }>

export type VersionedRecord = keyof typeof VERSIONED_RECORDS

export type VersionClaim = {
  record: VersionedRecord
  id: string | number
  /** The version the form was opened with. */
  version: number
  /**
   * A settings document or work-hours section that has never been saved has no row; its GET answers
   * version 0, and a save from 0 creates the row (version 1): claimVersion inserts it with an empty
   * value, which the caller's own upsert then fills, in the same transaction.
   */
  mayBeMissing?: boolean
}

type StoredVersion = { updated_by: string | null; updated_at: Date }

/**
 * Raises the record's version by one if it is still `version`, in one conditional UPDATE, so that of two
 * saves from the same version (in any number of API processes) exactly one wins: the other's UPDATE waits
 * for the first's row lock, then finds the version moved and changes nothing. That save answers 409
 * STALE_VERSION naming who saved last and when. Call it inside the staff write's transaction, before the
 * write itself; answers the version the record has after the write.
 */
export async function claimVersion(client: Queryable, actor: Actor, claim: VersionClaim): Promise<number> {
  const record = VERSIONED_RECORDS[claim.record]
  const { table, key } = record
  const id = String(claim.id)
  if (claim.mayBeMissing && claim.version === 0 && 'placeholder' in record) {
    // A first save has no row to lock: it claims the key by inserting the row. Of two parallel first saves
    // the second's insert waits for the first's transaction, then finds the key taken and inserts nothing;
    // that save is stale like any other (docs/decisions.md, 'A first save of a settings document').
    const { column, value } = record.placeholder
    const inserted = await client.query<{ version: number }>(
      `insert into ${table} (${key}, ${column}, version, updated_at, updated_by) values ($1, ${value}, 1, now(), $2)
       on conflict (${key}) do nothing
       returning version`,
      [id, actor.email],
    )
    if (inserted.rows[0]) return inserted.rows[0].version
  }
  const updated = await client.query<{ version: number }>(
    `update ${table} set version = version + 1, updated_at = now(), updated_by = $3
      where ${key}::text = $1 and version = $2
      returning version`,
    [id, claim.version, actor.email],
  )
  const claimed = updated.rows[0]
  if (claimed) return claimed.version
  const { rows } = await client.query<StoredVersion>(
    `select updated_by, updated_at from ${table} where ${key}::text = $1`,
    [id],
  )
  const stored = rows[0]
  if (!stored) throw notFound(messages.recordVersions.gone)
  throw new AppError(409, 'STALE_VERSION', staleVersionMessage(stored.updated_by, stored.updated_at))
}

/**
 * The record's current version for a GET that answers a settings document or a section (0: never saved),
 * read with the document in the same request.
 */
export async function findVersion(client: Queryable, record: VersionedRecord, id: string | number): Promise<number> {
  const { table, key } = VERSIONED_RECORDS[record]
  const { rows } = await client.query<{ version: number }>(`select version from ${table} where ${key}::text = $1`, [
    String(id),
  ])
  return rows[0]?.version ?? 0
}

/**
 * Raises the record's version without a check, for a write that is no staff form's (a customer saving their
 * own profile): a staff form opened before it is then stale too.
 */
export async function touchVersion(
  client: Queryable,
  actor: Actor,
  record: VersionedRecord,
  id: string,
): Promise<void> {
  const { table, key } = VERSIONED_RECORDS[record]
  await client.query(
    `update ${table} set version = version + 1, updated_at = now(), updated_by = $2 where ${key}::text = $1`,
    [id, actor.email],
  )
}
