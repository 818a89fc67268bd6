import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { courier as text } from '@shop/shared/messages/bs/courier.ts'
import { Alert } from '../../../../ui/alert.tsx'
import { buttonClassName } from '../../../../ui/button.tsx'
import { StaffFrame } from '../../kit/staff-frame.tsx'
import { useStaffAction } from '../../kit/use-staff-action.ts'
import { CsvUpload } from './csv-upload.tsx'

type ImportReport = { changed: number; message: string }

type CourierImportPageProps<Report extends ImportReport> = {
  title: string
  intro: string
  importFile: (file: File) => Promise<Report>
  /** The report's parts (ReportList each), shown under its summary once a file is imported. */
  children: (report: Report) => ReactNode
}

/**
 * docs/decisions.md, 'Courier hand-off, tracking and payouts': a page where staff upload one of the courier's
 * files (tracking numbers, payouts), then see what it changed and the rows to follow up.
 */
export function CourierImportPage<Report extends ImportReport>({
  title,
  intro,
  importFile,
  children,
}: CourierImportPageProps<Report>) {
  const upload = useStaffAction()
  const [report, setReport] = useState<Report | null>(null)

  async function send(file: File) {
    const outcome = await upload.run(() => importFile(file), { failed: text.importFailed })
    setReport(outcome.ok ? outcome.value : null)
  }

  return (
    <StaffFrame
      title={title}
      actions={
        <Link to="/admin/orders" className={buttonClassName({ variant: 'secondary' })}>
          {text.settingsBack}
        </Link>
      }
      errors={[upload.error]}
    >
      <CsvUpload intro={intro} isBusy={upload.isBusy} onUpload={(file) => void send(file)} />
      {report && (
        <>
          <Alert tone={report.changed > 0 ? 'success' : 'info'}>{report.message}</Alert>
          <div className="courier-reports">{children(report)}</div>
        </>
      )}
    </StaffFrame>
  )
}
