import { format } from '@shop/shared/messages/format.ts'
import { staffOrders as text } from '@shop/shared/messages/bs/staff-orders.ts'
import type { StaffCustomerView } from '@shop/shared/schemas/staff-orders.ts'
import { Button } from '../../../../ui/button.tsx'
import { searchCustomers } from '../api/new-order.ts'
import { SearchPicker } from './search-picker.tsx'

type CustomerPickerProps = {
  customer: StaffCustomerView | null
  onChoose: (customer: StaffCustomerView | null) => void
}

/** A registered customer by name, e-mail or phone; without one the order is a guest's. */
export function CustomerPicker({ customer, onChoose }: CustomerPickerProps) {
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
  return (
    <SearchPicker
      label={text.customerSearch}
      placeholder={text.customerSearchPlaceholder}
      none={text.customerNone}
      find={searchCustomers}
      renderMatch={(match, clearSearch) => (
        <li key={match.id} className="ui-split new-order__match">
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
              clearSearch()
              onChoose(match)
            }}
          >
            {text.customerChoose}
          </Button>
        </li>
      )}
    >
      <p className="new-order__note">{text.guestNote}</p>
    </SearchPicker>
  )
}
