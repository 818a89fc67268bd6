import { format } from '@shop/shared/messages/format.ts'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
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
