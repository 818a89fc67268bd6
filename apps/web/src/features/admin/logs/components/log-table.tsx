import { format } from '@shop/shared/messages/format.ts'
import { adminLogs, auditActionLabel } from '@shop/shared/messages/bs/admin-logs.ts'
import type { AuditLogRow } from '@shop/shared/schemas/admin-logs.ts'
import { Badge, type BadgeTone } from '../../../../ui/badge.tsx'
import { formatLogTime } from './log-time.ts'
import { HeaderRow } from '../../kit/header-row.tsx'

const text = adminLogs

/** Refusals and removals stand out; everything else is a plain change. */
function toneOf(action: string): BadgeTone {
  if (action.startsWith('sign_in') || action === 'user.disabled') return 'danger'
  if (action === 'delete' || action.endsWith('removed') || action === 'order.cancel') return 'warning'
  if (action === 'create' || action.endsWith('added') || action === 'sale.started') return 'success'
  return 'primary'
}

const { columns } = text
// docs/decisions.md 'System logs': the entry reads as a sentence (who did what to what); the details keep the fields.
const COLUMNS = [columns.time, columns.action, columns.sentence, columns.ip]

/** Who acted when no one was signed in: a visitor for sign-ins, the shop itself (timed jobs) otherwise. */
export function noActorLabel(action: string): string {
  return action.startsWith('sign_in') ? text.anonymous : text.system
}

/**
 * The log as a table on a wide screen and as cards on a phone (the same markup; CSS turns rows into
 * cards and shows each cell's label). The time opens the entry's details.
 */
export function LogTable({ rows, onOpen }: { rows: readonly AuditLogRow[]; onOpen: (id: string) => void }) {
  return (
    <table className="ui-table admin-logs__table">
      <HeaderRow columns={COLUMNS} />
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td data-label={text.columns.time} className="admin-logs__time">
              <button
                type="button"
                className="admin-logs__open"
                onClick={() => onOpen(row.id)}
                aria-label={`${format(text.openDetails, { id: row.id })}: ${formatLogTime(row.created_at)}`}
              >
                {formatLogTime(row.created_at)}
              </button>
            </td>
            <td data-label={text.columns.action}>
              <Badge tone={toneOf(row.action)}>{auditActionLabel(row.action)}</Badge>
            </td>
            <td data-label={text.columns.sentence} className="admin-logs__sentence">
              <span>{row.sentence}</span>
            </td>
            <td data-label={text.columns.ip} className="admin-logs__ip">
              {row.ip ?? '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
