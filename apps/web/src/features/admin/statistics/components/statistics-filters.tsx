import { useState } from 'react'
import { adminStatistics } from '@shop/shared/messages/bs/admin-statistics.ts'
import { staffOrders } from '@shop/shared/messages/bs/staff-orders.ts'
import { ORDER_SOURCES } from '@shop/shared/rules/order-source.ts'
import { adminStatusLabel } from '@shop/shared/rules/order-status.ts'
import { MAX_STATISTICS_DAYS, STATISTICS_STATUSES, parseUtcDay, utcDayRange } from '@shop/shared/rules/statistics.ts'
import { SelectField, TextField } from '../../../../ui/field.tsx'
import { StaffToolbar } from '../../kit/staff-list.tsx'
import type { StatisticsFilter } from '../api/statistics.ts'
import { draftBinding } from '../../kit/draft-binding.ts'

const text = adminStatistics

/** staff-and-content.md §4: the statistics status filter lacks ready_for_pickup; the admin labels. */
const STATUS_OPTIONS = [
  { value: '', label: text.allStatuses },
  ...STATISTICS_STATUSES.map((status) => ({ value: status, label: adminStatusLabel(status) })),
]

const SOURCE_OPTIONS = [
  { value: '', label: staffOrders.allSources },
  ...ORDER_SOURCES.map((source) => ({ value: source, label: staffOrders.sources[source] })),
]

/** The text under the range when it cannot be asked for, or null when it is a good range. */
export function rangeProblem(from: string, to: string): { field: 'from' | 'to'; message: string } | null {
  if (!parseUtcDay(from)) return { field: 'from', message: text.fromInvalid }
  if (!parseUtcDay(to)) return { field: 'to', message: text.toInvalid }
  const range = utcDayRange(from, to)
  if (range.days < 1) return { field: 'to', message: text.fromAfterTo }
  if (range.days > MAX_STATISTICS_DAYS) return { field: 'from', message: text.rangeTooLong }
  return null
}

type StatisticsFiltersProps = { filter: StatisticsFilter; onChange: (filter: StatisticsFilter) => void }

/**
 * From, to (UTC days, both included) and the status. A change applies at once when the range is
 * good; while it is not, the fields keep what was typed and say what is wrong.
 */
export function StatisticsFilters({ filter, onChange }: StatisticsFiltersProps) {
  const [draft, setDraft] = useState({ from: filter.from, to: filter.to })
  const problem = rangeProblem(draft.from, draft.to)

  function changeRange(next: { from: string; to: string }) {
    setDraft(next)
    if (!rangeProblem(next.from, next.to)) onChange({ ...filter, ...next })
  }

  const bind = draftBinding(
    draft,
    (key, value) => changeRange({ ...draft, [key]: value }),
    (field) => (problem?.field === field ? problem.message : undefined),
  )
  return (
    <StaffToolbar className="statistics-filters">
      <TextField
        label={text.from}
        type="date"
        name="from"
        max={draft.to || undefined}
        required
        {...bind.text('from')}
      />
      <TextField label={text.to} type="date" name="to" min={draft.from || undefined} required {...bind.text('to')} />
      <SelectField
        label={text.status}
        name="status"
        value={filter.status}
        options={STATUS_OPTIONS}
        onChange={(event) => onChange({ ...filter, status: event.target.value as StatisticsFilter['status'] })}
      />
      <SelectField
        label={staffOrders.source}
        name="source"
        value={filter.source ?? ''}
        options={SOURCE_OPTIONS}
        onChange={(event) =>
          onChange({ ...filter, source: ORDER_SOURCES.find((source) => source === event.target.value) ?? '' })
        }
      />
    </StaffToolbar>
  )
}
