import { adminLogs, auditActionLabel, auditEntityLabel } from '@shop/shared/messages/bs/admin-logs.ts'
import type { AuditLogFilters } from '@shop/shared/schemas/admin-logs.ts'
import { Button } from '../../../../ui/button.tsx'
import { SelectField, TextField, type SelectOption } from '../../../../ui/field.tsx'
import { StaffToolbar } from '../../kit/staff-list.tsx'
import type { LogFilters } from '../api/logs.ts'

const text = adminLogs.filters

/** 'Sve' first, then the values by their Bosnian label; a chosen value the list lacks stays choosable. */
function optionsOf(values: readonly string[], chosen: string, label: (value: string) => string): SelectOption[] {
  const all = chosen && !values.includes(chosen) ? [...values, chosen] : values
  const sorted = all
    .map((value) => ({ value, label: label(value) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'bs'))
  return [{ value: '', label: text.any }, ...sorted]
}

/** The two filters chosen from what the log holds. */
const LISTS = [
  { field: 'action', label: text.action, values: 'actions', labelOf: auditActionLabel },
  { field: 'entity', label: text.entity, values: 'entities', labelOf: auditEntityLabel },
] as const

type LogFiltersBarProps = {
  value: LogFilters
  onChange: (next: LogFilters) => void
  lists: AuditLogFilters | undefined
  rangeError: string | null
  isFiltered: boolean
}

/** User, action, entity and the date range (UTC days); every change applies at once. */
export function LogFiltersBar({ value, onChange, lists, rangeError, isFiltered }: LogFiltersBarProps) {
  const patch = (change: Partial<LogFilters>) => onChange({ ...value, ...change })
  return (
    <StaffToolbar className="admin-logs__filters">
      <TextField
        label={text.user}
        type="email"
        inputMode="email"
        autoComplete="off"
        placeholder={text.userPlaceholder}
        value={value.user}
        maxLength={254}
        onChange={(event) => patch({ user: event.target.value })}
      />
      {LISTS.map(({ field, label, values, labelOf }) => (
        <SelectField
          key={field}
          label={label}
          value={value[field]}
          options={optionsOf(lists?.[values] ?? [], value[field], labelOf)}
          onChange={(event) => patch({ [field]: event.target.value })}
        />
      ))}
      <TextField
        label={text.from}
        type="date"
        value={value.from}
        max={value.to || undefined}
        onChange={(event) => patch({ from: event.target.value })}
      />
      <TextField
        label={text.to}
        type="date"
        value={value.to}
        min={value.from || undefined}
        error={rangeError}
        onChange={(event) => patch({ to: event.target.value })}
      />
      <Button
        variant="ghost"
        disabled={!isFiltered}
        onClick={() => onChange({ user: '', action: '', entity: '', from: '', to: '' })}
      >
        {text.clear}
      </Button>
    </StaffToolbar>
  )
}
