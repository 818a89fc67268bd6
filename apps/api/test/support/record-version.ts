import type { Queryable } from '../../src/platform/db.ts'
import type { TestApp } from '../helpers.ts'

// The tables of docs/decisions.md ('Edits that never overwrite each other') and the column that names one record.
const KEYS = {
  products: 'id',
  categories: 'id',
  brands: 'id',
  slides: 'id',
  restaurant_items: 'id',
  work_hours: 'section',
  sale_config: 'id',
  settings: 'key',
  users: 'id',
} as const

/** The record's saved version (0 when it has no row yet), as a staff form opened now would send it. */
export async function versionOf(db: Queryable, table: keyof typeof KEYS, id: string | number): Promise<number> {
  const { rows } = await db.query<{ version: number }>(`select version from ${table} where ${KEYS[table]}::text = $1`, [
    String(id),
  ])
  return rows[0]?.version ?? 0
}

/** The body with the record's current version, unless the test sends one itself. */
export async function withCurrentVersion(
  db: Queryable,
  table: keyof typeof KEYS,
  id: string | number,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload) || 'version' in payload) return payload
  return { ...payload, version: await versionOf(db, table, id) }
}

/** Saves the settings form stored under `key` as staff would: from the version saved now, unless the payload names one. */
export async function saveSettings(
  test: TestApp,
  form: { method: 'PUT' | 'PATCH'; url: string; key: string },
  payload: unknown,
  headers: Record<string, string>,
) {
  return test.app.inject({
    method: form.method,
    url: form.url,
    headers,
    payload: (await withCurrentVersion(test.db, 'settings', form.key, payload)) as object,
  })
}
