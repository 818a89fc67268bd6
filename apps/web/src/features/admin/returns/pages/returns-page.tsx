import { useState } from 'react'
import { returns as text } from '@shop/shared/messages/bs/returns.ts'
import { format } from '@shop/shared/messages/format.ts'
import { shortOrderId } from '@shop/shared/rules/order-status.ts'
import { RETURN_STATUSES, nextReturnStatuses, type ReturnStatus } from '@shop/shared/rules/returns.ts'
import { returnStatusInput, type StaffReturnView } from '@shop/shared/schemas/returns.ts'
import { useLoad } from '../../../../lib/use-load.ts'
import { Badge } from '../../../../ui/badge.tsx'
import { Button } from '../../../../ui/button.tsx'
import { SelectField } from '../../../../ui/field.tsx'
import { ReturnIcon } from '../../../../ui/icons.tsx'
import { formatDate, formatTime } from '../../../orders/format-date.ts'
import { ReturnLines } from '../../../orders/components/return-lines.tsx'
import { ReturnPhotos } from '../../../orders/components/return-photos.tsx'
import { ReturnRejection } from '../../../orders/components/return-rejection.tsx'
import { returnStatusTone } from '../../../orders/return-steps.ts'
import { useConfirm } from '../../kit/confirm-dialog.tsx'
import { StaffFormDialog } from '../../kit/staff-form-dialog.tsx'
import { StaffFrame } from '../../kit/staff-frame.tsx'
import { TextAreaField } from '../../kit/text-area-field.tsx'
import { CountBadge, StaffList, StaffToolbar } from '../../kit/staff-list.tsx'
import { useEditing } from '../../kit/use-editing.ts'
import { useStaffAction } from '../../kit/use-staff-action.ts'
import { useStaffSearch } from '../../kit/use-staff-search.ts'
import { changeReturnStatus, fetchReturns } from '../api/returns.ts'
import './returns-page.css'

type Step = Exclude<ReturnStatus, 'requested'>

/**
 * Complaints and returns (/admin/returns, store managers and admins; docs/decisions.md ('Complaints and returns')): newest
 * first, each with the buyer's lines, reason, description and photos, and the buttons of its next steps.
 * 'Roba zaprimljena' puts the goods back in stock; 'Odbij' asks for the reason the buyer will read.
 */
export function AdminReturnsPage() {
  const search = useStaffSearch()
  const [status, setStatus] = useState<ReturnStatus | ''>('')
  const list = useLoad(
    (signal) => fetchReturns({ query: search.query.trim(), status, page: search.page }, signal),
    `${search.query}\n${status}\n${search.page}`,
  )
  const action = useStaffAction()
  const confirm = useConfirm()
  const rejection = useEditing<StaffReturnView>(list.reload)

  async function move(filed: StaffReturnView, to: Step) {
    if (to === 'rejected') return rejection.open(filed)
    const number = shortOrderId(filed.orderId)
    const isConfirmed = await confirm.ask({
      title: text.adminActions[to],
      message:
        to === 'received'
          ? text.adminReceivedConfirm
          : format(text.adminConfirm, { number, status: text.statuses[to] }),
      confirmLabel: text.adminActions[to],
      tone: 'primary',
    })
    if (!isConfirmed) return
    const outcome = await action.run(() => changeReturnStatus(filed.id, to), {
      failed: text.adminUpdateFailed,
      done: text.updated,
    })
    if (outcome.ok) list.reload()
  }

  return (
    <StaffFrame
      title={text.adminTitle}
      badge={<CountBadge count={list.data?.total} />}
      loads={[{ load: list, failed: text.adminLoadFailed }]}
      errors={[action.error]}
    >
      <StaffToolbar
        className="returns-toolbar"
        search={{ label: text.adminSearch, value: search.search, onChange: search.setSearch }}
      >
        <SelectField
          label={text.adminStatusFilter}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as ReturnStatus | '')
            search.setPage(1)
          }}
          options={[
            { value: '', label: text.adminAllStatuses },
            ...RETURN_STATUSES.map((value) => ({ value, label: text.statuses[value] })),
          ]}
        />
      </StaffToolbar>
      <StaffList
        className="staff-stack"
        items={list.data?.items}
        keyOf={(filed) => filed.id}
        isFiltered={search.isFiltered || status !== ''}
        isBusy={list.status === 'loading'}
        empty={{ icon: <ReturnIcon size={30} />, title: text.adminEmpty }}
        paging={list.data && { page: list.data.page, pages: list.data.pages, onPage: search.setPage }}
        render={(filed) => (
          <ReturnAdminCard filed={filed} isBusy={action.isBusy} onMove={(to) => void move(filed, to)} />
        )}
      />
      {rejection.editing?.item && (
        <RejectDialog filed={rejection.editing.item} onClose={rejection.close} onRejected={rejection.saved} />
      )}
      {confirm.element}
    </StaffFrame>
  )
}

