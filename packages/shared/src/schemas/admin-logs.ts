import { z } from 'zod'
import { format, messages } from '../messages/bs.ts'
import { parseUtcDay } from '../rules/statistics.ts'

const text = messages.adminLogs

/** Entries on one page of the logs list; the page asks for more with the cursor. */
export const AUDIT_PAGE_SIZE = 50
export const AUDIT_MAX_PAGE_SIZE = 100
/** Longest user, action or entity filter: an e-mail is at most 254 characters, names are short. */
export const AUDIT_FILTER_MAX_LENGTH = 254
/** Longest cursor: two integers, base64url. */
export const AUDIT_CURSOR_MAX_LENGTH = 64

const tooLong = format(text.textTooLong, { max: AUDIT_FILTER_MAX_LENGTH })
const filterText = z
  .string()
  .trim()
  .max(AUDIT_FILTER_MAX_LENGTH, tooLong)
  .optional()
  .transform((value) => (value === '' ? undefined : value))
const day = z
  .string()
  .trim()
  // A real calendar day 'YYYY-MM-DD': 2026-02-30 is refused, not rolled over into March.
  .refine((value) => value === '' || parseUtcDay(value) !== undefined, text.invalidDate)
  .optional()
  .transform((value) => (value === '' ? undefined : value))

/**
 * GET /api/logs: newest first, one page at a time. `user` is the start of the e-mail of who acted (or,
 * for a refused sign-in, the e-mail tried), matched without regard to case; `from` and `to` are UTC days,
 * from the start of the first to the end of the last; `cursor` is the previous page's `nextCursor`.
 */
export const auditLogQuery = z
  .object({
    user: filterText.transform((value) => value?.toLowerCase()),
    action: filterText,
    entity: filterText,
    from: day,
    to: day,
    cursor: z.string().trim().max(AUDIT_CURSOR_MAX_LENGTH, text.invalidCursor).optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_MAX_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: text.rangeReversed, path: ['to'] })
export type AuditLogQuery = z.output<typeof auditLogQuery>
export type AuditLogQueryInput = z.input<typeof auditLogQuery>

export const auditLogRow = z.object({
  id: z.string(),
  created_at: z.string(),
  actor_email: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  ip: z.string().nullable(),
  summary: z.string(),
  /** The entry as a Bosnian sentence (rules/audit-sentence.ts). */
  sentence: z.string(),
})
export type AuditLogRow = z.infer<typeof auditLogRow>

export const auditLogListView = z.object({
  data: z.array(auditLogRow),
  /** null on the last page. */
  nextCursor: z.string().nullable(),
})
export type AuditLogList = z.infer<typeof auditLogListView>

export const auditChangeView = z.object({
  path: z.string(),
  kind: z.enum(['added', 'removed', 'changed']),
  before: z.unknown(),
  after: z.unknown(),
  secret: z.boolean(),
})

/** GET /api/logs/{id}: the row, before and after (secrets replaced) and the readable diff. */
export const auditLogEntryView = auditLogRow.extend({
  actor_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  changes: z.array(auditChangeView),
})
export type AuditLogEntry = z.infer<typeof auditLogEntryView>

export const auditLogIdParams = z.object({
  // bigserial: up to 18 digits always fits, so a longer number is refused rather than overflowing.
  id: z.string().regex(/^\d{1,18}$/, text.invalidId),
})

/** GET /api/logs/filters: the actions and entities that occur, for the filter lists. */
export const auditLogFiltersView = z.object({ actions: z.array(z.string()), entities: z.array(z.string()) })
export type AuditLogFilters = z.infer<typeof auditLogFiltersView>
