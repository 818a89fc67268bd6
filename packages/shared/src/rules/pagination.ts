/** customer-side.md §9: the store shows 30 products a page. */
export const STORE_PAGE_SIZE = 30
/** The most products one list call returns, so one request cannot ask for the whole catalogue. */
export const MAX_PAGE_SIZE = 100

export type PaginationItem = number | 'ellipsis'

/** Number of pages for `total` items; an empty result still has one (empty) page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

/**
 * customer-side.md §9: the first page, the last page and the pages within 2 of the current
 * one, with an ellipsis wherever pages are left out.
 */
export function paginationItems(current: number, total: number): PaginationItem[] {
  const items: PaginationItem[] = []
  let previous = 0
  for (let page = 1; page <= total; page += 1) {
    const isShown = page === 1 || page === total || Math.abs(page - current) <= 2
    if (!isShown) continue
    if (page - previous > 1) items.push('ellipsis')
    items.push(page)
    previous = page
  }
  return items
}
