import type { UseFormRegisterReturn } from 'react-hook-form'
import { account } from '@shop/shared/messages/bs/account.ts'
import { CANTONS } from '@shop/shared/schemas/profile.ts'
import { Field, Input, Select } from '../ui/field.tsx'

const fields = account.fields

type AddressField = 'street' | 'city' | 'zip' | 'state'

type AddressFieldsProps = {
  legend: string
  /** The fieldset's class and the class of the field that spans the row (the street). */
  className: string
  wideClassName: string
  /** Each field as react-hook-form registered it, and its error. */
  registered: Record<AddressField, UseFormRegisterReturn>
  errors: Partial<Record<AddressField, string>>
  /** The country: read-only, either a registered field (the registration sends it) or a value shown. */
  country: UseFormRegisterReturn | { value: string }
}

/**
 * The address part of the registration and the account forms (customer-side.md §5 profile rules):
 * street, city, ZIP code, canton and the country, which is fixed. One piece, so that the two forms ask
 * for an address the same way.
 */
export function AddressFields({ legend, className, wideClassName, registered, errors, country }: AddressFieldsProps) {
  return (
    <fieldset className={className}>
      <legend>{legend}</legend>
      <Field label={fields.street} error={errors.street} className={wideClassName}>
        {(control) => <Input {...control} {...registered.street} autoComplete="street-address" />}
      </Field>
      <Field label={fields.city} error={errors.city}>
        {(control) => <Input {...control} {...registered.city} autoComplete="address-level2" />}
      </Field>
      <Field label={fields.zip} error={errors.zip}>
        {(control) => (
          <Input
            {...control}
            {...registered.zip}
            inputMode="numeric"
            maxLength={5}
            autoComplete="postal-code"
            placeholder={fields.zipPlaceholder}
          />
        )}
      </Field>
      <Field label={fields.state} error={errors.state}>
        {(control) => (
          <Select {...control} {...registered.state} autoComplete="address-level1">
            <option value="">{fields.stateNone}</option>
            {CANTONS.map((canton) => (
              <option key={canton} value={canton}>
                {canton}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={fields.country} hint={account.readOnly}>
        {(control) => <Input {...control} {...country} readOnly autoComplete="country-name" />}
      </Field>
    </fieldset>
  )
}
