import type { Queryable } from '../../platform/db.ts'
import { findSettingsDocument, saveSettingsDocument } from '../../platform/settings-documents.ts'

export const SHIPPING_SETTINGS_KEY = 'shipping'
const KEY = SHIPPING_SETTINGS_KEY

/** The stored 'shipping' settings object, locked for the rest of the transaction (undefined before one is saved). */
export function lockShippingSettings(client: Queryable): Promise<unknown> {
  return findSettingsDocument(client, KEY, { lock: true })
}

export function saveShippingSettings(client: Queryable, value: Record<string, unknown>): Promise<void> {
  return saveSettingsDocument(client, KEY, value)
}

/** The stored 'shipping' settings object (undefined before staff or the seed saves one). */
export function findShippingSettings(db: Queryable): Promise<unknown> {
  return findSettingsDocument(db, KEY)
}
