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
  /** A save attempt; an async one returns its promise, so the focus waits for the errors it sets. */
  onSubmit: () => void | Promise<unknown>
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
   * The form's field errors: when a save attempt ends with some, the first invalid field (in the form's
   * order) gets the focus (docs/decisions.md, Walk-through fixes). Errors set while typing (a check on leaving a field)
   * leave the focus alone, even when such a check answers while a save is under way.
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
  const submitWithFocus = useFocusFirstInvalid(formId, fieldErrors, onSubmit)
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
        <StaffForm id={formId} className="staff-form" onSubmit={submitWithFocus}>
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
 * Wraps a save attempt: once it has ended (its promise settled) and the errors it set are on the page,
 * focuses the first control marked aria-invalid. The focus waits for the attempt itself, not for the next
 * change of the errors, because a check started earlier (the product code's lookup on leaving the field)
 * can answer while the save is still running.
 */
function useFocusFirstInvalid(
  formId: string,
  errors: Readonly<Record<string, string>> | undefined,
  submit: () => void | Promise<unknown>,
): () => void {
  const [endedAttempts, setEndedAttempts] = useState(0)
  const focusedAttempts = useRef(0)
  const hasErrors = errors !== undefined && Object.keys(errors).length > 0
  useEffect(() => {
    // Only an ended attempt moves the focus; errors changing on their own leave it alone.
    if (endedAttempts === focusedAttempts.current) return
    focusedAttempts.current = endedAttempts
    if (hasErrors) document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [formId, endedAttempts, hasErrors])
  return () => {
    void Promise.resolve(submit()).finally(() => setEndedAttempts((count) => count + 1))
  }
}
