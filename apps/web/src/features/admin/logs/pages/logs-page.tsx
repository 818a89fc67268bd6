import { useState } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { adminLogs } from '@shop/shared/messages/bs/admin-logs.ts'
import type { AuditLogList } from '@shop/shared/schemas/admin-logs.ts'
import { useLoad } from '../../../../lib/use-load.ts'
import { Button } from '../../../../ui/button.tsx'
import { EmptyState } from '../../../../ui/empty-state.tsx'
import { ListIcon } from '../../../../ui/icons.tsx'
import { StaffFrame } from '../../kit/staff-frame.tsx'
import { useDebouncedValue } from '../../kit/use-debounced-value.ts'
import { useStaffAction } from '../../kit/use-staff-action.ts'
import { fetchLogFilters, fetchLogs, NO_FILTERS, type LogFilters } from '../api/logs.ts'
import { LogDetailsDialog } from '../components/log-details-dialog.tsx'
import { LogFiltersBar } from '../components/log-filters.tsx'
import { LogTable } from '../components/log-table.tsx'
import './logs-page.css'

const text = adminLogs

const isReversed = (filters: LogFilters) => filters.from !== '' && filters.to !== '' && filters.from > filters.to

/** Pages loaded after the first by 'load more', tied to the first page they continue. */
type MorePages = { base: AuditLogList; rows: AuditLogList['data']; nextCursor: string | null }

/**
 * System logs (/admin/logs, admin only; DECISIONS: the audit log as a page). Newest first, paged on
 * the server by a cursor ('Učitaj još'), filtered by user, action, entity and UTC days; a row's
 * time opens its details with the readable diff.
 */
export function AdminLogsPage() {
  const [form, setForm] = useState<LogFilters>(NO_FILTERS)
  const user = useDebouncedValue(form.user.trim().toLowerCase(), 300)
  const rangeError = isReversed(form) ? text.rangeReversed : null
  // A reversed range is not sent: the list keeps the last range that made sense.
  const [range, setRange] = useState({ from: '', to: '' })
  const filters: LogFilters = { user, action: form.action, entity: form.entity, ...range }
  const key = JSON.stringify(filters)

  const first = useLoad((signal) => fetchLogs(filters, null, signal), key)
  const lists = useLoad((signal) => fetchLogFilters(signal), 'filters')
  const [more, setMore] = useState<MorePages | null>(null)
  const loadMore = useStaffAction()
  const [openId, setOpenId] = useState<string | null>(null)

  const base = first.data
  const extra = more && more.base === base ? more : null
  const rows = base ? [...base.data, ...(extra?.rows ?? [])] : undefined
  const nextCursor = extra ? extra.nextCursor : (base?.nextCursor ?? null)
  const isFiltered = Object.values(form).some((value) => value !== '')

  async function onLoadMore() {
    if (!base || !nextCursor) return
    const outcome = await loadMore.run(() => fetchLogs(filters, nextCursor), { failed: text.loadFailed })
    if (outcome.ok) {
      setMore({ base, rows: [...(extra?.rows ?? []), ...outcome.value.data], nextCursor: outcome.value.nextCursor })
    }
  }

  return (
    <StaffFrame title={text.title} loads={[{ load: first, failed: text.loadFailed }]} errors={[loadMore.error]}>
      <p className="admin-logs__intro">
        {text.subtitle} {text.utcNote}
      </p>
      <LogFiltersBar
        value={form}
        onChange={(next) => {
          setForm(next)
          if (!isReversed(next)) setRange({ from: next.from, to: next.to })
          loadMore.clearError()
        }}
        lists={lists.data}
        rangeError={rangeError}
        isFiltered={isFiltered}
      />
      {rows && rows.length === 0 && <EmptyState icon={<ListIcon size={30} />} title={text.empty} />}
      {rows && rows.length > 0 && (
        <div aria-busy={first.status === 'loading' || undefined} className="admin-logs__results">
          <LogTable rows={rows} onOpen={setOpenId} />
          <div className="admin-logs__more">
            <p className="admin-logs__muted" role="status">
              {format(text.shown, { count: rows.length })}
              {!nextCursor && ` · ${text.end}`}
            </p>
            {nextCursor && (
              <Button
                variant="secondary"
                isLoading={loadMore.isBusy}
                disabled={first.status === 'loading'}
                onClick={() => void onLoadMore()}
              >
                {text.loadMore}
              </Button>
            )}
          </div>
        </div>
      )}
      {openId && <LogDetailsDialog id={openId} onClose={() => setOpenId(null)} />}
    </StaffFrame>
  )
}
