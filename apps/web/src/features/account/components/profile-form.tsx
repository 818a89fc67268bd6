import { useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { account } from '@shop/shared/messages/bs/account.ts'
import {
  profileForm,
  profileFormToUpdate,
  type ProfileForm as ProfileFormOutput,
  type ProfileWithEmail,
} from '@shop/shared/schemas/profile.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { Checkbox, Field, Input } from '../../../ui/field.tsx'
import { saveProfile } from '../api/profile.ts'
import { AddressFields, useAddressSuggestions } from '../../../lib/address-fields.tsx'
import { PersonalFields } from '../../../lib/personal-fields.tsx'
import { describeProfileSaveError, profileToFormValues, type ProfileFormValues } from '../profile-form-values.ts'

const fields = account.fields

type Outcome = { tone: 'success' | 'danger'; message: string }

type ProfileFormProps = {
  profile: ProfileWithEmail
  onSaved: (profile: ProfileWithEmail) => void
  /** A 401 on save: the page tells the user and signs out. */
  onSessionExpired: (message: string) => void
}

/** customer-side.md §2 Account page profile form, §5 Account profile rules, §8 Account messages. */
export function ProfileForm({ profile, onSaved, onSessionExpired }: ProfileFormProps) {
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const accountForm = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver: zodResolver(profileForm),
    defaultValues: profileToFormValues(profile),
  })
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = accountForm
  // docs/decisions.md ('Reorder, quick order and postcodes'), 'Postcodes': the place, postcode and canton suggested from each other.
  const addressSuggestions = useAddressSuggestions(accountForm)

  async function submit(form: ProfileFormOutput) {
    setOutcome(null)
    try {
      const saved = await saveProfile(profile.email, profileFormToUpdate(form))
      reset(profileToFormValues(saved))
      setOutcome({ tone: 'success', message: account.profileSaved })
      onSaved(saved)
    } catch (error) {
      const failure = describeProfileSaveError(error)
      if (failure.isSessionExpired) onSessionExpired(failure.message)
      else setOutcome({ tone: 'danger', message: failure.message })
    }
  }

  return (
    <form
      className="ui-stack ui-stack--loose account-form"
      onSubmit={(event) => {
        // Every new save starts clean: an old success box must not stay beside new errors.
        setOutcome(null)
        void handleSubmit(submit)(event)
      }}
      noValidate
    >
      <PersonalFields legend={account.profileHeading} register={register} errors={errors}>
        <Field label={fields.email} hint={account.readOnly}>
          {(control) => <Input {...control} value={profile.email} type="email" readOnly />}
        </Field>
      </PersonalFields>

      <AddressFields
        legend={account.addressHeading}
        register={register}
        errors={errors}
        {...addressSuggestions}
        country={{ value: profile.country }}
      />

      <Checkbox label={fields.newsletter} {...register('newsletter_subscription')} />

      {outcome && (
        <Alert tone={outcome.tone}>
          <p>{outcome.message}</p>
        </Alert>
      )}
      <div className="ui-actions ui-actions--end account-form__actions">
        <Button type="submit" size="lg" isLoading={isSubmitting}>
          {isSubmitting ? account.saving : account.save}
        </Button>
      </div>
    </form>
  )
}
