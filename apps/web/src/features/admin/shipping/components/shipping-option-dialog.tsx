import { useState } from 'react'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { CANTONS } from '@shop/shared/schemas/profile.ts'
import { Checkbox, Field, Input } from '../../../../ui/field.tsx'
import { StaffFormDialog } from '../../components/staff-form-dialog.tsx'
import {
  EMPTY_OPTION_FORM,
  checkOptionForm,
  toOptionForm,
  type OptionDraft,
  type OptionForm,
  type OptionFormErrors,
} from '../shipping-draft.ts'
import './shipping-option-dialog.css'

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
    <Field label={text[key]} error={errors[key] ?? null}>
      {(control) => (
        <Input
          {...control}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={form[key]}
          onChange={(event) => set({ [key]: event.target.value })}
        />
      )}
    </Field>
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
      <Field label={text.description} error={errors.description ?? null}>
        {(control) => (
          <textarea
            {...control}
            className="ui-input"
            rows={2}
            maxLength={2000}
            value={form.description}
            onChange={(event) => set({ description: event.target.value })}
          />
        )}
      </Field>
      <Checkbox
        label={text.isActive}
        checked={form.isActive}
        onChange={(event) => set({ isActive: event.target.checked })}
      />
      <div className="staff-form__row shipping-form__row">
        {amountField('minOrderValue')}
        {amountField('maxOrderValue')}
      </div>
      <fieldset aria-describedby="shipping-regions-hint">
        <legend>{text.regions}</legend>
        <p className="shipping-regions__hint" id="shipping-regions-hint">
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
