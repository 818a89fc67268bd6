import { useState } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { restaurant } from '@shop/shared/messages/bs/restaurant.ts'
import { addListEntries } from '@shop/shared/schemas/restaurant.ts'
import { Field } from '../../../../ui/field.tsx'
import { CloseIcon } from '../../../../ui/icons.tsx'

const text = restaurant.admin.fields

/** A list of short texts (ingredients, allergens): typed entries are added with Enter or a comma, or on leaving the field. */
export function ListInput({
  label,
  value: values,
  onChange,
  error,
}: {
  label: string
  value: readonly string[]
  onChange: (values: string[]) => void
  error?: string | undefined
}) {
  const [typed, setTyped] = useState('')
  function commit(value: string) {
    if (value.trim() !== '') onChange(addListEntries(values, value))
    setTyped('')
  }
  return (
    <div className="menu-list-input">
      <Field label={label} hint={text.listHint} error={error}>
        {(control) => (
          <input
            {...control}
            className="ui-input"
            value={typed}
            onChange={(event) => {
              const value = event.target.value
              if (value.includes(',')) commit(value)
              else setTyped(value)
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                commit(typed)
              }
            }}
            onBlur={() => commit(typed)}
          />
        )}
      </Field>
      {values.length > 0 && (
        <ul className="menu-list-input__entries" aria-label={format(text.entries, { name: label })}>
          {values.map((value) => (
            <li key={value}>
              {value}
              <button
                type="button"
                onClick={() => onChange(values.filter((entry) => entry !== value))}
                aria-label={format(text.removeEntry, { name: value })}
              >
                <CloseIcon size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
