import { useEffect } from 'react'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { Button } from '../../../../ui/button.tsx'
import { CloseIcon } from '../../../../ui/icons.tsx'

type UndoNoticeProps = {
  message: string
  undoLabel: string
  /** The button's accessible name (which change it takes back). */
  undoName: string
  isBusy: boolean
  /** How long the offer stands: the server holds the customer's mail this long. */
  durationMs: number
  onUndo: () => void
  onExpire: () => void
}

/**
 * A toast with an action (docs/decisions.md, Walk-through fixes): 'Poništi' while the customer's status mail is held.
 * It sits where the toasts do and is announced politely; it goes when the hold is over.
 */
export function UndoNotice({ message, undoLabel, undoName, isBusy, durationMs, onUndo, onExpire }: UndoNoticeProps) {
  useEffect(() => {
    const timer = window.setTimeout(onExpire, durationMs)
    return () => window.clearTimeout(timer)
  }, [durationMs, onExpire])
  return (
    <div className="ui-toast ui-toast--info undo-notice" role="status">
      <p className="ui-toast__message">{message}</p>
      <Button size="sm" variant="secondary" isLoading={isBusy} onClick={onUndo} aria-label={undoName}>
        {undoLabel}
      </Button>
      <button type="button" className="ui-icon-button" onClick={onExpire} aria-label={shell.dialogClose}>
        <CloseIcon size={18} />
      </button>
    </div>
  )
}
