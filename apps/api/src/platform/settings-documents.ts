import type { Queryable } from './db.ts'

// The `settings` table holds one JSON document per key ('shipping', 'order_limits', 'courier', 'tax_facts',
// 'company', ...). Each domain's repo owns its key and what the document means; these two queries are the
// same for every key.

/** The document stored under `key` (undefined before one is saved); with `lock`, locked for the transaction. */
export async function findSettingsDocument(
  db: Queryable,
  key: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<unknown> {
  const { rows } = await db.query<{ value: unknown }>(
    `select value from settings where key = $1${lock ? ' for update' : ''}`,
    [key],
  )
  return rows[0]?.value
}

/** Stores `value` under `key`, replacing what was there. */
export async function saveSettingsDocument(client: Queryable, key: string, value: unknown): Promise<void> {
  await client.query(
    `insert into settings (key, value) values ($1, $2)
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  )
}
