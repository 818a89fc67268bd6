import type { AuditEntry } from './audit.ts'

/**
 * The audit line of a settings document saved whole (platform/settings-documents.ts): 'create' the first time,
 * 'update' after; `before` is the stored document (undefined before one was saved), `after` the one saved.
 */
export function settingsAuditEntry(key: string, before: unknown, after: unknown): AuditEntry {
  return {
    action: before === undefined ? 'create' : 'update',
    entity: 'settings',
    entityId: key,
    before: before ?? null,
    after,
  }
}
