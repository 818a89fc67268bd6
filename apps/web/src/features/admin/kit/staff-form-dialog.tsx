import { useEffect, useRef, useState, type ReactNode } from 'react'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { Dialog } from '../../../ui/dialog.tsx'
import { UnsavedChangesDialog } from './confirm-dialog.tsx'
import { useLeaveGuard } from './use-leave-guard.tsx'
import { StaffForm } from './staff-form.tsx'

type StaffFormDialogProps = {
  title: string
  /** Ties the footer's submit button to the form. */
  formId: string
  isSaving: boolean
  saveError: string | null
  onClose: () => void
  onSubmit: () => void
  /**
   * The form holds changes: closing (Cancel, ×, Escape, the backdrop) asks before discarding them,
   * and leaving the page asks too (the kit's unsaved-draft guard).
   */
  isDirty?: boolean
  /** The brands page speaks English (staff-and-content.md §8); the others use the Bosnian defaults. */
  cancelLabel?: string
  saveLabel?: string
  /** A wide dialog for the longer forms (product, slide, menu item). */
  isWide?: boolean
  /**
   * The form's field errors: when a save attempt sets them, the first invalid field (in the form's
   * order) gets the focus (docs/decisions.md, Walk-through fixes). Errors set while typing (a check on leaving a field)
   * leave the focus alone.
   */
  fieldErrors?: Readonly<Record<string, string>>
  /** More footer buttons, left of Cancel. */
  extraActions?: ReactNode
  /** useRecordVersion's notice ('Učitaj najnovije' after a stale save), shown under the save error. */
  versionNotice?: ReactNode
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
  isDirty = false,
  cancelLabel = admin.staff.cancel,
  saveLabel = admin.staff.save,
  isWide = false,
  extraActions,
  fieldErrors,
  versionNotice,
  children,
}: StaffFormDialogProps) {
  const focusAfterSubmit = useFocusFirstInvalid(formId, fieldErrors)
  const [isAsking, setIsAsking] = useState(false)
  const leaveGuard = useLeaveGuard(isDirty)
  const requestClose = () => {
    if (isSaving) return
    if (isDirty) setIsAsking(true)
    else onClose()
  }
  return (
    <>
      <Dialog
        open
        onClose={requestClose}
        title={title}
        closeLabel={shell.dialogClose}
        {...(isWide ? { className: 'staff-dialog' } : {})}
        footer={
          <>
            {extraActions}
            <Button variant="secondary" onClick={requestClose}>
              {cancelLabel}
            </Button>
            <Button type="submit" form={formId} isLoading={isSaving}>
              {saveLabel}
            </Button>
          </>
        }
      >
        <StaffForm
          id={formId}
          className="staff-form"
          onSubmit={() => {
            focusAfterSubmit()
            onSubmit()
          }}
        >
          {saveError && <Alert tone="danger">{saveError}</Alert>}
          {versionNotice}
          {children}
        </StaffForm>
      </Dialog>
      {isAsking && (
        <UnsavedChangesDialog
          kind="discard"
          onAnswer={(discard) => {
            setIsAsking(false)
            if (discard) onClose()
          }}
        />
      )}
      {leaveGuard}
    </>
  )
}

/**
 * After a save attempt (call the returned function as it starts), focuses the first control marked
 * aria-invalid once the attempt's errors are shown.
 */
export function useFocusFirstInvalid(formId: string, errors: Readonly<Record<string, string>> | undefined): () => void {
  const isPending = useRef(false)
  useEffect(() => {
    if (!isPending.current || !errors) return
    isPending.current = false
    if (Object.keys(errors).length === 0) return
    const form = document.getElementById(formId)
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [formId, errors])
  return () => {
    isPending.current = true
  }
}
