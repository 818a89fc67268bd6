import { useState } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { stockLedger as text } from '@shop/shared/messages/bs/stock-ledger.ts'
import {
  STOCK_CHANGE_KINDS,
  stockCorrectionInput,
  type StockChangeKind,
  type StockLedgerPage,
} from '@shop/shared/schemas/stock-ledger.ts'
import { firstErrorPerField } from '../../../../lib/field-errors.ts'
import { useLoad } from '../../../../lib/use-load.ts'
import { Alert } from '../../../../ui/alert.tsx'
import { Badge } from '../../../../ui/badge.tsx'
import { Button } from '../../../../ui/button.tsx'
import { Dialog } from '../../../../ui/dialog.tsx'
import { SelectField, TextField } from '../../../../ui/field.tsx'
import { Spinner } from '../../../../ui/spinner.tsx'
import type { AdminProduct } from '../../api/products.ts'
import {
  correctStock,
  downloadStockLedgerCsv,
  fetchStockLedger,
  type StockLedgerFilter,
} from '../../api/stock-ledger.ts'
import { Pager } from '../../kit/pager.tsx'
import { StaffForm } from '../../kit/staff-form.tsx'
import { useStaffAction } from '../../kit/use-staff-action.ts'
import './stock-ledger-dialog.css'
import { HeaderRow } from '../../kit/header-row.tsx'

// docs/decisions.md, 'Stock ledger': the product's stock history with filters, a CSV download and
// a correction form ('Stanje zaliha'), opened from the product's card.

const OTHER_REASON = 'other'
const NO_FILTER: StockLedgerFilter = { kind: '', optionCode: '', from: '', to: '' }
const KIND_OPTIONS = [
  { value: '', label: text.allKinds },
  ...STOCK_CHANGE_KINDS.map((kind) => ({ value: kind, label: text.kinds[kind] })),
]
const REASON_OPTIONS = [
  ...text.correctionReasons.map((reason) => ({ value: reason, label: reason })),
  { value: OTHER_REASON, label: text.otherReason },
]

const timeFormat = new Intl.DateTimeFormat('bs-BA', { dateStyle: 'short', timeStyle: 'short' })

function signed(change: number): string {
  return change > 0 ? `+${change}` : String(change)
}

export function StockLedgerDialog({
  product,
  onClose,
  onChanged,
}: {
  product: AdminProduct
  onClose: () => void
  onChanged: () => void
}) {
  const [filter, setFilter] = useState<StockLedgerFilter>(NO_FILTER)
  const [page, setPage] = useState(1)
  const ledger = useLoad(
    (signal) => fetchStockLedger(product.id, filter, page, signal),
    `${product.id}\n${JSON.stringify(filter)}\n${page}`,
  )
  const download = useStaffAction()
  const data = ledger.data
  const changeFilter = (patch: Partial<StockLedgerFilter>) => {
    setFilter((current) => ({ ...current, ...patch }))
    setPage(1)
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={format(text.open, { name: product.name })}
      closeLabel={text.close}
      className="stock-ledger"
    >
      {data && <CurrentStock data={data} />}
      {data && (
        <CorrectionForm
          product={product}
          data={data}
          onCorrected={() => {
            ledger.reload()
            onChanged()
          }}
        />
      )}
      <section className="stock-ledger__history" aria-label={text.title}>
        <div className="stock-ledger__filters">
          <SelectField
            label={text.filterKind}
            value={filter.kind}
            options={KIND_OPTIONS}
            onChange={(event) => changeFilter({ kind: event.target.value as StockChangeKind | '' })}
          />
          {product.has_sizes && (
            <SelectField
              label={text.filterOption}
              value={filter.optionCode}
              options={[
                { value: '', label: text.allOptions },
                { value: '-', label: text.productOwn },
                ...(data?.options ?? []).map((option) => ({ value: option.optionCode, label: option.size })),
              ]}
              onChange={(event) => changeFilter({ optionCode: event.target.value })}
            />
          )}
          <TextField
            label={text.filterFrom}
            type="date"
            value={filter.from}
            onChange={(event) => changeFilter({ from: event.target.value })}
          />
          <TextField
            label={text.filterTo}
            type="date"
            value={filter.to}
            onChange={(event) => changeFilter({ to: event.target.value })}
          />
          <Button
            variant="secondary"
            isLoading={download.isBusy}
            onClick={() =>
              void download.run(() => downloadStockLedgerCsv(product.id, product.customId, filter), {
                failed: text.downloadFailed,
              })
            }
          >
            {text.download}
          </Button>
        </div>
        {download.error && <Alert tone="danger">{download.error}</Alert>}
        {ledger.status === 'error' && (
          <Alert tone="danger">
            {text.loadFailed}{' '}
            <Button variant="secondary" size="sm" onClick={ledger.reload}>
              {admin.staff.tryAgain}
            </Button>
          </Alert>
        )}
        {!data && ledger.status === 'loading' && <Spinner label={text.loading} />}
        {data && data.rows.length === 0 && <p className="stock-ledger__empty">{text.empty}</p>}
        {data && data.rows.length > 0 && <LedgerTable rows={data.rows} />}
        {data && data.pages > 1 && <Pager page={data.page} pages={data.pages} onPage={setPage} />}
      </section>
    </Dialog>
  )
}

