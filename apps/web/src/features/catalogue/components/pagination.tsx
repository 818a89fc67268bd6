import type { MouseEvent } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { catalogue } from '@shop/shared/messages/bs/catalogue.ts'
import { paginationItems } from '@shop/shared/rules/pagination.ts'
import { classNames } from '../../../ui/class-names.ts'

type PaginationProps = {
  page: number
  pages: number
  /** The address of a page (/store?page=N with the current filters): a crawler and a browser without JavaScript follow it. */
  hrefOf: (page: number) => string
  /** With JavaScript a plain click changes the page in place, without loading the address. */
  onChange: (page: number) => void
}

/** A click that opens the link elsewhere (new tab, new window, download) is left to the browser. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
}

/**
 * customer-side.md §2 and §9: 'Prethodna', first, last, ±2 around the current page with ellipses, 'Sljedeća'.
 * Links, not buttons (docs/decisions.md, 'Pages without JavaScript').
 */
export function Pagination({ page, pages, hrefOf, onChange }: PaginationProps) {
  if (pages <= 1) return null
  const text = catalogue.store

  function link(target: number, className: string, label: string, extra: { 'aria-label'?: string } = {}) {
    const isCurrent = target === page
    return (
      <a
        href={hrefOf(target)}
        className={classNames(className, isCurrent && 'is-current')}
        aria-current={isCurrent ? 'page' : undefined}
        {...extra}
        onClick={(event) => {
          if (!isPlainClick(event)) return
          event.preventDefault()
          onChange(target)
        }}
      >
        {label}
      </a>
    )
  }

  return (
    <nav className="pagination" aria-label={text.paginationLabel}>
      {page > 1 ? (
        link(page - 1, 'pagination__step', catalogue.previousPage)
      ) : (
        <button type="button" className="pagination__step" disabled>
          {catalogue.previousPage}
        </button>
      )}
      <ul className="pagination__pages">
        {paginationItems(page, pages).map((item, index) =>
          item === 'ellipsis' ? (
            <li key={`ellipsis-${index}`} className="pagination__ellipsis" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              {link(item, 'pagination__page', String(item), { 'aria-label': format(text.pageLabel, { page: item }) })}
            </li>
          ),
        )}
      </ul>
      {page < pages ? (
        link(page + 1, 'pagination__step', catalogue.nextPage)
      ) : (
        <button type="button" className="pagination__step" disabled>
          {catalogue.nextPage}
        </button>
      )}
    </nav>
  )
}
