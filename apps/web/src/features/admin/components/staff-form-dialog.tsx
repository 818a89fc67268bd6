import type { ReactNode } from 'react'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { Dialog } from '../../../ui/dialog.tsx'

type StaffFormDialogProps = {
  title: string
  /** Ties the footer's submit button to the form. */
  formId: string
  isSaving: boolean
  saveError: string | null
  onClose: () => void
  onSubmit: () => void
  /** The brands page speaks English (staff-and-content.md §8); the others use the Bosnian defaults. */
  cancelLabel?: string
  saveLabel?: string
  /** A wide dialog for the longer forms (product, slide, menu item). */
  isWide?: boolean
  children: ReactNode
}

/** The add/edit dialog of the staff pages: a form with the save error on top, Cancel and Save below. */
export function StaffFormDialog({
  title,
  formId,
  isSaving,
  saveError,
  onClose,
  onSubmit,
  cancelLabel = admin.staff.cancel,
  saveLabel = admin.staff.save,
  isWide = false,
  children,
}: StaffFormDialogProps) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      closeLabel={shell.dialogClose}
      {...(isWide ? { className: 'staff-dialog' } : {})}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={formId} isLoading={isSaving}>
            {saveLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="staff-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit()
        }}
      >
        {saveError && <Alert tone="danger">{saveError}</Alert>}
        {children}
      </form>
    </Dialog>
  )
}
