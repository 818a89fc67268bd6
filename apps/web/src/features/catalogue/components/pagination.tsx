import { format } from '@shop/shared/messages/format.ts'
import { catalogue } from '@shop/shared/messages/bs/catalogue.ts'
import { paginationItems } from '@shop/shared/rules/pagination.ts'
import { classNames } from '../../../ui/class-names.ts'

type PaginationProps = { page: number; pages: number; onChange: (page: number) => void }

/** customer-side.md §2 and §9: 'Prethodna', first, last, ±2 around the current page with ellipses, 'Sljedeća'. */
export function Pagination({ page, pages, onChange }: PaginationProps) {
  if (pages <= 1) return null
  const text = catalogue.store
  return (
    <nav className="pagination" aria-label={text.paginationLabel}>
      <button type="button" className="pagination__step" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {catalogue.previousPage}
      </button>
      <ul className="pagination__pages">
        {paginationItems(page, pages).map((item, index) =>
          item === 'ellipsis' ? (
            <li key={`ellipsis-${index}`} className="pagination__ellipsis" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={classNames('pagination__page', item === page && 'is-current')}
                aria-current={item === page ? 'page' : undefined}
                aria-label={format(text.pageLabel, { page: item })}
                onClick={() => onChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
      <button type="button" className="pagination__step" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {catalogue.nextPage}
      </button>
    </nav>
  )
}
