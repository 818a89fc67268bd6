import { format } from '@shop/shared/messages/format.ts'
import { account } from '@shop/shared/messages/bs/account.ts'
import { adminUsers as text } from '@shop/shared/messages/bs/admin-users.ts'
import { CANTONS, createAdminProfileUpdate, GENDERS, type ProfileWithEmail } from '@shop/shared/schemas/profile.ts'
import { savedAddressOf, type SavedAddress } from '../../../../lib/saved-address.ts'
import { useLoad } from '../../../../lib/use-load.ts'
import { Alert } from '../../../../ui/alert.tsx'
import { Checkbox, SelectField, TextField } from '../../../../ui/field.tsx'
import { LoadingBlock } from '../../../../ui/spinner.tsx'
import { StaffFormDialog } from '../../kit/staff-form-dialog.tsx'
import { useStaffForm } from '../../kit/use-staff-form.ts'
import { fetchUserProfile, saveUserProfile } from '../api/users.ts'

type ProfileDialogProps = { email: string; onClose: () => void; onSaved: () => void }

type ProfileDraft = SavedAddress & {
  gender: string
  date_of_birth: string
  newsletter_subscription: boolean
}

function toDraft(profile: ProfileWithEmail): ProfileDraft {
  return {
    ...savedAddressOf(profile),
    gender: profile.gender,
    date_of_birth: profile.date_of_birth ?? '',
    newsletter_subscription: profile.newsletter_subscription,
  }
}

const GENDER_OPTIONS = [
  { value: '', label: account.fields.genderNone },
  ...GENDERS.map((gender) => ({ value: gender, label: account.genders[gender] })),
]
const STATE_OPTIONS = [
  { value: '', label: text.noState },
  ...CANTONS.map((canton) => ({ value: canton, label: canton })),
]

/** Edit a user's profile (staff-and-content.md §5 Profile edited by an admin): loads it, then the form. */
export function ProfileDialog({ email, onClose, onSaved }: ProfileDialogProps) {
  const profile = useLoad((signal) => fetchUserProfile(email, signal), email)
  if (profile.data) return <ProfileForm email={email} profile={profile.data} onClose={onClose} onSaved={onSaved} />
  return (
    <StaffFormDialog
      title={format(text.profileTitle, { email })}
      formId="user-profile-form"
      isSaving={false}
      saveError={null}
      onClose={onClose}
      onSubmit={() => undefined}
    >
      {profile.status === 'error' ? (
        <Alert tone="danger">{text.profileLoadFailed}</Alert>
      ) : (
        <LoadingBlock label={text.saving} />
      )}
    </StaffFormDialog>
  )
}

function ProfileForm({ email, profile, onClose, onSaved }: ProfileDialogProps & { profile: ProfileWithEmail }) {
  const form = useStaffForm({
    initial: toDraft(profile),
    schema: createAdminProfileUpdate(),
    save: (values, edit) => saveUserProfile(email, values, edit.version),
    versioned: {
      version: profile.version,
      reload: async () => {
        const latest = await fetchUserProfile(email)
        return { draft: toDraft(latest), version: latest.version }
      },
    },
    // §8: an admin's failed profile save reads one fixed text, whatever the server said.
    texts: { message: () => text.profileSaveFailed, done: format(text.profileSaved, { email }) },
    onSaved: () => onSaved(),
  })
  const field = (name: keyof Omit<ProfileDraft, 'newsletter_subscription'>) => ({
    label: text.fields[name],
    ...form.bind.text(name),
  })

  return (
    <StaffFormDialog
      title={format(text.profileTitle, { email })}
      formId="user-profile-form"
      {...form.dialog}
      isWide
      onClose={onClose}
    >
      <div className="admin-users__form-grid">
        <div className="admin-users__wide">
          <TextField {...field('full_name')} autoComplete="off" />
        </div>
        <TextField {...field('phone_number')} type="tel" inputMode="tel" autoComplete="off" />
        <TextField {...field('date_of_birth')} type="date" />
        <div className="admin-users__wide">
          <TextField {...field('street_address')} autoComplete="off" />
        </div>
        <TextField {...field('city')} autoComplete="off" />
        <TextField {...field('zip_code')} inputMode="numeric" maxLength={5} autoComplete="off" />
        <SelectField {...field('state')} options={STATE_OPTIONS} />
        <SelectField {...field('gender')} options={GENDER_OPTIONS} />
      </div>
      <Checkbox label={text.fields.newsletter_subscription} {...form.bind.check('newsletter_subscription')} />
    </StaffFormDialog>
  )
}
