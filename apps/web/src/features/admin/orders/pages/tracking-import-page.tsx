import { courier as text } from '@shop/shared/messages/bs/courier.ts'
import { format } from '@shop/shared/messages/format.ts'
import { importTracking } from '../api/courier.ts'
import { CourierImportPage } from '../components/courier-import-page.tsx'
import { ReportList } from '../components/report-list.tsx'
import './courier.css'

/** docs/decisions.md, 'Courier hand-off, tracking and payouts': the courier's tracking numbers by document number. */
export function AdminTrackingImportPage() {
  return (
    <CourierImportPage title={text.trackingImportTitle} intro={text.trackingImportIntro} importFile={importTracking}>
      {(report) => (
        <>
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
        </>
      )}
    </CourierImportPage>
  )
}
