import { useState } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { catalogueIo } from '@shop/shared/messages/bs/catalogue-io.ts'
import type { PriceRounding } from '@shop/shared/rules/price-change.ts'
import type { PriceChangeResult } from '@shop/shared/schemas/catalogue-io.ts'
import type { Brand, Category } from '@shop/shared/schemas/catalogue.ts'
import { Alert } from '../../../../ui/alert.tsx'
import { SelectField, TextField } from '../../../../ui/field.tsx'
import { formatPrice } from '../../../../ui/format-price.ts'
import { namedOptions, OptionSelect } from '../../kit/option-select.tsx'
import { StaffFormDialog } from '../../kit/staff-form-dialog.tsx'
import { useStaffAction } from '../../kit/use-staff-action.ts'
import { changePrices } from '../api/catalogue-spreadsheet.ts'
import { SpreadsheetTable } from './spreadsheet-table.tsx'
import './spreadsheet-dialogs.css'

const text = catalogueIo
/** The preview shows this many lines; the counts above it cover all. */
const PREVIEW_LINES = 200

/** 'Promjena cijena': filters, percent and rounding, a preview of old and new prices, then apply. */
export function PriceChangeDialog({
  categories,
  brands,
  onClose,
  onApplied,
}: {
  categories: Category[]
  brands: Brand[]
  onClose: () => void
  onApplied: () => void
}) {
  const [percent, setPercent] = useState('')
  const [rounding, setRounding] = useState<PriceRounding>('0.10')
  const [brandId, setBrandId] = useState('')
  const [categoryId, setCategoryId] = useState('')
  const [result, setResult] = useState<PriceChangeResult | null>(null)
  const action = useStaffAction()
  const change = (next: () => void) => {
    setResult(null)
    next()
  }

  async function run() {
    const value = Number(percent.replace(',', '.').replace('−', '-'))
    if (!percent.trim() || !Number.isFinite(value) || value === 0 || value < -90 || value > 1000) {
      action.setError(text.percentInvalid)
      return
    }
    const dryRun = result === null || !result.dryRun
    const outcome = await action.run(
      () =>
        changePrices({
          percent: value,
          rounding,
          brandId: brandId || null,
          categoryId: categoryId || null,
          dryRun,
        }),
      { failed: text.noMatch },
    )
    if (!outcome.ok) return
    setResult(outcome.value)
    if (!outcome.value.dryRun) onApplied()
  }

  const canApply = result !== null && result.dryRun && result.changed > 0
  return (
    <StaffFormDialog
      title={text.priceChangeTitle}
      formId="catalogue-price-change"
      isWide
      isSaving={action.isBusy}
      saveError={action.error}
      onClose={onClose}
      onSubmit={() => void run()}
      saveLabel={canApply ? text.apply : text.preview}
    >
      <div className="spreadsheet-choices">
        <OptionSelect
          label={text.columns.category}
          empty={text.allCategories}
          value={categoryId}
          onChange={(event) => change(() => setCategoryId(event.target.value))}
          options={namedOptions(categories)}
        />
        <OptionSelect
          label={text.columns.brand}
          empty={text.allBrands}
          value={brandId}
          onChange={(event) => change(() => setBrandId(event.target.value))}
          options={namedOptions(brands)}
        />
        <TextField
          label={text.percentLabel}
          inputMode="decimal"
          value={percent}
          onChange={(event) => change(() => setPercent(event.target.value))}
        />
        <SelectField
          label={text.roundingLabel}
          value={rounding}
          onChange={(event) => change(() => setRounding(event.target.value as PriceRounding))}
          options={[
            { value: '0.10', label: text.roundingTenth },
            { value: '1', label: text.roundingWhole },
          ]}
        />
      </div>
      {result && <PriceChangePreview result={result} />}
    </StaffFormDialog>
  )
}

function PriceChangePreview({ result }: { result: PriceChangeResult }) {
  if (result.lines.length === 0) return <Alert>{text.noMatch}</Alert>
  return (
    <section className="spreadsheet-report" aria-label={text.preview}>
      {result.dryRun ? (
        <Alert>{format(text.previewCount, { count: result.changed })}</Alert>
      ) : (
        <Alert tone="success">{format(text.priceChanged, { count: result.changed })}</Alert>
      )}
      <SpreadsheetTable columns={[text.previewProduct, text.previewOld, text.previewNew]}>
        {result.lines.slice(0, PREVIEW_LINES).map((line) => (
          <tr key={`${line.productId}-${line.size ?? ''}`}>
            <td>
              {line.name}
              {line.size && ` (${line.size})`}
              <span className="spreadsheet-table__code">{line.code}</span>
            </td>
            <td className="spreadsheet-table__number">{formatPrice(line.oldPrice)}</td>
            <td className="spreadsheet-table__number">
              {line.skipped ? `${text.previewSkipped}: ${line.skipped}` : formatPrice(line.newPrice)}
            </td>
          </tr>
        ))}
      </SpreadsheetTable>
    </section>
  )
}