function CurrentStock({ data }: { data: StockLedgerPage }) {
  return (
    <p className="stock-ledger__current">
      {data.options.length > 0
        ? data.options
            .map((option) =>
              format(text.currentOption, { size: option.size, stock: option.infinite ? '∞' : option.stock }),
            )
            .join(' · ')
        : format(text.current, { stock: data.infiniteStock ? '∞' : data.stock })}
    </p>
  )
}

function LedgerTable({ rows }: { rows: StockLedgerPage['rows'] }) {
  const columns = text.columns
  return (
    <table className="stock-ledger__table">
      <HeaderRow
        columns={[
          columns.at,
          columns.kind,
          columns.option,
          columns.change,
          columns.resultingStock,
          columns.actor,
          columns.reason,
        ]}
      />
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td data-label={columns.at}>{timeFormat.format(new Date(row.at))}</td>
            <td data-label={columns.kind}>
              <Badge tone={row.change > 0 ? 'success' : 'neutral'}>{text.kinds[row.kind]}</Badge>
            </td>
            <td data-label={columns.option}>{row.optionSize ?? '—'}</td>
            <td data-label={columns.change} className="stock-ledger__number">
              {signed(row.change)}
            </td>
            <td data-label={columns.resultingStock} className="stock-ledger__number">
              {row.resultingStock}
            </td>
            <td data-label={columns.actor} className="stock-ledger__actor">
              {row.actor ?? text.system}
            </td>
            <td data-label={columns.reason} className="stock-ledger__reason">
              {row.reason}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function CorrectionForm({
  product,
  data,
  onCorrected,
}: {
  product: AdminProduct
  data: StockLedgerPage
  onCorrected: () => void
}) {
  const [optionCode, setOptionCode] = useState(data.options[0]?.optionCode ?? '')
  const [change, setChange] = useState('')
  const [reasonChoice, setReasonChoice] = useState<string>(text.correctionReasons[0])
  const [otherReason, setOtherReason] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useStaffAction()

  async function submit() {
    const input = {
      optionCode: product.has_sizes ? optionCode : null,
      change: change.trim() === '' ? Number.NaN : Number(change.trim().replace(',', '.')),
      reason: reasonChoice === OTHER_REASON ? otherReason : reasonChoice,
    }
    const checked = stockCorrectionInput.safeParse(input)
    if (!checked.success) {
      setErrors(firstErrorPerField(checked.error.issues))
      return
    }
    setErrors({})
    const outcome = await save.run(() => correctStock(product.id, checked.data), {
      failed: text.correctionFailed,
      done: text.corrected,
    })
    if (outcome.ok) {
      setChange('')
      setOtherReason('')
      onCorrected()
    }
  }

  return (
    <StaffForm className="stock-ledger__form staff-box" onSubmit={() => void submit()}>
      <h3 className="stock-ledger__form-title">{text.correctionTitle}</h3>
      {save.error && <Alert tone="danger">{save.error}</Alert>}
      <div className="stock-ledger__form-fields">
        {product.has_sizes && (
          <SelectField
            label={text.filterOption}
            value={optionCode}
            options={data.options.map((option) => ({ value: option.optionCode, label: option.size }))}
            onChange={(event) => setOptionCode(event.target.value)}
            error={errors.optionCode}
          />
        )}
        <TextField
          label={text.change}
          inputMode="numeric"
          value={change}
          onChange={(event) => setChange(event.target.value)}
          error={errors.change}
        />
        <SelectField
          label={text.reason}
          value={reasonChoice}
          options={REASON_OPTIONS}
          onChange={(event) => setReasonChoice(event.target.value)}
          error={reasonChoice === OTHER_REASON ? undefined : errors.reason}
        />
        {reasonChoice === OTHER_REASON && (
          <TextField
            label={text.otherReasonText}
            value={otherReason}
            maxLength={200}
            onChange={(event) => setOtherReason(event.target.value)}
            error={errors.reason}
          />
        )}
      </div>
      <Button type="submit" isLoading={save.isBusy}>
        {text.submit}
      </Button>
    </StaffForm>
  )
}
