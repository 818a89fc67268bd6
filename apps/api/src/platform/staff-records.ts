import { isUuid } from '@shop/shared/rules/uuid.ts'
import type { Actor } from './actor.ts'
import type { AuditEntry } from './audit.ts'
import type { Database, Queryable } from './db.ts'
import type { AppError } from './errors.ts'
import type { VersionedRecord } from './record-version.ts'
import { staffWrite, type StaffTransaction } from './staff-write.ts'

/**
 * A kind of record that staff create, edit and delete one at a time and shoppers read (a product, category,
 * brand, slide, menu item, menu category): the audit line's entity, the record whose version an edit claims
 * (docs/decisions.md, 'Edits that never overwrite each other'), how one is locked and the 404 when there is none.
 */
export type StaffRecordKind<T> = {
  entity: string
  /** None for a kind that has no version to claim (a menu category): it is only replaced, never updated. */
  record?: VersionedRecord
  /** Locks the record with this id (a UUID) for the rest of the transaction; null when there is none. */
  lock: (client: Queryable, id: string) => Promise<T | null>
  notFound: () => AppError
}

/** A change made to a locked record in a staff write's transaction. */
type RecordChange<T, Answer> = (transaction: StaffTransaction, before: T) => Promise<Answer>

/**
 * The audited writes of one kind of record. Each is one staffWrite ('public-reads': the storefront reads these
 * records) with one audit line of the record, recorded after the write's own lines.
 */
export type StaffRecords<T> = {
  /** The record, locked for the transaction; its 404 when there is none (a malformed id is simply not found). */
  lockExisting: (client: Queryable, id: string) => Promise<T>
  /** Creates a record; audited as 'create' with the record saved. */
  create: (db: Database, actor: Actor, insert: (transaction: StaffTransaction) => Promise<T>) => Promise<T>
  /**
   * Edits a record opened at `version`: locks it, claims its version (409 STALE_VERSION when another edit came
   * first), writes it; audited as 'update' with the record before and after.
   */
  update: (db: Database, actor: Actor, edit: { id: string; version: number }, update: RecordChange<T, T>) => Promise<T>
  /** Edits a record of a kind without versions: locks it, writes it; audited as 'update' with it before and after. */
  replace: (db: Database, actor: Actor, id: string, replace: RecordChange<T, T>) => Promise<T>
  /**
   * Deletes a record: locks it and removes it; `remove` answers what the audit line keeps as `before` (the
   * record, or the record with what went with it). Answers the id with the kind's message.
   */
  delete: (
    db: Database,
    actor: Actor,
    removal: { id: string; message: string },
    remove: RecordChange<T, unknown>,
  ) => Promise<{ id: string; message: string }>
}

/** A kind with versions has every write; one without (no `record`) has no `update`, only `replace`. */
export function staffRecords<T extends { id: string }>(
  kind: StaffRecordKind<T> & { record: VersionedRecord },
): StaffRecords<T>
export function staffRecords<T extends { id: string }>(kind: StaffRecordKind<T>): Omit<StaffRecords<T>, 'update'>
export function staffRecords<T extends { id: string }>(kind: StaffRecordKind<T>): StaffRecords<T> {
  async function lockExisting(client: Queryable, id: string): Promise<T> {
    const record = isUuid(id) ? await kind.lock(client, id) : null
    if (!record) throw kind.notFound()
    return record
  }

  /** Locks the record, makes `change` and records the audit line of the record it answers with its answer. */
  function changeLocked<Answer>(
    db: Database,
    actor: Actor,
    id: string,
    change: RecordChange<T, { answer: Answer; audit: Pick<AuditEntry, 'action' | 'before' | 'after'> }>,
  ): Promise<Answer> {
    return staffWrite(db, actor, 'public-reads', async (transaction) => {
      const { answer, audit } = await change(transaction, await lockExisting(transaction.client, id))
      await transaction.audit({ ...audit, entity: kind.entity, entityId: id })
      return answer
    })
  }

  function replace(db: Database, actor: Actor, id: string, change: RecordChange<T, T>): Promise<T> {
    return changeLocked(db, actor, id, async (transaction, before) => {
      const after = await change(transaction, before)
      return { answer: after, audit: { action: 'update', before, after } }
    })
  }

  return {
    lockExisting,
    create: (db, actor, insert) =>
      staffWrite(db, actor, 'public-reads', async (transaction) => {
        const after = await insert(transaction)
        await transaction.audit({ action: 'create', entity: kind.entity, entityId: after.id, before: null, after })
        return after
      }),
    update: (db, actor, { id, version }, update) => {
      const { record } = kind
      if (!record) throw new Error(`A ${kind.entity} has no version to claim: it is replaced`)
      return replace(db, actor, id, async (transaction, before) => {
        await transaction.claimVersion({ record, id, version })
        return update(transaction, before)
      })
    },
    replace,
    delete: (db, actor, { id, message }, remove) =>
      changeLocked(db, actor, id, async (transaction, before) => ({
        answer: { id, message },
        audit: { action: 'delete', before: await remove(transaction, before), after: null },
      })),
  }
}
