import type { OrderLimitSettings } from '@shop/shared/rules/order-limits.ts'
import type { Queryable } from '../../platform/db.ts'

const KEY = 'order_limits'

/** The stored 'order_limits' object, locked for the rest of the transaction (undefined when none is stored). */
export async function lockOrderLimitSettings(client: Queryable): Promise<unknown> {
  const { rows } = await client.query<{ value: unknown }>('select value from settings where key = $1 for update', [KEY])
  return rows[0]?.value
}

export async function saveOrderLimitSettings(client: Queryable, value: OrderLimitSettings): Promise<void> {
  await client.query(
    `insert into settings (key, value) values ($1, $2)
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [KEY, JSON.stringify(value)],
  )
}
