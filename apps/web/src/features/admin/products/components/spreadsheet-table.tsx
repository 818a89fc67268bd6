import type { ReactNode } from 'react'
import { HeaderRow } from '../../kit/header-row.tsx'
import './spreadsheet-dialogs.css'

/** The scrolling table of a spreadsheet dialog's report: the import's errors, the price change's preview. */
export function SpreadsheetTable({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  return (
    <div className="spreadsheet-table-wrap">
      <table className="ui-table spreadsheet-table">
        <HeaderRow columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}
