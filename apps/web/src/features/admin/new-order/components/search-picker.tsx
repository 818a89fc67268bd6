import { useState, type ReactNode } from 'react'
import { useLoad } from '../../../../lib/use-load.ts'
import { TextField } from '../../../../ui/field.tsx'
import { useDebouncedValue } from '../../kit/use-debounced-value.ts'

const MIN_QUERY = 2
const SEARCH_DELAY_MS = 300

type SearchPickerProps<T> = {
  label: string
  placeholder: string
  /** Said when a search found nothing. */
  none: string
  find: (query: string, signal?: AbortSignal) => Promise<T[]>
  /** One match as a list item; `clearSearch` empties the box once the match is taken. */
  renderMatch: (match: T, clearSearch: () => void) => ReactNode
  /** Shown under the matches. */
  children?: ReactNode
}

/** A phone order's search box (a customer, a product): matches from two letters on, after a short pause. */
export function SearchPicker<T>({ label, placeholder, none, find, renderMatch, children }: SearchPickerProps<T>) {
  const [search, setSearch] = useState('')
  const query = useDebouncedValue(search.trim(), SEARCH_DELAY_MS)
  const found = useLoad<T[]>((signal) => find(query, signal), query.length >= MIN_QUERY ? query : null)
  const matches = query.length >= MIN_QUERY ? (found.data ?? []) : []
  return (
    <div className="ui-stack ui-stack--tight new-order__picker">
      <TextField
        label={label}
        placeholder={placeholder}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {query.length >= MIN_QUERY && found.status === 'ready' && matches.length === 0 && (
        <p className="new-order__note">{none}</p>
      )}
      {matches.length > 0 && (
        <ul className="new-order__matches" aria-label={label}>
          {matches.map((match) => renderMatch(match, () => setSearch('')))}
        </ul>
      )}
      {children}
    </div>
  )
}
