import { isUuid } from '@shop/shared/rules/uuid.ts'
import { bumpCatalogueVersion, liveCacheListeners } from './catalogue-version.ts'
import { afterCommit, type Database, type Queryable } from './db.ts'

// Stock moved by orders and cancels does not bump the catalogue generation: one row written by
// every order would make orders wait for each other. Each order instead names the products whose
// stock it changed (noteStockChange); after its commit every process drops only the answers that
// mention one of them: this process at once, the others through Redis pub/sub (cache-bus.ts,
// published before the order is answered) or, without Redis, from cache_stock_changes when they
// poll (createStockChangePoller). A product or size that sells out or comes back moves in every
// list (out of stock sorts last), so that rarer change bumps the generation after the commit.

/** Polls of cache_stock_changes overlap by this much, for an order that committed a little after its insert. */
const STOCK_POLL_OVERLAP_MS = 5_000
const STOCK_CHANGES_KEPT_MS = 10 * 60_000

/**
 * Records, inside the transaction that moved it, that the stock of these products changed (an
 * order, a cancel, a status change that gives stock back or takes it again). Once the transaction
 * commits, the catalogue answers mentioning them are dropped in every API process before the
 * caller answers. soldOutChanged: a product or size went out of stock or came back, which moves it
 * in every list, so the generation is bumped (after the commit: the order holds no shared row).
 */
export async function noteStockChange(
  client: Queryable,
  productIds: readonly string[],
  soldOutChanged: boolean,
): Promise<void> {
  const ids = [...new Set(productIds)]
  if (ids.length === 0) return
  const { rows } = await client.query<{ id: number }>(
    'insert into cache_stock_changes (product_ids) values ($1::uuid[]) returning id',
    [ids],
  )
  const changeId = Number(rows[0]?.id ?? 0)
  await afterCommit(client, async () => {
    if (soldOutChanged) await bumpCatalogueVersion(client)
    await Promise.all(liveCacheListeners().map((cache) => cache.stockChanged(ids, changeId)))
  })
}

/**
 * Reads the stock changes any process committed since the last poll (the fallback to Redis) and
 * hands each one not yet applied to `apply`; old rows are deleted once a minute.
 */
export function createStockChangePoller(db: Database, apply: (productIds: string[], changeId: number) => void) {
  // Stock changes already applied (their cache_stock_changes ids), so that a poll skips them.
  const appliedChanges = new Map<number, number>()
  let stockPolledUntil: Date | undefined
  let stockCleanedAt = 0
  return {
    /** Marks a change as applied (this process made it, or Redis brought it). */
    applied(changeId: number): void {
      appliedChanges.set(changeId, Date.now())
    },
    async poll(): Promise<void> {
      const { rows } = await db.query<{ changes: Array<{ id: number; ids: string[] }>; now: Date }>(
        `select coalesce((select json_agg(json_build_object('id', id, 'ids', product_ids))
                            from cache_stock_changes
                           where changed_at > coalesce($1, clock_timestamp()) - $2 * interval '1 millisecond'),
                         '[]'::json) as changes,
                clock_timestamp() as now`,
        [stockPolledUntil ?? null, STOCK_POLL_OVERLAP_MS],
      )
      const now = Date.now()
      for (const change of rows[0]?.changes ?? []) {
        if (!appliedChanges.has(change.id)) apply(change.ids, change.id)
      }
      stockPolledUntil = rows[0]?.now
      for (const [id, at] of appliedChanges) if (now - at > 4 * STOCK_POLL_OVERLAP_MS) appliedChanges.delete(id)
      if (now - stockCleanedAt > 60_000) {
        stockCleanedAt = now
        await db.query(
          `delete from cache_stock_changes where changed_at < clock_timestamp() - $1 * interval '1 millisecond'`,
          [STOCK_CHANGES_KEPT_MS],
        )
      }
    },
  }
}

/** The product ids of a stock message from Redis; anything else in it is ignored. */
export function parseStockMessage(message: string): string[] {
  try {
    const value: unknown = JSON.parse(message)
    return Array.isArray(value) ? value.filter((id): id is string => isUuid(id)) : []
  } catch {
    return []
  }
}
