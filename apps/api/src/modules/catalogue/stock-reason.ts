import type { Actor } from '../../platform/actor.ts'
import type { Queryable } from '../../platform/db.ts'

/**
 * Why stock changes in this transaction (docs/decisions.md, 'Stock ledger'): every change of
 * `products.stock` or `product_options.stock` writes a ledger row through a database trigger, which
 * reads its kind, actor and reason from these transaction-local settings. A path that changes stock
 * names itself here first, in the same transaction; a change without a name is recorded as 'correction'
 * by the system, so none goes unrecorded.
 */
export type StockChangeKind = 'order' | 'cancel' | 'staff_order' | 'staff_edit' | 'import' | 'correction' | 'return'

export async function nameStockChange(
  client: Queryable,
  actor: Actor,
  kind: StockChangeKind,
  reason: string | null = null,
): Promise<void> {
  await client.query(
    `select set_config('shop.stock_kind', $1, true), set_config('shop.stock_actor', $2, true),
            set_config('shop.stock_actor_id', $3, true), set_config('shop.stock_reason', $4, true)`,
    [kind, actor.email ?? '', actor.id ?? '', reason ?? ''],
  )
}
