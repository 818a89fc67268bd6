import type { ReactNode } from 'react'
import { courier as text } from '@shop/shared/messages/bs/courier.ts'

type Tone = 'success' | 'warning' | 'danger' | 'neutral'

type ReportListProps<T> = {
  title: string
  rows: readonly T[]
  tone?: Tone
  keyOf: (row: T) => string
  render: (row: T) => ReactNode
}

/** One part of an import's report: its heading with the count, and its rows (or 'Nema.'). */
export function ReportList<T>({ title, rows, tone = 'neutral', keyOf, render }: ReportListProps<T>) {
  return (
    <section className={`ui-card courier-report courier-report--${tone}`} aria-label={title}>
      <h2 className="courier-report__title">
        {title} <span className="courier-report__count">({rows.length})</span>
      </h2>
      {rows.length === 0 ? (
        <p className="courier-report__empty">{text.nothingHere}</p>
      ) : (
        <ul className="courier-report__rows">
          {rows.map((row) => (
            <li key={keyOf(row)}>{render(row)}</li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** A report part whose rows are lines of the uploaded file, kept apart by their line number. */
export function FileRowList<T extends { row: number }>(props: Omit<ReportListProps<T>, 'keyOf'>) {
  return <ReportList {...props} keyOf={(row) => String(row.row)} />
}
