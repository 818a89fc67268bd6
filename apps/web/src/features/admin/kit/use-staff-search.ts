import { useState } from 'react'
import { useDebouncedValue } from './use-debounced-value.ts'

/** staff-and-content.md §9: the search waits 300 ms after the last key. */
export const SEARCH_DELAY_MS = 300

/**
 * A staff list's search box and page: `search` is what the box shows, `query` the settled text to
 * load or filter with; a new search goes back to page 1.
 */
export function useStaffSearch(delayMs = SEARCH_DELAY_MS) {
  const [search, setSearchText] = useState('')
  const [page, setPage] = useState(1)
  const query = useDebouncedValue(search, delayMs)
  const setSearch = (text: string) => {
    setSearchText(text)
    setPage(1)
  }
  return { search, setSearch, query, page, setPage, isFiltered: query.trim() !== '' }
}

export type StaffSearch = ReturnType<typeof useStaffSearch>
