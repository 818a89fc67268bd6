import { useState } from 'react'
import { Link } from 'react-router'
import { courier as text } from '@shop/shared/messages/bs/courier.ts'
import { format } from '@shop/shared/messages/format.ts'
import type { TrackingImportReport } from '@shop/shared/schemas/courier.ts'
import { Alert } from '../../../../ui/alert.tsx'
import { buttonClassName } from '../../../../ui/button.tsx'
import { StaffFrame } from '../../kit/staff-frame.tsx'
import { useStaffAction } from '../../kit/use-staff-action.ts'
import { importTracking } from '../api/courier.ts'
import { CsvUpload } from '../components/csv-upload.tsx'
import { ReportList } from '../components/report-list.tsx'
import './courier.css'

/** docs/decisions.md, 'Courier hand-off, tracking and payouts': the courier's tracking numbers by document number. */
export function AdminTrackingImportPage() {
  const upload = useStaffAction()
  const [report, setReport] = useState<TrackingImportReport | null>(null)

  async function send(file: File) {
    const outcome = await upload.run(() => importTracking(file), { failed: text.importFailed })
    setReport(outcome.ok ? outcome.value : null)
  }

  return (
    <StaffFrame
      title={text.trackingImportTitle}
      actions={
        <Link to="/admin/orders" className={buttonClassName({ variant: 'secondary' })}>
          {text.settingsBack}
        </Link>
      }
      errors={[upload.error]}
    >
      <CsvUpload intro={text.trackingImportIntro} isBusy={upload.isBusy} onUpload={(file) => void send(file)} />
      {report && (
        <>
          <Alert tone={report.changed > 0 ? 'success' : 'info'}>{report.message}</Alert>
          <div className="courier-reports">
            <ReportList
              title={text.matchedRows}
              tone="success"
              rows={report.matched}
              keyOf={(row) => String(row.row)}
              render={(row) => (
                <>
                  <strong>{row.documentNumber}</strong> · {row.trackingNumber}
                  <small>{format(text.rowLabel, { row: row.row })}</small>
                </>
              )}
            />
            <ReportList
              title={text.unmatchedRows}
              tone="danger"
              rows={report.unmatched}
              keyOf={(row) => String(row.row)}
              render={(row) => (
                <>
                  <strong>{row.reference}</strong> · {row.trackingNumber}
                  <small>{format(text.rowLabel, { row: row.row })}</small>
                </>
              )}
            />
          </div>
        </>
      )}
    </StaffFrame>
  )
}
