import type { Queryable } from '../../platform/db.ts'

export const SHIPPING_SETTINGS_KEY = 'shipping'
const KEY = SHIPPING_SETTINGS_KEY

/** The stored 'shipping' settings object, locked for the rest of the transaction (undefined before one is saved). */
export async function lockShippingSettings(client: Queryable): Promise<unknown> {
  const { rows } = await client.query<{ value: unknown }>('select value from settings where key = $1 for update', [KEY])
  return rows[0]?.value
}

export async function saveShippingSettings(client: Queryable, value: Record<string, unknown>): Promise<void> {
  await client.query(
    `insert into settings (key, value) values ($1, $2)
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [KEY, JSON.stringify(value)],
  )
}

/** The stored 'shipping' settings object (undefined before staff or the seed saves one). */
export async function findShippingSettings(db: Queryable): Promise<unknown> {
  const { rows } = await db.query<{ value: unknown }>('select value from settings where key = $1', [KEY])
  return rows[0]?.value
}
