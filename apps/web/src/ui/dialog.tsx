import { useEffect, useId, useRef, type ReactNode } from 'react'
import { classNames } from './class-names.ts'
import { CloseIcon } from './icons.tsx'

type DialogProps = {
  open: boolean
  onClose: () => void
  title: ReactNode
  /** The close button's accessible name (texts come from the messages, not from ui). */
  closeLabel: string
  children: ReactNode
  footer?: ReactNode
  className?: string
}

/** Focuses the element that opened the dialog, if it is still there and the focus is lost or inside the dialog. */
function returnFocus(openerRef: { current: HTMLElement | null }, dialog: HTMLDialogElement | null): void {
  const opener = openerRef.current
  openerRef.current = null
  const active = document.activeElement
  const isLost = !active || active === document.body || (dialog?.contains(active) ?? false)
  if (opener?.isConnected && isLost) opener.focus()
}

/** A modal on the native <dialog>: focus trap, Escape and the backdrop come from the browser. */
export function Dialog({ open, onClose, title, closeLabel, children, footer, className }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const openerRef = useRef<HTMLElement | null>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (open && !dialog.open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      dialog.showModal()
    }
    if (!open && dialog.open) {
      dialog.close()
      returnFocus(openerRef, dialog)
    }
  }, [open])

  // Most dialogs are taken out of the page while open (rendered only while needed): the browser then
  // leaves the focus on the body. Focus goes back to what opened the dialog (WCAG 2.4.3).
  useEffect(() => {
    const dialog = dialogRef.current
    return () => returnFocus(openerRef, dialog)
  }, [])

  return (
    // The backdrop click is a pointer shortcut; keyboard users close with Escape (the native cancel event).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      className={classNames('ui-dialog', className)}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div className="ui-dialog__header">
        <h2 className="ui-dialog__title" id={titleId}>
          {title}
        </h2>
        <button type="button" className="ui-icon-button" onClick={onClose} aria-label={closeLabel}>
          <CloseIcon />
        </button>
      </div>
      <div className="ui-dialog__body">{children}</div>
      {footer && <div className="ui-dialog__footer">{footer}</div>}
    </dialog>
  )
}
