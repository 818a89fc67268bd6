import { useState } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { catalogueIo } from '@shop/shared/messages/bs/catalogue-io.ts'
import type { ImportReport } from '@shop/shared/schemas/catalogue-io.ts'
import { Alert } from '../../../../ui/alert.tsx'
import { Button } from '../../../../ui/button.tsx'
import { SelectField, TextField } from '../../../../ui/field.tsx'
import { StaffFormDialog } from '../../kit/staff-form-dialog.tsx'
import { useStaffAction } from '../../kit/use-staff-action.ts'
import { importCatalogue, type ImportChoice } from '../api/catalogue-spreadsheet.ts'
import { SpreadsheetTable } from './spreadsheet-table.tsx'
import './spreadsheet-dialogs.css'

const text = catalogueIo

/** 'Uvoz': choose a file and a mode, see the dry run's report, then 'Primijeni' (docs/decisions.md, 'Catalogue in a spreadsheet'). */
export function ImportDialog({ onClose, onApplied }: { onClose: () => void; onApplied: () => void }) {
  const [file, setFile] = useState<File | null>(null)
  const [mode, setMode] = useState<ImportChoice['mode']>('upsert')
  const [report, setReport] = useState<ImportReport | null>(null)
  const action = useStaffAction()

  async function run(dryRun: boolean, onlyValid = false) {
    if (!file) {
      action.setError(text.fileRequired)
      return
    }
    const outcome = await action.run(() => importCatalogue({ file, mode, dryRun, onlyValid }), {
      failed: text.fileUnreadable,
    })
    if (!outcome.ok) return
    setReport(outcome.value)
    if (outcome.value.applied) onApplied()
  }

  const isChecked = report !== null && report.dryRun
  const hasErrors = (report?.errors.length ?? 0) > 0
  const choose = (next: () => void) => {
    setReport(null)
    next()
  }
  return (
    <StaffFormDialog
      title={text.importTitle}
      formId="catalogue-import"
      isWide
      isSaving={action.isBusy}
      saveError={action.error}
      onClose={onClose}
      onSubmit={() => void run(!isChecked || hasErrors)}
      saveLabel={isChecked && !hasErrors ? text.apply : text.check}
      extraActions={
        isChecked && hasErrors && report.created + report.updated > 0 ? (
          <Button variant="secondary" onClick={() => void run(false, true)} disabled={action.isBusy}>
            {text.onlyValid}
          </Button>
        ) : undefined
      }
    >
      <p className="spreadsheet-hint">{text.importHint}</p>
      <div className="spreadsheet-choices">
        <TextField
          label={text.fileLabel}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => choose(() => setFile(event.target.files?.[0] ?? null))}
        />
        <SelectField
          label={text.modeLabel}
          value={mode}
          onChange={(event) => choose(() => setMode(event.target.value as ImportChoice['mode']))}
          options={[
            { value: 'upsert', label: text.modeUpsert },
            { value: 'update', label: text.modeUpdate },
          ]}
        />
      </div>
      {report && <ImportReportView report={report} />}
    </StaffFormDialog>
  )
}

function ImportReportView({ report }: { report: ImportReport }) {
  const counts: [string, number][] = [
    [text.created, report.created],
    [text.updated, report.updated],
    [text.unchanged, report.unchanged],
    [text.errors, report.errors.length],
  ]
  return (
    <section className="spreadsheet-report" aria-label={text.preview}>
      <dl className="spreadsheet-counts">
        {counts.map(([label, count]) => (
          <div key={label} className="spreadsheet-count">
            <dt>{label}</dt>
            <dd>{count}</dd>
          </div>
        ))}
      </dl>
      {report.applied && (
        <Alert tone="success">{format(text.applied, { created: report.created, updated: report.updated })}</Alert>
      )}
      {!report.dryRun && !report.applied && <Alert tone="danger">{text.notApplied}</Alert>}
      {report.errors.length === 0 ? (
        report.dryRun && <Alert tone="success">{text.noErrors}</Alert>
      ) : (
        <>
          {report.dryRun && <Alert tone="danger">{text.fixErrors}</Alert>}
          <SpreadsheetTable columns={[text.errorRow, text.errorColumn, text.errorMessage]}>
            {report.errors.map((error, index) => (
              <tr key={`${error.row}-${error.column}-${index}`}>
                <td className="spreadsheet-table__number">{error.row}</td>
                <td>{error.column}</td>
                <td>{error.message}</td>
              </tr>
            ))}
          </SpreadsheetTable>
        </>
      )}
    </section>
  )
}
