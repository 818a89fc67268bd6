import type { ReactNode } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { account } from '@shop/shared/messages/bs/account.ts'
import { GENDERS } from '@shop/shared/schemas/profile.ts'
import { Field, Input, SelectField, TextField } from '../ui/field.tsx'
import { withDateTyping } from './date-of-birth-typing.ts'
import type { FormErrors } from './address-fields.tsx'

const fields = account.fields

/** The profile's field names (customer-side.md §3 Profile), the same in both forms. */
type PersonalField = 'full_name' | 'phone_number' | 'date_of_birth' | 'gender'

type PersonalFieldsProps = {
  legend: string
  /** The form's react-hook-form `register` and `formState.errors`. */
  register: (name: PersonalField) => UseFormRegisterReturn<PersonalField>
  errors: FormErrors<PersonalField>
  /** The registration requires the name and the date of birth (customer-side.md §5) and marks them. */
  isRequiredMarked?: boolean
  /** Shown after the name, such as the account's read-only e-mail. */
  children?: ReactNode
}

/**
 * The personal part of the registration and the account forms (customer-side.md §5 profile rules):
 * full name, phone, date of birth (typed DD/MM/GGGG) and gender. One piece, so that the two forms ask
 * for the same person in the same way; the address is AddressFields.
 */
export function PersonalFields({ legend, register, errors, isRequiredMarked = false, children }: PersonalFieldsProps) {
  const required = isRequiredMarked ? { 'aria-required': true } : {}
  return (
    <fieldset className="ui-form-section">
      <legend>{legend}</legend>
      <Field
        label={fields.fullName}
        isRequired={isRequiredMarked}
        error={errors.full_name?.message}
        className="ui-form-section__wide"
      >
        {(control) => <Input {...control} {...register('full_name')} autoComplete="name" {...required} />}
      </Field>
      {children}
      <TextField
        label={fields.phone}
        error={errors.phone_number?.message}
        {...register('phone_number')}
        type="tel"
        autoComplete="tel"
        placeholder={fields.phonePlaceholder}
      />
      <Field label={fields.dateOfBirth} isRequired={isRequiredMarked} error={errors.date_of_birth?.message}>
        {(control) => (
          <Input
            {...control}
            {...withDateTyping(register('date_of_birth'))}
            inputMode="numeric"
            maxLength={10}
            placeholder={fields.dateOfBirthPlaceholder}
            autoComplete="bday"
            {...required}
          />
        )}
      </Field>
      <SelectField
        label={fields.gender}
        error={errors.gender?.message}
        {...register('gender')}
        autoComplete="sex"
        options={[
          { value: '', label: fields.genderNone },
          ...GENDERS.map((gender) => ({ value: gender, label: account.genders[gender] })),
        ]}
      />
    </fieldset>
  )
}
