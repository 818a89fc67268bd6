import type { FormEventHandler, ReactNode } from 'react'
import { account } from '@shop/shared/messages/bs/account.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { Button, type ButtonVariant } from '../../../ui/button.tsx'
import { Dialog } from '../../../ui/dialog.tsx'

type AccountFormDialogProps = {
  open: boolean
  /** Cancel, Escape and the backdrop: the dialog forgets what was typed. */
  onClose: () => void
  title: string
  /** Ties the footer's submit button to the form in the body. */
  formId: string
  onSubmit: FormEventHandler<HTMLFormElement>
  submitLabel: string
  submitVariant?: ButtonVariant
  isSubmitting: boolean
  children: ReactNode
}

/** An account dialog around one form (change password, delete account): Cancel and the submit button below it. */
export function AccountFormDialog({
  open,
  onClose,
  title,
  formId,
  onSubmit,
  submitLabel,
  submitVariant,
  isSubmitting,
  children,
}: AccountFormDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      closeLabel={shell.dialogClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {account.cancel}
          </Button>
          <Button type="submit" form={formId} variant={submitVariant} isLoading={isSubmitting}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className="account-dialog-form" onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </Dialog>
  )
}
