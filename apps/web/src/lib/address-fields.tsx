import { useCallback } from 'react'
import {
  useWatch,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form'
import { account } from '@shop/shared/messages/bs/account.ts'
import { CANTONS } from '@shop/shared/schemas/profile.ts'
import { Field, Input, SelectField, TextField } from '../ui/field.tsx'
import { PLACE_LIST_ID, POSTCODE_LIST_ID, PostOfficeLists, postcodeHint, useDerivedRegion } from './postcode-hint.tsx'

const fields = account.fields

/** The profile's field names (customer-side.md §3 Profile), the same in both forms. */
type AddressField = 'street_address' | 'city' | 'zip_code' | 'state'

/** The fields the postcode suggestions read and fill (docs/decisions.md ('Reorder, quick order and postcodes'), 'Postcodes'). */
type PlaceField = 'city' | 'zip_code' | 'state'
const PLACE_FIELDS: readonly PlaceField[] = ['city', 'zip_code', 'state']

/** The part of react-hook-form's `formState.errors` a group of fields reads. */
export type FormErrors<Name extends string> = Partial<Record<Name, { message?: string }>>

type AddressFieldsProps = {
  legend: string
  /** The form's react-hook-form `register` and `formState.errors`. */
  register: (name: AddressField) => UseFormRegisterReturn<AddressField>
  errors: FormErrors<AddressField>
  /** The country: read-only, either a registered field (the registration sends it) or a value shown. */
  country: UseFormRegisterReturn | { value: string }
  /** What is typed in the place, postcode and canton, for the suggestions (docs/decisions.md ('Reorder, quick order and postcodes'), 'Postcodes'). */
  typed: { city: string; zip_code: string; state: string }
  /** Takes a suggestion: the place, the postcode or the canton the place determines. */
  onSuggest: (name: PlaceField, value: string) => void
}

/**
 * AddressFields' `typed` and `onSuggest` for a react-hook-form form (the registration, the account form):
 * what is typed in the place, postcode and canton, and a suggestion taken into its field (the focus goes
 * to a place or postcode taken, so that typing goes on there).
 */
export function useAddressSuggestions<T extends FieldValues & Partial<Record<PlaceField, string | null>>>({
  control,
  setValue,
  setFocus,
}: Pick<UseFormReturn<T>, 'control' | 'setValue' | 'setFocus'>): Pick<AddressFieldsProps, 'typed' | 'onSuggest'> {
  // T holds the place fields, but react-hook-form's paths of a type parameter are opaque to the compiler.
  const names = PLACE_FIELDS as readonly Path<T>[]
  const [city, zipCode, state] = useWatch({ control, name: names }) as (string | undefined)[]
  const onSuggest = useCallback(
    (name: PlaceField, value: string) => {
      setValue(name as Path<T>, value as PathValue<T, Path<T>>, { shouldDirty: true })
      if (name !== 'state') setFocus(name as Path<T>)
    },
    [setValue, setFocus],
  )
  return { typed: { city: city ?? '', zip_code: zipCode ?? '', state: state ?? '' }, onSuggest }
}

/**
 * The address part of the registration and the account forms (customer-side.md §5 profile rules):
 * street, city, ZIP code, canton and the country, which is fixed. One piece, so that the two forms ask
 * for an address the same way.
 */
export function AddressFields({ legend, register, errors, country, typed, onSuggest }: AddressFieldsProps) {
  useDerivedRegion(typed.city ?? '', typed.zip_code ?? '', typed.state ?? '', (region) => onSuggest('state', region))
  const zipHint = postcodeHint({ place: typed.city ?? '', postcode: typed.zip_code ?? '', onUse: onSuggest })
  return (
    <fieldset className="ui-form-section">
      <legend>{legend}</legend>
      <Field label={fields.street} error={errors.street_address?.message} className="ui-form-section__wide">
        {(control) => <Input {...control} {...register('street_address')} autoComplete="street-address" />}
      </Field>
      <TextField
        label={fields.city}
        error={errors.city?.message}
        {...register('city')}
        autoComplete="address-level2"
        list={PLACE_LIST_ID}
      />
      <TextField
        label={fields.zip}
        error={errors.zip_code?.message}
        {...register('zip_code')}
        inputMode="numeric"
        maxLength={5}
        autoComplete="postal-code"
        list={POSTCODE_LIST_ID}
        placeholder={fields.zipPlaceholder}
      />
      {zipHint && <p className="ui-form-section__wide ui-field__hint">{zipHint}</p>}
      <SelectField
        label={fields.state}
        error={errors.state?.message}
        {...register('state')}
        autoComplete="address-level1"
        options={[
          { value: '', label: fields.stateNone },
          ...CANTONS.map((canton) => ({ value: canton, label: canton })),
        ]}
      />
      <TextField label={fields.country} hint={account.readOnly} {...country} readOnly autoComplete="country-name" />
      <PostOfficeLists />
    </fieldset>
  )
}
