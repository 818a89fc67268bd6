import { useState } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { staffOrders as text } from '@shop/shared/messages/bs/staff-orders.ts'
import type { StaffCustomerView } from '@shop/shared/schemas/staff-orders.ts'
import { useLoad } from '../../../../lib/use-load.ts'
import { Button } from '../../../../ui/button.tsx'
import { TextField } from '../../../../ui/field.tsx'
import { useDebouncedValue } from '../../kit/use-debounced-value.ts'
import { searchCustomers } from '../api/new-order.ts'

const MIN_QUERY = 2
const SEARCH_DELAY_MS = 300

type CustomerPickerProps = {
  customer: StaffCustomerView | null
  onChoose: (customer: StaffCustomerView | null) => void
}

/** A registered customer by name, e-mail or phone; without one the order is a guest's. */
export function CustomerPicker({ customer, onChoose }: CustomerPickerProps) {
  const [search, setSearch] = useState('')
  const query = useDebouncedValue(search.trim(), SEARCH_DELAY_MS)
  const found = useLoad((signal) => searchCustomers(query, signal), query.length >= MIN_QUERY ? query : null)

  if (customer) {
    return (
      <div className="new-order__chosen" aria-live="polite">
        <p>
          <strong>
            {format(text.customerChosen, { name: customer.full_name || customer.email, email: customer.email })}
          </strong>
        </p>
        {customer.isWholesale && <p className="new-order__note">{text.customerWholesale}</p>}
        <Button variant="secondary" size="sm" onClick={() => onChoose(null)}>
          {text.customerClear}
        </Button>
      </div>
    )
  }
  const matches = query.length >= MIN_QUERY ? (found.data ?? []) : []
  return (
    <div className="new-order__picker">
      <TextField
        label={text.customerSearch}
        placeholder={text.customerSearchPlaceholder}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {query.length >= MIN_QUERY && found.status === 'ready' && matches.length === 0 && (
        <p className="new-order__note">{text.customerNone}</p>
      )}
      {matches.length > 0 && (
        <ul className="new-order__matches" aria-label={text.customerSearch}>
          {matches.map((match) => (
            <li key={match.id} className="new-order__match">
              <span>
                <strong>{match.full_name || match.email}</strong>
                <span className="new-order__sub">
                  {match.email}
                  {match.phone_number ? ` · ${match.phone_number}` : ''}
                </span>
              </span>
              <Button
                size="sm"
                aria-label={`${text.customerChoose} ${match.full_name || match.email}`}
                onClick={() => {
                  setSearch('')
                  onChoose(match)
                }}
              >
                {text.customerChoose}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p className="new-order__note">{text.guestNote}</p>
    </div>
  )
}
