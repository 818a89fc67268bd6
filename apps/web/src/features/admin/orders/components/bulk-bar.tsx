import { useState } from 'react'
import { courier } from '@shop/shared/messages/bs/courier.ts'
import { documents } from '@shop/shared/messages/bs/documents.ts'
import { orderList as text } from '@shop/shared/messages/bs/order-list.ts'
import { format } from '@shop/shared/messages/format.ts'
import { adminStatusLabel, ORDER_STATUSES, type OrderStatus } from '@shop/shared/rules/order-status.ts'
import type { DocumentKind } from '@shop/shared/schemas/tax-facts.ts'
import { Button } from '../../../../ui/button.tsx'
import { Checkbox, Select } from '../../../../ui/field.tsx'
import { classNames } from '../../../../ui/class-names.ts'
import { isOrderStatus } from '../order-status-style.ts'

const STATUS_OPTIONS = [
  { value: '', label: text.bulkStatusChoose },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: adminStatusLabel(status) })),
]

type BulkBarProps = {
  selectedCount: number
  isPageSelected: boolean
  hasPage: boolean
  onSelectPage: (isSelected: boolean) => void
  onClear: () => void
  printing: DocumentKind | null
  onPrint: (kind: DocumentKind) => void
  isExporting: boolean
  onExport: () => void
  /** Absent in the cards view, where each card has its own status control. */
  statusChange?: { isBusy: boolean; onChange: (status: OrderStatus) => void }
}

/**
 * docs/decisions.md, 'Orders admin as a working list': what staff do with the selected orders at once.
 * On a phone, once something is selected, the bar sits at the bottom of the screen (orders-page.css).
 */
export function BulkBar({
  selectedCount,
  isPageSelected,
  hasPage,
  onSelectPage,
  onClear,
  printing,
  onPrint,
  isExporting,
  onExport,
  statusChange,
}: BulkBarProps) {
  const [status, setStatus] = useState<OrderStatus | ''>('')
  const isEmpty = selectedCount === 0
  return (
    <div
      className={classNames('admin-orders__bulk', !isEmpty && 'admin-orders__bulk--active')}
      role="group"
      aria-label={text.bulkLabel}
    >
      <div className="admin-orders__bulk-selection">
        <Checkbox
          label={documents.selectPage}
          checked={isPageSelected}
          disabled={!hasPage}
          onChange={(event) => onSelectPage(event.target.checked)}
        />
        <p className="ui-note" aria-live="polite">
          {format(documents.selectedCount, { count: selectedCount })}
        </p>
        {!isEmpty && (
          <Button size="sm" variant="ghost" onClick={onClear}>
            {documents.clearSelection}
          </Button>
        )}
      </div>
      <div className="admin-orders__bulk-actions">
        <Button size="sm" disabled={isEmpty} isLoading={printing === 'invoice'} onClick={() => onPrint('invoice')}>
          {documents.printInvoices}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={isEmpty}
          isLoading={printing === 'packing-slip'}
          onClick={() => onPrint('packing-slip')}
        >
          {documents.printPackingSlips}
        </Button>
        <Button size="sm" variant="secondary" disabled={isEmpty} isLoading={isExporting} onClick={onExport}>
          {courier.exportButton}
        </Button>
        {statusChange && (
          <form
            className="admin-orders__bulk-status"
            onSubmit={(event) => {
              event.preventDefault()
              if (status) statusChange.onChange(status)
            }}
          >
            <Select
              aria-label={text.bulkStatus}
              className="admin-orders__bulk-status-select"
              value={status}
              options={STATUS_OPTIONS}
              disabled={isEmpty}
              onChange={(event) => setStatus(isOrderStatus(event.target.value) ? event.target.value : '')}
            />
            <Button
              type="submit"
              size="sm"
              variant="secondary"
              disabled={isEmpty || status === ''}
              isLoading={statusChange.isBusy}
            >
              {text.bulkStatusApply}
            </Button>
          </form>
        )}
      </div>
    </div>
  )
}
