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

/** The pointer is on the backdrop: outside the dialog's box (the ::backdrop reports the dialog as its target). */
function isOutside(
  dialog: HTMLDialogElement,
  event: { target: EventTarget; clientX: number; clientY: number },
): boolean {
  if (event.target !== dialog) return false
  const box = dialog.getBoundingClientRect()
  return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom
}

/**
 * A body taller than the dialog scrolls; with no control inside, a keyboard could not reach it to scroll
 * (WCAG 2.1.1), so it takes the focus itself while it overflows, and only then.
 */
function useKeyboardScrollable(ref: { current: HTMLElement | null }, open: boolean): void {
  useEffect(() => {
    const body = ref.current
    if (!body || !open || typeof ResizeObserver === 'undefined') return
    const update = () => {
      if (body.scrollHeight > body.clientHeight) body.tabIndex = 0
      else body.removeAttribute('tabindex')
    }
    const observer = new ResizeObserver(update)
    observer.observe(body)
    for (const child of Array.from(body.children)) observer.observe(child)
    update()
    return () => observer.disconnect()
  }, [ref, open])
}

/** A modal on the native <dialog>: focus trap, Escape and the backdrop come from the browser. */
export function Dialog({ open, onClose, title, closeLabel, children, footer, className }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const openerRef = useRef<HTMLElement | null>(null)
  // Where the last press began: a click whose press began inside the dialog is never a backdrop click.
  const isPressOnBackdrop = useRef(false)
  const titleId = useId()
  const bodyRef = useRef<HTMLDivElement>(null)
  useKeyboardScrollable(bodyRef, open)

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
      onPointerDown={(event) => {
        isPressOnBackdrop.current = isOutside(event.currentTarget, event)
      }}
      onClick={(event) => {
        // docs/decisions.md 'Dialogs': only a press and a release both on the backdrop close the dialog.
        // A press inside whose release lands elsewhere (the content moved under the pointer) reaches
        // the dialog element as a click on it too, and must not close it.
        const isBackdropClick = isPressOnBackdrop.current && isOutside(event.currentTarget, event)
        isPressOnBackdrop.current = false
        if (isBackdropClick) onClose()
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
      <div ref={bodyRef} className="ui-dialog__body">
        {children}
      </div>
      {footer && <div className="ui-dialog__footer">{footer}</div>}
    </dialog>
  )
}
