import type { ReactNode } from 'react'

export type StatisticsColumn<Row> = {
  label: string
  /** Counts and amounts: aligned right. */
  isNumber?: boolean
  cell: (row: Row) => ReactNode
}

type StatisticsTableProps<Row> = {
  id: string
  title: string
  /** Shown instead of the table when there are no rows. */
  empty: string
  className: string
  columns: readonly StatisticsColumn<Row>[]
  rows: readonly Row[]
  keyOf: (row: Row) => string
  isBusy?: boolean
  /** Below the table (the pager). */
  children?: ReactNode
}

/**
 * A statistics panel: its heading, and a table of the rows or the note that there are none. Each
 * cell carries its column's name (data-label) for the phone layout that turns rows into cards.
 */
export function StatisticsTable<Row>({
  id,
  title,
  empty,
  className,
  columns,
  rows,
  keyOf,
  isBusy,
  children,
}: StatisticsTableProps<Row>) {
  const numberClass = (column: StatisticsColumn<Row>) => (column.isNumber ? 'statistics-number' : undefined)
  return (
    <section className="ui-card statistics-panel" aria-labelledby={id} aria-busy={isBusy}>
      <h2 className="statistics-panel__title" id={id}>
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="statistics-panel__note">{empty}</p>
      ) : (
        <table className={className}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col" className={numberClass(column)}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={keyOf(row)}>
                {columns.map((column) => (
                  <td key={column.label} data-label={column.label} className={numberClass(column)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {children}
    </section>
  )
}
