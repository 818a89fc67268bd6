import { zodResolver } from '@hookform/resolvers/zod'
import { useCallback, useEffect, useState, type FocusEvent } from 'react'
import { useForm, useWatch, type Resolver } from 'react-hook-form'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import { createCheckoutAddress, type CheckoutAddress } from '@shop/shared/schemas/checkout.ts'
import { CANTONS, COUNTRY, type Canton } from '@shop/shared/schemas/profile.ts'
import {
  PLACE_LIST_ID,
  POSTCODE_LIST_ID,
  PostOfficeLists,
  postcodeHint,
  useDerivedRegion,
} from '../../../lib/postcode-hint.tsx'
import { EMPTY_SAVED_ADDRESS, type SavedAddress } from '../../../lib/saved-address.ts'
import { Input, SelectField, TextField } from '../../../ui/field.tsx'
import { fetchSavedAddress } from '../api/profile-address.ts'
import { afterPress, watchPresses } from '../after-press.ts'
import { readCheckoutDraft, updateCheckoutDraft } from '../checkout-draft.ts'

import { CHECKOUT_FORM_ID } from './checkout-form-id.ts'

export { CHECKOUT_FORM_ID }

type FormValues = SavedAddress & { email: string }

const EMPTY: FormValues = { ...EMPTY_SAVED_ADDRESS, email: '' }
const CANTON_OPTIONS = [
  { value: '', label: text.statePlaceholder },
  ...CANTONS.map((canton) => ({ value: canton, label: canton })),
]

type CheckoutFormProps = {
  isPickup: boolean
  /** The signed-in customer's e-mail; null for a guest, who must give one. */
  userEmail: string | null
  onRegionChange: (region: string | null) => void
  onSubmit: (address: CheckoutAddress) => void
}

/** What the tab kept of a checkout in progress (checkout-draft.ts); null when nothing was typed. */
function draftValues(): FormValues | null {
  const values = readCheckoutDraft()?.values
  if (!values || !Object.values(values).some((value) => value?.trim())) return null
  return { ...EMPTY, ...values }
}

/** The checkout address, delivery or pickup variant (customer-side.md §5 Checkout address). */
export function CheckoutForm({ isPickup, userEmail, onRegionChange, onSubmit }: CheckoutFormProps) {
  const isGuest = userEmail === null
  // The draft is read once, when the form opens (a reload or a discarded tab reopens it so).
  const [initialValues] = useState(() => draftValues() ?? EMPTY)
  // The rules follow the chosen shipping option, which can change while the form is open.
  const resolver = zodResolver(createCheckoutAddress({ isPickup, isGuest })) as unknown as Resolver<
    FormValues,
    unknown,
    CheckoutAddress
  >
  const {
    register,
    handleSubmit,
    reset,
    control,
    setFocus,
    setValue,
    formState: { errors },
  } = useForm<FormValues, unknown, CheckoutAddress>({
    resolver,
    defaultValues: initialValues,
    shouldFocusError: true,
    // The form opens clean: a field is judged when it is left or when 'Naručite' is pressed.
    mode: 'onTouched',
  })

  useEffect(() => {
    setFocus('full_name')
  }, [setFocus])

  useEffect(() => {
    // What the buyer typed wins over the profile's address, which only fills an untouched form.
    if (!userEmail || draftValues()) return
    const controller = new AbortController()
    fetchSavedAddress(userEmail, controller.signal).then(
      (saved) => reset({ ...EMPTY, ...saved }, { keepDirtyValues: true }),
      // Without a saved address the customer simply types one.
      () => undefined,
    )
    return () => controller.abort()
  }, [userEmail, reset])

  useEffect(() => watchPresses(), [])

  const values = useWatch({ control })
  useEffect(() => {
    updateCheckoutDraft({ values })
  }, [values])

  const state = useWatch({ control, name: 'state' })
  useEffect(() => {
    onRegionChange(isPickup || !state ? null : state)
  }, [isPickup, state, onRegionChange])

  // docs/decisions.md ('Reorder, quick order and postcodes'), 'Postcodes': the canton a place determines, and the postcode's hint.
  const city = useWatch({ control, name: 'city' })
  const zipCode = useWatch({ control, name: 'zip_code' })
  const setDerivedState = useCallback(
    (region: Canton) => setValue('state', region, { shouldDirty: true, shouldValidate: true }),
    [setValue],
  )
  useDerivedRegion(city, zipCode, state, setDerivedState, !isPickup)
  const zipHint = postcodeHint({
    place: city,
    postcode: zipCode,
    onUse: (name, value) => {
      setValue(name, value, { shouldDirty: true, shouldValidate: true })
      setFocus(name)
    },
  })

  const submit = handleSubmit(onSubmit)

  /**
   * register() whose blur judges the field only once a press elsewhere has finished: an error that
   * appeared under the field while the pointer was still down would move the pressed control (a
   * shipping option, 'Naručite') away from under it, and the click would be lost.
   */
  function field(name: keyof FormValues) {
    const registered = register(name)
    return {
      ...registered,
      onBlur: (event: FocusEvent<HTMLInputElement | HTMLSelectElement>) => {
        const blurred = { target: event.target, type: event.type }
        afterPress(() => void registered.onBlur(blurred))
      },
    }
  }

  return (
    <form id={CHECKOUT_FORM_ID} className="checkout-form" noValidate onSubmit={(event) => void submit(event)}>
      <h2 className="cart-section-title">{isPickup ? text.pickupTitle : text.addressTitle}</h2>
      <div className="ui-stack checkout-form__grid">
        <TextField
          label={text.fullNameLabel}
          autoComplete="name"
          error={errors.full_name?.message}
          {...field('full_name')}
        />
        <TextField
          label={text.phoneLabel}
          type="tel"
          autoComplete="tel"
          placeholder="+387"
          error={errors.phone_number?.message}
          {...field('phone_number')}
        />
        {isGuest && (
          <div className="checkout-form__wide">
            <TextField
              label={text.emailLabel}
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...field('email')}
            />
          </div>
        )}
        {!isPickup && (
          <>
            <div className="checkout-form__wide">
              <TextField
                label={text.streetLabel}
                autoComplete="street-address"
                error={errors.street_address?.message}
                {...field('street_address')}
              />
            </div>
            <TextField
              label={text.cityLabel}
              autoComplete="address-level2"
              list={PLACE_LIST_ID}
              error={errors.city?.message}
              {...field('city')}
            />
            <TextField
              label={text.zipLabel}
              autoComplete="postal-code"
              inputMode="numeric"
              placeholder="71000"
              list={POSTCODE_LIST_ID}
              error={errors.zip_code?.message}
              {...field('zip_code')}
            />
            {zipHint && <p className="checkout-form__wide ui-field__hint">{zipHint}</p>}
            <SelectField
              label={text.stateLabel}
              options={CANTON_OPTIONS}
              autoComplete="address-level1"
              error={errors.state?.message}
              {...field('state')}
            />
            <div className="ui-field">
              <label className="ui-field__label" htmlFor="checkout-country">
                {text.countryLabel}
              </label>
              <Input id="checkout-country" value={COUNTRY} disabled readOnly />
            </div>
            <PostOfficeLists />
          </>
        )}
      </div>
      {!isGuest && !isPickup && <p className="checkout-form__hint">{text.addressSavedNote}</p>}
    </form>
  )
}
