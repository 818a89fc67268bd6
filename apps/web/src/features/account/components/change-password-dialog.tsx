import { useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { account } from '@shop/shared/messages/bs/account.ts'
import { changePasswordForm } from '@shop/shared/schemas/auth.ts'
import type { z } from 'zod'
import { Alert } from '../../../ui/alert.tsx'
import { Field, PasswordInput } from '../../../ui/field.tsx'
import { changePassword } from '../api/profile.ts'
import { describePasswordChangeError } from '../profile-form-values.ts'
import { AccountFormDialog } from './account-form-dialog.tsx'

type ChangePasswordForm = z.infer<typeof changePasswordForm>
const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' }

type ChangePasswordDialogProps = {
  open: boolean
  onClose: () => void
  /** Receives the new token (the change signs older tokens out), or null if the server sent none. */
  onChanged: (token: string | null) => void
}

/** customer-side.md §5 Account profile: the change-password dialog with current, new and confirm fields. */
export function ChangePasswordDialog({ open, onClose, onChanged }: ChangePasswordDialogProps) {
  const [failure, setFailure] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordForm), defaultValues: EMPTY })

  function close() {
    reset(EMPTY)
    setFailure(null)
    onClose()
  }

  async function submit({ currentPassword, newPassword }: ChangePasswordForm) {
    setFailure(null)
    try {
      const { token } = await changePassword({ currentPassword, newPassword })
      reset(EMPTY)
      onChanged(token)
    } catch (error) {
      setFailure(describePasswordChangeError(error))
    }
  }

  return (
    <AccountFormDialog
      open={open}
      onClose={close}
      title={account.changePassword}
      formId="change-password-form"
      onSubmit={(event) => void handleSubmit(submit)(event)}
      submitLabel={isSubmitting ? account.changingPassword : account.changePassword}
      isSubmitting={isSubmitting}
    >
      {failure && (
        <Alert tone="danger">
          <p>{failure}</p>
        </Alert>
      )}
      <Field label={account.currentPassword} error={errors.currentPassword?.message}>
        {(control) => <PasswordInput {...control} {...register('currentPassword')} purpose="current" />}
      </Field>
      <Field label={account.newPassword} error={errors.newPassword?.message}>
        {(control) => <PasswordInput {...control} {...register('newPassword')} purpose="new" />}
      </Field>
      <Field label={account.confirmPassword} error={errors.confirmPassword?.message}>
        {(control) => <PasswordInput {...control} {...register('confirmPassword')} purpose="new" />}
      </Field>
    </AccountFormDialog>
  )
}
