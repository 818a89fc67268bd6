import { courier as text } from '@shop/shared/messages/bs/courier.ts'
import { format } from '@shop/shared/messages/format.ts'
import { formatPrice } from '../../../../ui/format-price.ts'
import { importPayouts } from '../api/courier.ts'
import { CourierImportPage } from '../components/courier-import-page.tsx'
import { formatDay } from '../components/order-courier.tsx'
import { FileRowList, ReportList } from '../components/report-list.tsx'
import './courier.css'

type Row = { row: number; reference: string; documentNumber: string | null; amount: number; date: string }

function RowText({ row, detail }: { row: Row; detail?: string }) {
  return (
    <>
      <strong>{row.documentNumber ?? row.reference}</strong> · {formatPrice(row.amount)} · {formatDay(row.date)}
      <small>
        {format(text.rowLabel, { row: row.row })}
        {row.documentNumber && row.reference.toUpperCase() !== row.documentNumber ? ` · ${row.reference}` : ''}
        {detail ? ` · ${detail}` : ''}
      </small>
    </>
  )
}

/** A report part of payout file lines, each with its own detail where the part has one. */
function PayoutRows<T extends Row>({
  title,
  tone = 'neutral',
  rows,
  detail,
}: {
  title: string
  tone?: 'success' | 'danger' | 'neutral'
  rows: readonly T[]
  detail?: (row: T) => string
}) {
  return (
    <FileRowList title={title} tone={tone} rows={rows} render={(row) => <RowText row={row} detail={detail?.(row)} />} />
  )
}

/**
 * docs/decisions.md, 'Courier hand-off, tracking and payouts': the courier's payout file uploaded, the
 * orders it paid marked paid, and what staff must follow up (a different amount, an unknown reference,
 * shipped orders still unpaid after the set days).
 */
export function AdminPayoutsPage() {
  return (
    <CourierImportPage title={text.payoutTitle} intro={text.payoutIntro} importFile={importPayouts}>
      {(report) => (
        <>
          <PayoutRows title={text.paidRows} tone="success" rows={report.paid} />
          <PayoutRows
            title={text.amountDiffersRows}
            tone="danger"
            rows={report.amountDiffers}
            detail={(row) =>
              format(text.amountExpected, { expected: formatPrice(row.expected), received: formatPrice(row.amount) })
            }
          />
          <PayoutRows title={text.unknownRows} tone="danger" rows={report.unknown} />
          <ReportList
            title={format(text.overdueRows, { days: report.unpaidAfterDays })}
            tone="warning"
            rows={report.overdue}
            keyOf={(row) => row.orderId}
            render={(row) => (
              <>
                <strong>{row.documentNumber ?? row.orderId.slice(0, 8)}</strong> · {formatPrice(row.total)}
                {row.trackingNumber ? ` · ${row.trackingNumber}` : ''}
                <small>{format(text.overdueLine, { date: formatDay(row.shippedAt), days: row.days })}</small>
              </>
            )}
          />
          <PayoutRows
            title={text.alreadyPaidRows}
            rows={report.alreadyPaid}
            detail={(row) => format(text.paidOn, { date: formatDay(row.paidAt) })}
          />
        </>
      )}
    </CourierImportPage>
  )
}
