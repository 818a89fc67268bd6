import { format } from '@shop/shared/messages/format.ts'
import { adminLogs, auditActionLabel, auditEntityLabel } from '@shop/shared/messages/bs/admin-logs.ts'
import { formatAuditValue } from '@shop/shared/rules/audit-diff.ts'
import type { AuditLogEntry } from '@shop/shared/schemas/admin-logs.ts'
import { useLoad } from '../../../../lib/use-load.ts'
import { RetryAlert } from '../../../../ui/alert.tsx'
import { Button } from '../../../../ui/button.tsx'
import { DescriptionList } from '../../../../ui/description-list.tsx'
import { Dialog } from '../../../../ui/dialog.tsx'
import { LoadingBlock } from '../../../../ui/spinner.tsx'
import { fetchLogEntry } from '../api/logs.ts'
import { HeaderRow } from '../../kit/header-row.tsx'
import { noActorLabel } from './log-table.tsx'
import { formatLogTime } from './log-time.ts'

const text = adminLogs

type Change = AuditLogEntry['changes'][number]

function DiffValue({ change, side }: { change: Change; side: 'before' | 'after' }) {
  if (change.secret) return <em className="admin-logs__muted">{text.details.hidden}</em>
  const missing = side === 'before' ? change.kind === 'added' : change.kind === 'removed'
  if (missing) return <span className="admin-logs__muted">—</span>
  const value = formatAuditValue(change[side])
  if (value === '') return <em className="admin-logs__muted">{text.details.empty}</em>
  return <span className="admin-logs__value">{value}</span>
}

/** The readable diff: one row per changed field, with its value before and after. */
function DiffTable({ changes }: { changes: Change[] }) {
  if (changes.length === 0) return <p className="admin-logs__muted">{text.details.noChanges}</p>
  return (
    <table className="ui-table admin-logs__diff">
      <HeaderRow columns={[text.details.field, text.details.before, text.details.after]} />
      <tbody>
        {changes.map((change) => (
          <tr key={change.path} className={`admin-logs__diff-row admin-logs__diff-row--${change.kind}`}>
            <th scope="row" data-label={text.details.field}>
              <code>{change.path || '—'}</code>
            </th>
            <td data-label={text.details.before}>
              <DiffValue change={change} side="before" />
            </td>
            <td data-label={text.details.after}>
              <DiffValue change={change} side="after" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** One entry of the log in a modal: who, when, what, and the fields that changed. */
export function LogDetailsDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const entry = useLoad((signal) => fetchLogEntry(id, signal), id)
  const data = entry.data?.id === id ? entry.data : undefined
  return (
    <Dialog
      open
      onClose={onClose}
      title={format(text.details.title, { id })}
      closeLabel={text.details.close}
      className="admin-logs__dialog"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {text.details.close}
        </Button>
      }
    >
      {entry.status === 'error' && (
        <RetryAlert message={text.detailsFailed} retryLabel={text.tryAgain} onRetry={entry.reload} />
      )}
      {!data && entry.status === 'loading' && <LoadingBlock label={text.loadingMore} />}
      {data && (
        <>
          <DescriptionList
            className="admin-logs__meta"
            items={[
              { term: text.columns.time, details: `${formatLogTime(data.created_at)} UTC` },
              { term: text.columns.sentence, details: data.sentence },
              { term: text.columns.user, details: data.actor_email ?? noActorLabel(data.action) },
              { term: text.columns.action, details: auditActionLabel(data.action) },
              {
                term: text.columns.entity,
                details: (
                  <>
                    {auditEntityLabel(data.entity)}
                    {data.entity_id && <span className="admin-logs__muted"> · {data.entity_id}</span>}
                  </>
                ),
              },
              { term: text.columns.ip, details: data.ip ?? '—' },
            ]}
          />
          <DiffTable changes={data.changes} />
        </>
      )}
    </Dialog>
  )
}
