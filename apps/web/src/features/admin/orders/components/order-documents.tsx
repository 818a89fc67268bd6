import { documents as text } from '@shop/shared/messages/bs/documents.ts'
import { format } from '@shop/shared/messages/format.ts'
import { shortOrderId } from '@shop/shared/rules/order-status.ts'
import type { OrderView } from '@shop/shared/schemas/orders.ts'
import { fiscalReceiptInput, type DocumentKind } from '@shop/shared/schemas/tax-facts.ts'
import { Button } from '../../../../ui/button.tsx'
import { OneFieldForm, schemaCheck } from '../../kit/one-field-form.tsx'

type OrderDocumentsProps = {
  order: OrderView
  /** The status on screen (a chosen one shows at once, before the list reloads). */
  status: string
  printing: DocumentKind | null
  onPrint: (kind: DocumentKind) => void
  onSaveFiscalReceipt: (value: string) => Promise<boolean>
}

/**
 * docs/decisions.md, 'Invoices and packing slips': the order's invoice and packing slip, and the
 * number of the fiscal receipt staff printed for it. An order still pending has no invoice yet.
 */
export function OrderDocuments({ order, status, printing, onPrint, onSaveFiscalReceipt }: OrderDocumentsProps) {
  const number = shortOrderId(order.id)
  const hasInvoice = order.documentNumber !== null && status !== 'pending'

  return (
    <div className="admin-order__documents">
      <div className="ui-actions ui-actions--tight">
        <Button
          variant="secondary"
          size="sm"
          disabled={!hasInvoice}
          isLoading={printing === 'invoice'}
          aria-label={format(text.printInvoiceNamed, { number })}
          title={hasInvoice ? undefined : text.invoicePending}
          onClick={() => onPrint('invoice')}
        >
          {text.printInvoice}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          isLoading={printing === 'packing-slip'}
          aria-label={format(text.printPackingSlipNamed, { number })}
          onClick={() => onPrint('packing-slip')}
        >
          {text.printPackingSlip}
        </Button>
      </div>
      {order.documentNumber !== null && (
        <OneFieldForm
          label={text.fiscalReceipt}
          inputName={format(text.fiscalReceiptNamed, { number })}
          name="fiscalReceiptNumber"
          saved={order.fiscalReceiptNumber}
          maxLength={40}
          check={schemaCheck(fiscalReceiptInput, 'fiscalReceiptNumber', text.fiscalReceiptInvalid)}
          onSave={onSaveFiscalReceipt}
          saveLabel={text.fiscalReceiptSave}
        />
      )}
    </div>
  )
}