function ReturnAdminCard({
  filed,
  isBusy,
  onMove,
}: {
  filed: StaffReturnView
  isBusy: boolean
  onMove: (to: Step) => void
}) {
  const number = shortOrderId(filed.orderId)
  const headingId = `return-${filed.id}`
  const steps = nextReturnStatuses(filed.status) as readonly Step[]
  return (
    <article className="ui-card staff-card return-admin" aria-labelledby={headingId}>
      <header className="ui-split return-admin__header">
        <div>
          <h2 id={headingId} className="staff-card__title">
            {format(text.adminOrder, { number })}
          </h2>
          <p className="return-admin__meta">
            {filed.buyerName} · {filed.email}
            {filed.documentNumber ? ` · ${filed.documentNumber}` : ''}
          </p>
        </div>
        <Badge tone={returnStatusTone(filed.status)}>{text.statuses[filed.status]}</Badge>
      </header>

      <dl className="ui-facts return-admin__facts">
        <div>
          <dt>{text.adminFiled}</dt>
          <dd>
            {formatDate(filed.createdAt)} {formatTime(filed.createdAt)}
          </dd>
        </div>
        <div>
          <dt>{text.adminReason}</dt>
          <dd>{text.reasons[filed.reason]}</dd>
        </div>
        <div>
          <dt>{text.adminLines}</dt>
          <dd>
            <ReturnLines lines={filed.lines} className="return-admin__lines" />
          </dd>
        </div>
      </dl>

      <blockquote className="return-admin__description">{filed.description}</blockquote>

      <ReturnPhotos
        photos={filed.photos}
        label={text.adminPhotos}
        altOf={(index) => format(text.adminPhoto, { index, number })}
      />

      <ReturnRejection reason={filed.rejectionReason} />

      <ol className="return-admin__history" aria-label={text.adminHistory}>
        {filed.history.map((step) => (
          <li key={`${step.status}-${step.at}`}>
            <span className="return-admin__step">{text.statuses[step.status]}</span>{' '}
            <time dateTime={step.at}>
              {formatDate(step.at)} {formatTime(step.at)}
            </time>
          </li>
        ))}
      </ol>

      {steps.length > 0 && (
        <div className="staff-card__actions return-admin__actions">
          {steps.map((to) => (
            <Button
              key={to}
              size="sm"
              variant={to === 'rejected' ? 'danger' : to === steps[0] ? 'primary' : 'secondary'}
              disabled={isBusy}
              aria-label={`${text.adminActions[to]}: ${format(text.adminOrder, { number })}`}
              onClick={() => onMove(to)}
            >
              {text.adminActions[to]}
            </Button>
          ))}
        </div>
      )}
    </article>
  )
}

function RejectDialog({
  filed,
  onClose,
  onRejected,
}: {
  filed: StaffReturnView
  onClose: () => void
  onRejected: () => void
}) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>(undefined)
  const save = useStaffAction()

  async function submit() {
    const checked = returnStatusInput.safeParse({ status: 'rejected', reason })
    if (!checked.success) return setError(checked.error.issues[0]?.message)
    setError(undefined)
    const outcome = await save.run(() => changeReturnStatus(filed.id, 'rejected', checked.data.reason), {
      failed: text.adminUpdateFailed,
      done: text.updated,
    })
    if (outcome.ok) onRejected()
  }

  return (
    <StaffFormDialog
      title={text.adminRejectTitle}
      formId="return-reject-form"
      isSaving={save.isBusy}
      saveError={save.error}
      isDirty={reason.trim() !== ''}
      saveLabel={text.adminRejectSubmit}
      fieldErrors={error ? { reason: error } : {}}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextAreaField
        label={text.adminRejectLabel}
        error={error}
        isRequired
        name="reason"
        maxLength={500}
        value={reason}
        onChange={setReason}
        aria-required="true"
      />
    </StaffFormDialog>
  )
}
