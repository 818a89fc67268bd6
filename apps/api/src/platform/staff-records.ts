import { isUuid } from '@shop/shared/rules/uuid.ts'
import type { Actor } from './actor.ts'
import type { Database, Queryable } from './db.ts'
import type { AppError } from './errors.ts'
import type { VersionedRecord } from './record-version.ts'
import { staffWrite, type StaffTransaction } from './staff-write.ts'

/**
 * A kind of record that staff create, edit and delete one at a time and shoppers read (a product, category,
 * brand, slide): the audit line's entity, the record whose version an edit claims (docs/decisions.md, 'Edits
 * that never overwrite each other'), how one is locked and the 404 when there is none.
 */
export type StaffRecordKind<T> = {
  entity: string
  record: VersionedRecord
  /** Locks the record with this id (a UUID) for the rest of the transaction; null when there is none. */
  lock: (client: Queryable, id: string) => Promise<T | null>
  notFound: () => AppError
}

/** The record, locked for the transaction; its 404 when there is none (a malformed id is simply not found). */
export async function lockExistingRecord<T>(client: Queryable, kind: StaffRecordKind<T>, id: string): Promise<T> {
  const record = isUuid(id) ? await kind.lock(client, id) : null
  if (!record) throw kind.notFound()
  return record
}

// Each write below is one staffWrite ('public-reads': the storefront reads these records) with one audit line
// of the record, recorded after the write's own lines.

/** Creates a record; audited as 'create' with the record saved. */
export function createStaffRecord<T extends { id: string }>(
  db: Database,
  actor: Actor,
  kind: Pick<StaffRecordKind<T>, 'entity'>,
  insert: (transaction: StaffTransaction) => Promise<T>,
): Promise<T> {
  return staffWrite(db, actor, 'public-reads', async (transaction) => {
    const after = await insert(transaction)
    await transaction.audit({ action: 'create', entity: kind.entity, entityId: after.id, before: null, after })
    return after
  })
}

/**
 * Edits a record opened at `version`: locks it, claims its version (409 STALE_VERSION when another edit came
 * first), writes it; audited as 'update' with the record before and after.
 */
export function updateStaffRecord<T>(
  db: Database,
  actor: Actor,
  kind: StaffRecordKind<T>,
  { id, version }: { id: string; version: number },
  update: (transaction: StaffTransaction, before: T) => Promise<T>,
): Promise<T> {
  return staffWrite(db, actor, 'public-reads', async (transaction) => {
    const before = await lockExistingRecord(transaction.client, kind, id)
    await transaction.claimVersion({ record: kind.record, id, version })
    const after = await update(transaction, before)
    await transaction.audit({ action: 'update', entity: kind.entity, entityId: id, before, after })
    return after
  })
}

/**
 * Deletes a record: locks it and removes it; `remove` answers what the audit line keeps as `before` (the record,
 * or the record with what went with it). Answers the id with the kind's message.
 */
export function deleteStaffRecord<T>(
  db: Database,
  actor: Actor,
  kind: StaffRecordKind<T>,
  { id, message }: { id: string; message: string },
  remove: (transaction: StaffTransaction, before: T) => Promise<unknown>,
): Promise<{ id: string; message: string }> {
  return staffWrite(db, actor, 'public-reads', async (transaction) => {
    const before = await lockExistingRecord(transaction.client, kind, id)
    const audited = await remove(transaction, before)
    await transaction.audit({ action: 'delete', entity: kind.entity, entityId: id, before: audited, after: null })
    return { id, message }
  })
}
