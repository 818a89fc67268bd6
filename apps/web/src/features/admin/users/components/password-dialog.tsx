import { format } from '@shop/shared/messages/format.ts'
import { adminUsers as text } from '@shop/shared/messages/bs/admin-users.ts'
import { adminPasswordForm } from '@shop/shared/schemas/admin-users.ts'
import { TextField } from '../../../../ui/field.tsx'
import { StaffFormDialog } from '../../kit/staff-form-dialog.tsx'
import { useStaffForm } from '../../kit/use-staff-form.ts'
import { setUserPassword } from '../api/users.ts'

type PasswordDialogProps = { email: string; onClose: () => void; onSaved: () => void }

/**
 * staff-and-content.md §5 Password change by admin: required, at least 8 characters, the
 * confirmation must match; a failure shows the server's error or §8's fallback.
 */
export function PasswordDialog({ email, onClose, onSaved }: PasswordDialogProps) {
  const form = useStaffForm({
    initial: { password: '', confirmPassword: '' },
    schema: adminPasswordForm,
    save: (values) => setUserPassword(email, values.password),
    texts: { failed: text.passwordSetFailed, done: text.passwordSet },
    onSaved: () => onSaved(),
  })

  return (
    <StaffFormDialog
      title={format(text.passwordTitle, { email })}
      formId="user-password-form"
      {...form.dialog}
      onClose={onClose}
    >
      <p className="ui-note">{text.passwordHint}</p>
      <TextField label={text.password} type="password" autoComplete="new-password" {...form.bind.text('password')} />
      <TextField
        label={text.confirmPassword}
        type="password"
        autoComplete="new-password"
        {...form.bind.text('confirmPassword')}
      />
    </StaffFormDialog>
  )
}
