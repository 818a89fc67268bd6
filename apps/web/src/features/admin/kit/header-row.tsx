/** A column's heading; `isHidden` keeps it for screen readers only (a column of checkboxes or buttons). */
type ColumnHeading = { label: string; className?: string; isHidden?: boolean }

/** The column headings of a staff table: each a plain text, or a heading with its class or hidden. */
export function HeaderRow({ columns }: { columns: readonly (string | ColumnHeading)[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const heading: ColumnHeading = typeof column === 'string' ? { label: column } : column
          return (
            <th key={heading.label} scope="col" className={heading.className}>
              {heading.isHidden ? <span className="visually-hidden">{heading.label}</span> : heading.label}
            </th>
          )
        })}
      </tr>
    </thead>
  )
}
