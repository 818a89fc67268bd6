import { useState } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { useBusy } from '../../../lib/use-busy.ts'
import { Button } from '../../../ui/button.tsx'
import { Dialog } from '../../../ui/dialog.tsx'

type CancelOrderDialogProps = {
  /** The order's short number, as its heading shows it. */
  number: string
  isCancelling: boolean
  onConfirm: () => void
  onClose: () => void
}

/**
 * The question before a buyer's cancel (docs/decisions.md, Walk-through fixes: a mis-tap must not
 * cancel), on the order history and on the order page alike.
 */
export function CancelOrderDialog({ number, isCancelling, onConfirm, onClose }: CancelOrderDialogProps) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={format(text.cancelConfirmTitle, { number })}
      closeLabel={shell.dialogClose}
      className="order-cancel-dialog"
      footer={
        <>
          <Button variant="secondary" disabled={isCancelling} onClick={onClose}>
            {text.cancelConfirmNo}
          </Button>
          <Button variant="danger" isLoading={isCancelling} onClick={onConfirm}>
            {text.cancelConfirmYes}
          </Button>
        </>
      }
    >
      <p>{text.cancelConfirmText}</p>
    </Dialog>
  )
}

/**
 * A buyer's cancel behind its question: `ask` opens the dialog (a cancel cannot be undone, so the button
 * only asks), whose 'Da, otkaži narudžbu' runs `cancel` (it shows its own outcome); the dialog stays until
 * the cancel has answered. `dialog` is the element to render.
 */
export function useCancelQuestion(number: string, cancel: () => Promise<void>) {
  const [isAsking, setIsAsking] = useState(false)
  const [isCancelling, whileCancelling] = useBusy()

  async function confirm() {
    try {
      await whileCancelling(cancel)
    } finally {
      setIsAsking(false)
    }
  }

  const dialog = isAsking && (
    <CancelOrderDialog
      number={number}
      isCancelling={isCancelling}
      onConfirm={() => void confirm()}
      onClose={() => {
        if (!isCancelling) setIsAsking(false)
      }}
    />
  )
  return { ask: () => setIsAsking(true), isCancelling, dialog }
}
