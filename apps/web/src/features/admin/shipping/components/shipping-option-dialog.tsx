import { useState } from 'react'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { CANTONS } from '@shop/shared/schemas/profile.ts'
import { Checkbox, Field, Input } from '../../../../ui/field.tsx'
import { nonNegativePrice, PriceField } from '../../kit/price-field.tsx'
import { StaffFormDialog } from '../../kit/staff-form-dialog.tsx'
import {
  EMPTY_OPTION_FORM,
  checkOptionForm,
  toOptionForm,
  type OptionDraft,
  type OptionForm,
  type OptionFormErrors,
} from '../shipping-draft.ts'
import './shipping-option-dialog.css'
import { TextAreaField } from '../../kit/text-area-field.tsx'

const text = admin.shipping
const FORM_ID = 'shipping-option-form'

type ShippingOptionDialogProps = {
  /** The option being edited; undefined adds a new one with `newId`. */
  option: OptionDraft | undefined
  newId: (name: string) => string
  onClose: () => void
  onSave: (option: OptionDraft) => void
}

/** The add/edit modal of one shipping option (§2); saving it changes the page's list only. */
export function ShippingOptionDialog({ option, newId, onClose, onSave }: ShippingOptionDialogProps) {
  const [form, setForm] = useState<OptionForm>(option ? toOptionForm(option) : EMPTY_OPTION_FORM)
  const [errors, setErrors] = useState<OptionFormErrors>({})
  const set = (fields: Partial<OptionForm>) => setForm((current) => ({ ...current, ...fields }))
  // The price and the two order-value bounds: amounts in KM, at least 0 (staff-and-content.md §5 Shipping).
  const amountField = (key: 'basePrice' | 'minOrderValue' | 'maxOrderValue') => (
    <PriceField
      label={text[key]}
      min={0}
      value={form[key]}
      onChange={(value) => set({ [key]: value })}
      // The price is required; an empty bound means 'no bound'.
      check={(value) =>
        key === 'basePrice'
          ? nonNegativePrice(text.basePriceInvalid)(value)
          : value.trim() === ''
            ? null
            : nonNegativePrice(text.orderValueInvalid)(value)
      }
      error={errors[key] ?? null}
    />
  )

  function submit() {
    const checked = checkOptionForm(form, option ?? { id: newId(form.name) })
    if ('errors' in checked) {
      setErrors(checked.errors)
      return
    }
    onSave(checked.option)
  }

  function toggleRegion(region: string, isChecked: boolean) {
    set({
      regions: isChecked
        ? CANTONS.filter((canton) => canton === region || form.regions.includes(canton))
        : form.regions.filter((current) => current !== region),
    })
  }

  // A check that belongs to no field (the option's id) shows the §8 fallback.
  const formError = errors.form ? text.optionSaveFailed : null
  return (
    <StaffFormDialog
      title={option ? text.editTitle : text.addTitle}
      formId={FORM_ID}
      isSaving={false}
      saveError={formError}
      saveLabel={text.saveOption}
      isWide
      isDirty={JSON.stringify(form) !== JSON.stringify(option ? toOptionForm(option) : EMPTY_OPTION_FORM)}
      fieldErrors={errors}
      onClose={onClose}
      onSubmit={submit}
    >
      <div className="staff-form__row shipping-form__row">
        <Field label={text.name} error={errors.name ?? null}>
          {(control) => (
            <Input
              {...control}
              value={form.name}
              maxLength={200}
              onChange={(event) => set({ name: event.target.value })}
            />
          )}
        </Field>
        {amountField('basePrice')}
      </div>
      <TextAreaField
        label={text.description}
        value={form.description}
        onChange={(text) => set({ description: text })}
        error={errors.description ?? null}
        rows={2}
        maxLength={2000}
      />
      <Checkbox
        label={text.isActive}
        checked={form.isActive}
        onChange={(event) => set({ isActive: event.target.checked })}
      />
      <Checkbox
        label={text.appliesFreeShipping}
        checked={form.appliesFreeShipping}
        onChange={(event) => set({ appliesFreeShipping: event.target.checked })}
      />
      <Checkbox
        label={text.pricedByWeight}
        checked={form.pricedByWeight}
        onChange={(event) => set({ pricedByWeight: event.target.checked })}
      />
      <div className="staff-form__row shipping-form__row">
        {amountField('minOrderValue')}
        {amountField('maxOrderValue')}
      </div>
      <fieldset aria-describedby="shipping-regions-hint">
        <legend>{text.regions}</legend>
        <p className="ui-note" id="shipping-regions-hint">
          {text.regionsHint}
        </p>
        <div className="shipping-regions">
          {CANTONS.map((canton) => (
            <Checkbox
              key={canton}
              label={canton}
              checked={form.regions.includes(canton)}
              onChange={(event) => toggleRegion(canton, event.target.checked)}
            />
          ))}
        </div>
        {errors.regions && <p className="ui-field__error">{errors.regions}</p>}
      </fieldset>
    </StaffFormDialog>
  )
}
