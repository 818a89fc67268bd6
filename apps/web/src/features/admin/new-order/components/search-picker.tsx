import { useState, type ReactNode } from 'react'
import { useLoad } from '../../../../lib/use-load.ts'
import { TextField } from '../../../../ui/field.tsx'
import { useDebouncedValue } from '../../kit/use-debounced-value.ts'

const MIN_QUERY = 2
const SEARCH_DELAY_MS = 300

type SearchPickerProps<T, P> = {
  label: string
  placeholder: string
  /** Said when a search found nothing. */
  none: string
  find: (query: string, signal?: AbortSignal) => Promise<T[]>
  /** What a match taken gives the page (the customer, the product with its option). */
  onTake: (taken: P) => void
  /** One match as a list item; its `take` empties the search box and hands the choice to `onTake`. */
  renderMatch: (match: T, take: (taken: P) => void) => ReactNode
  /** Shown under the matches. */
  children?: ReactNode
}

/** A phone order's search box (a customer, a product): matches from two letters on, after a short pause. */
export function SearchPicker<T, P>({
  label,
  placeholder,
  none,
  find,
  onTake,
  renderMatch,
  children,
}: SearchPickerProps<T, P>) {
  const [search, setSearch] = useState('')
  const query = useDebouncedValue(search.trim(), SEARCH_DELAY_MS)
  const found = useLoad<T[]>((signal) => find(query, signal), query.length >= MIN_QUERY ? query : null)
  const matches = query.length >= MIN_QUERY ? (found.data ?? []) : []
  const take = (taken: P) => {
    setSearch('')
    onTake(taken)
  }
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
          {matches.map((match) => renderMatch(match, take))}
        </ul>
      )}
      {children}
    </div>
  )
}

type SearchMatchProps = {
  /** The match's name, in bold. */
  name: ReactNode
  /** The line under the name (e-mail and phone, code and price). */
  details: ReactNode
  /** What the staff can do with it: a button, or the option and a button. */
  children: ReactNode
}

/** One match of a `SearchPicker` as a list item: its name, the details under it, its actions beside. */
export function SearchMatch({ name, details, children }: SearchMatchProps) {
  return (
    <li className="ui-split new-order__match">
      <span>
        <strong>{name}</strong>
        <span className="new-order__sub">{details}</span>
      </span>
      {children}
    </li>
  )
}
