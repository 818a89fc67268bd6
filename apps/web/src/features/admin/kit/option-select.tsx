import type { ComponentProps } from 'react'
import { SelectField } from '../../../ui/field.tsx'

type OptionSelectProps = Omit<ComponentProps<typeof SelectField>, 'children' | 'options'> & {
  /** The first, empty choice ('Bez kategorije', 'Odaberite kategoriju'…). */
  empty: string
  options: readonly { id: string; label: string }[]
}

/** A staff form's choice of one category, brand…, with an empty first choice. */
export function OptionSelect({ empty, options, ...rest }: OptionSelectProps) {
  return (
    <SelectField {...rest}>
      <option value="">{empty}</option>
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </SelectField>
  )
}

/** The choices of a list of named things (categories, brands): each one's id, shown by its name. */
export function namedOptions(items: readonly { id: string; name: string }[]): { id: string; label: string }[] {
  return items.map((item) => ({ id: item.id, label: item.name }))
}
