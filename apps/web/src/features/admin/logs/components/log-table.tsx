import { format } from '@shop/shared/messages/format.ts'
import { adminLogs, auditActionLabel, auditEntityLabel } from '@shop/shared/messages/bs/admin-logs.ts'
import type { AuditLogRow } from '@shop/shared/schemas/admin-logs.ts'
import { isUuid } from '@shop/shared/rules/uuid.ts'
import { Badge, type BadgeTone } from '../../../../ui/badge.tsx'
import { formatLogTime } from './log-time.ts'

const text = adminLogs

/** Refusals and removals stand out; everything else is a plain change. */
function toneOf(action: string): BadgeTone {
  if (action.startsWith('sign_in') || action === 'user.disabled') return 'danger'
  if (action === 'delete' || action.endsWith('removed') || action === 'order.cancel') return 'warning'
  if (action === 'create' || action.endsWith('added') || action === 'sale.started') return 'success'
  return 'primary'
}

const { columns } = text
const COLUMNS = [columns.time, columns.user, columns.action, columns.entity, columns.summary, columns.ip]

/** The column headings of a table (hidden on a phone, where each cell shows its own label). */
export function HeaderRow({ labels }: { labels: readonly string[] }) {
  return (
    <thead>
      <tr>
        {labels.map((label) => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  )
}

/** Who acted when no one was signed in: a visitor for sign-ins, the shop itself (timed jobs) otherwise. */
export function noActorLabel(action: string): string {
  return action.startsWith('sign_in') ? text.anonymous : text.system
}

/** A UUID shortened to its first 8 characters, as the orders page shows order numbers (the title has it whole). */
function shortEntityId(id: string): string {
  return isUuid(id) ? `#${id.slice(0, 8)}` : id
}

/**
 * The log as a table on a wide screen and as cards on a phone (the same markup; CSS turns rows into
 * cards and shows each cell's label). The time opens the entry's details.
 */
export function LogTable({ rows, onOpen }: { rows: readonly AuditLogRow[]; onOpen: (id: string) => void }) {
  return (
    <table className="admin-logs__table">
      <HeaderRow labels={COLUMNS} />
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
            <td data-label={text.columns.user} className="admin-logs__user">
              <span>{row.actor_email ?? <span className="admin-logs__muted">{noActorLabel(row.action)}</span>}</span>
            </td>
            <td data-label={text.columns.action}>
              <Badge tone={toneOf(row.action)}>{auditActionLabel(row.action)}</Badge>
            </td>
            <td data-label={text.columns.entity}>
              <span>
                {auditEntityLabel(row.entity)}
                {row.entity_id && (
                  <span className="admin-logs__entity-id" title={row.entity_id}>
                    {' '}
                    {shortEntityId(row.entity_id)}
                  </span>
                )}
              </span>
            </td>
            <td data-label={text.columns.summary} className="admin-logs__summary">
              <span>{row.summary || <span className="admin-logs__muted">—</span>}</span>
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
