import type { Actor } from './actor.ts'
import { recordAudit, type AuditEntry } from './audit.ts'
import { bumpCatalogueVersion } from './catalogue-version.ts'
import type { Database, Queryable } from './db.ts'
import { claimVersion, type VersionClaim } from './record-version.ts'

/**
 * What a staff write changes for shoppers: 'public-reads' for anything the storefront reads through
 * the catalogue cache (products, categories, brands, slides, work hours, menu, sales, shipping,
 * stock through an order's status), 'staff-only' for what only staff and the buyer see (users,
 * order limits). Every write names one, so none can forget its cache.
 */
export type StaffWriteReach = 'public-reads' | 'staff-only'

export type StaffTransaction = {
  client: Queryable
  /** Records one audit line in the write's transaction (ARCHITECTURE: every staff write). */
  audit: (entry: AuditEntry) => Promise<void>
  /**
   * The audit line of a settings document saved whole (platform/settings-documents.ts): entity 'settings', the
   * document's key as its id, 'create' when none was stored before, else 'update', with both documents.
   */
  auditSettings: (key: string, before: unknown, after: unknown) => Promise<void>
  /**
   * Raises the edited record's version if it is still the one the form was opened with, else answers
   * 409 STALE_VERSION (platform/record-version.ts); returns the record's new version.
   */
  claimVersion: (claim: VersionClaim) => Promise<number>
}

/**
 * The one way a staff write runs (STYLE §2): one transaction in which the write takes its row
 * locks, records its audit lines and, when it changed something shoppers read, bumps the
 * catalogue version, so that every API process drops its cached answers with the commit.
 * A write that changes nothing (no audit line) leaves the caches alone.
 */
export async function staffWrite<T>(
  db: Database,
  actor: Actor,
  reach: StaffWriteReach,
  write: (transaction: StaffTransaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (client) => {
    let changes = 0
    const audit = async (entry: AuditEntry) => {
      changes += 1
      await recordAudit(client, actor, entry)
    }
    const result = await write({
      client,
      audit,
      auditSettings: (key, before, after) =>
        audit({
          action: before === undefined ? 'create' : 'update',
          entity: 'settings',
          entityId: key,
          before: before ?? null,
          after,
        }),
      claimVersion: (claim) => claimVersion(client, actor, claim),
    })
    if (reach === 'public-reads' && changes > 0) await bumpCatalogueVersion(client)
    return result
  })
}
