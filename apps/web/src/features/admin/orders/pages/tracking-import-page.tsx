import { courier as text } from '@shop/shared/messages/bs/courier.ts'
import { format } from '@shop/shared/messages/format.ts'
import { importTracking } from '../api/courier.ts'
import { CourierImportPage } from '../components/courier-import-page.tsx'
import { FileRowList } from '../components/report-list.tsx'
import './courier.css'

/** A tracking file's line: the order it names, its tracking number and the line's number. */
function TrackingRowText({ name, row }: { name: string | null; row: { row: number; trackingNumber: string } }) {
  return (
    <>
      <strong>{name}</strong> · {row.trackingNumber}
      <small>{format(text.rowLabel, { row: row.row })}</small>
    </>
  )
}

/** docs/decisions.md, 'Courier hand-off, tracking and payouts': the courier's tracking numbers by document number. */
export function AdminTrackingImportPage() {
  return (
    <CourierImportPage title={text.trackingImportTitle} intro={text.trackingImportIntro} importFile={importTracking}>
      {(report) => (
        <>
          <FileRowList
            title={text.matchedRows}
            tone="success"
            rows={report.matched}
            render={(row) => <TrackingRowText name={row.documentNumber} row={row} />}
          />
          <FileRowList
            title={text.unmatchedRows}
            tone="danger"
            rows={report.unmatched}
            render={(row) => <TrackingRowText name={row.reference} row={row} />}
          />
        </>
      )}
    </CourierImportPage>
  )
}
