import { useCallback, useRef, useState, type ReactNode } from 'react'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { Button } from '../../../ui/button.tsx'
import { Dialog } from '../../../ui/dialog.tsx'

export type ConfirmRequest = {
  message: string
  title?: string
  confirmLabel?: string
  cancelLabel?: string
  /** 'danger' paints the confirm button red (deletes, discarding a draft). */
  tone?: 'danger' | 'primary'
  /**
   * staff-and-content.md §8: deleting products, categories, brands and orders asks for a *browser*
   * confirmation; those pages pass `browser: true` and get window.confirm.
   */
  browser?: boolean
}

type Pending = ConfirmRequest & { resolve: (answer: boolean) => void }

/**
 * An accessible yes/no question (a modal <dialog> with a heading, focus kept inside, Escape = no).
 * `ask` resolves true or false; render `element` once in the page.
 */
export function useConfirm(): { ask: (request: ConfirmRequest) => Promise<boolean>; element: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null)
  const current = useRef<Pending | null>(null)

  const ask = useCallback((request: ConfirmRequest) => {
    if (request.browser) return Promise.resolve(window.confirm(request.message))
    current.current?.resolve(false)
    return new Promise<boolean>((resolve) => {
      const next = { ...request, resolve }
      current.current = next
      setPending(next)
    })
  }, [])

  const answer = (value: boolean) => {
    current.current?.resolve(value)
    current.current = null
    setPending(null)
  }

  const element = pending && (
    <ConfirmDialog
      title={pending.title ?? admin.staff.confirmTitle}
      message={pending.message}
      confirmLabel={pending.confirmLabel ?? admin.staff.delete}
      cancelLabel={pending.cancelLabel ?? admin.staff.cancel}
      tone={pending.tone ?? 'danger'}
      onAnswer={answer}
    />
  )
  return { ask, element }
}

type ConfirmDialogProps = {
  title: string
  message: ReactNode
  confirmLabel: string
  cancelLabel: string
  tone: 'danger' | 'primary'
  isBusy?: boolean
  onAnswer: (confirmed: boolean) => void
}

/** The dialog itself, for a page that keeps the question in its own state (e.g. with a busy button). */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  tone,
  isBusy,
  onAnswer,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open
      onClose={() => onAnswer(false)}
      title={title}
      closeLabel={shell.dialogClose}
      className="staff-confirm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onAnswer(false)}>
            {cancelLabel}
          </Button>
          <Button variant={tone} isLoading={isBusy ?? false} onClick={() => onAnswer(true)}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  )
}

const UNSAVED_TEXTS = {
  leave: { message: admin.staff.unsavedLeave, confirmLabel: admin.staff.leave, cancelLabel: admin.staff.stay },
  discard: {
    message: admin.staff.unsavedDiscard,
    confirmLabel: admin.staff.discard,
    cancelLabel: admin.staff.keepEditing,
  },
}

/** The unsaved-draft guard's question: leave the page, or close the form, and lose the changes? */
export function UnsavedChangesDialog({
  kind,
  onAnswer,
}: {
  kind: 'leave' | 'discard'
  onAnswer: (loseChanges: boolean) => void
}) {
  return <ConfirmDialog title={admin.staff.unsavedTitle} tone="danger" {...UNSAVED_TEXTS[kind]} onAnswer={onAnswer} />
}
