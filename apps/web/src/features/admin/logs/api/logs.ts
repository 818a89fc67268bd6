import type { AuditLogEntry, AuditLogFilters, AuditLogList } from '@shop/shared/schemas/admin-logs.ts'
import { api, toList } from '../../../../lib/api-client.ts'

/** The page's filters as the form holds them; empty means 'any'. */
export type LogFilters = { user: string; action: string; entity: string; from: string; to: string }

export const NO_FILTERS: LogFilters = { user: '', action: '', entity: '', from: '', to: '' }

/** GET /api/logs (admin): one page, newest first; `cursor` is the previous page's nextCursor. */
export async function fetchLogs(
  filters: LogFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AuditLogList> {
  const body = await api.get<Partial<AuditLogList>>('/api/logs', {
    query: {
      user: filters.user.trim() || undefined,
      action: filters.action || undefined,
      entity: filters.entity || undefined,
      from: filters.from || undefined,
      to: filters.to || undefined,
      cursor: cursor ?? undefined,
    },
    signal,
    unwrap: false,
  })
  return { data: toList(body, 'data'), nextCursor: body.nextCursor ?? null }
}

/** GET /api/logs/{id} (admin): the entry with before, after and the readable diff. */
export function fetchLogEntry(id: string, signal?: AbortSignal): Promise<AuditLogEntry> {
  return api.get<AuditLogEntry>(`/api/logs/${encodeURIComponent(id)}`, { signal, unwrap: false })
}

/** GET /api/logs/filters (admin): the actions and entities that occur in the log. */
export async function fetchLogFilters(signal?: AbortSignal): Promise<AuditLogFilters> {
  const body = await api.get<Partial<AuditLogFilters>>('/api/logs/filters', { signal, unwrap: false })
  return { actions: body.actions ?? [], entities: body.entities ?? [] }
}
