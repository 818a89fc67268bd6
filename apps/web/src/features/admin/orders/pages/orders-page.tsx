import { useCallback, useEffect, useRef, useState } from 'react'
import { Link, Navigate, useNavigate } from 'react-router'
import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { orderLimits } from '@shop/shared/messages/bs/order-limits.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { staffOrders } from '@shop/shared/messages/bs/staff-orders.ts'
import { ORDER_SOURCES, type OrderSource } from '@shop/shared/rules/order-source.ts'
import { adminStatusLabel, ORDER_STATUSES, shortOrderId, type OrderStatus } from '@shop/shared/rules/order-status.ts'
import { hasAnyRole, STAFF_ROLES } from '@shop/shared/rules/roles.ts'
import {
  DEFAULT_ORDER_SORT,
  ORDER_SORTS,
  type AdminOrderList,
  type OrderSort,
  type StaffOrderView,
} from '@shop/shared/schemas/admin-orders.ts'
import type { OrderView } from '@shop/shared/schemas/orders.ts'
import { useSession } from '../../../../app/session/session-context.ts'
import { ApiError } from '../../../../lib/api-client.ts'
import { buttonClassName } from '../../../../ui/button.tsx'
import { Checkbox, SelectField } from '../../../../ui/field.tsx'
import { ReceiptIcon } from '../../../../ui/icons.tsx'
import { useToast } from '../../../../ui/toast.tsx'
import { fetchCurrentUser } from '../../api/current-user.ts'
import { useLoad } from '../../../../lib/use-load.ts'
import { useConfirm } from '../../kit/confirm-dialog.tsx'
import { StaffFrame } from '../../kit/staff-frame.tsx'
import { CountBadge, searchBox, StaffList, StaffToolbar } from '../../kit/staff-list.tsx'
import { Pager } from '../../kit/pager.tsx'
import { useStaffAction, type ActionTexts, type StaffAction } from '../../kit/use-staff-action.ts'
import { useStaffSearch } from '../../kit/use-staff-search.ts'
import {
  changeOrderStatuses,
  clearOrderSuspicion,
  deleteOrder,
  fetchStaffOrders,
  undoOrderStatus,
  updateOrderStatus,
} from '../api/orders.ts'
import { AdminOrderCard } from '../components/admin-order-card.tsx'
import { UndoNotice } from '../components/undo-notice.tsx'
import { isOrderStatus } from '../order-status-style.ts'
import { documents } from '@shop/shared/messages/bs/documents.ts'
import type { DocumentKind } from '@shop/shared/schemas/tax-facts.ts'
import { Button } from '../../../../ui/button.tsx'
import { downloadDocuments, downloadOrderDocument, saveFiscalReceipt } from '../api/documents.ts'
import { useIntervalReload } from '../use-interval-reload.ts'
import { courier } from '@shop/shared/messages/bs/courier.ts'
import { downloadShipments, saveTracking } from '../api/courier.ts'
import { orderList } from '@shop/shared/messages/bs/order-list.ts'
import type { OrderBulkStatusView } from '@shop/shared/schemas/order-bulk-status.ts'
import { Dialog } from '../../../../ui/dialog.tsx'
import { BulkBar } from '../components/bulk-bar.tsx'
import { OrdersTable } from '../components/orders-table.tsx'
import { ReportList } from '../components/report-list.tsx'
import { useOrdersView, type OrdersViewMode } from '../use-orders-view.ts'
import './orders-page.css'
import './courier.css'

const text = admin.orders
/** staff-and-content.md §9. */
const RELOAD_EVERY_MS = 30_000
const STATUS_ERROR_MS = 3_000
/**
 * The server holds the customer's status mail 60 s (admin-orders/repo.ts); the offer to undo ends a
 * little earlier, so that a late tap meets a held mail rather than one already on its way.
 */
const UNDO_OFFER_MS = 55_000

const STATUS_FILTERS = [
  { value: '', label: text.allStatuses },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: adminStatusLabel(status) })),
]
/** Small, so that the five settings and import links wrap two to a row on a phone above the list. */
const HEADER_LINK = buttonClassName({ variant: 'secondary', size: 'sm' })
const HEADER_LINKS = [
  { to: '/admin/orders/tax-facts', label: documents.taxFactsOpen },
  { to: '/admin/orders/limits', label: orderLimits.openLimits },
  { to: '/admin/orders/isplate', label: courier.payoutTitle },
  { to: '/admin/orders/posiljke', label: courier.trackingImportTitle },
  { to: '/admin/orders/kurir', label: courier.settingsLink },
]
const SOURCE_FILTERS = [
  { value: '', label: staffOrders.allSources },
  ...ORDER_SOURCES.map((source) => ({ value: source, label: staffOrders.sources[source] })),
]
const SORT_OPTIONS = ORDER_SORTS.map((sort) => ({ value: sort, label: text.sorts[sort] }))
const VIEW_OPTIONS: { value: OrdersViewMode; label: string }[] = [
  { value: 'table', label: orderList.viewTable },
  { value: 'cards', label: orderList.viewCards },
]

/** A chosen status, shown at once: while it is saved, and until the list it was chosen on is reloaded. */
type ChosenStatus = { status: OrderStatus; basis: AdminOrderList | undefined; isSaving: boolean }
/** A status change whose customer mail is still held, so it can be taken back. */
type Undoable = { orderId: string; number: string; status: OrderStatus }

/**
 * staff-and-content.md §2 Orders admin, §4 Order status: search, status filter, sort and the order
 * cards; any status from any other, with 'Poništi' while the customer's mail is held; delete for
 * administrators. The role is checked again through GET /api/auth/me: a failed check reads
 * 'Failed to verify access permissions' and goes to /.
 */
export function AdminOrdersPage() {
  const toast = useToast()
  const navigate = useNavigate()
  const { user: storedUser } = useSession()
  const current = useLoad((signal) => fetchCurrentUser(signal), storedUser?.id ?? '')
  const search = useStaffSearch()
  const [status, setStatus] = useState<OrderStatus | ''>('')
  const [sort, setSort] = useState<OrderSort>(DEFAULT_ORDER_SORT)
  const [isSuspiciousOnly, setIsSuspiciousOnly] = useState(false)
  const [source, setSource] = useState<OrderSource | ''>('')
  const [chosen, setChosen] = useState<ReadonlyMap<string, ChosenStatus>>(new Map())
  const [undoable, setUndoable] = useState<Undoable | null>(null)
  const statusAction = useStaffAction()
  const undoAction = useStaffAction()
  const deletion = useStaffAction()
  const clearing = useStaffAction()
  const [clearingId, setClearingId] = useState<string | null>(null)
  // docs/decisions.md, 'Invoices and packing slips': printing one order's documents, or a selection's as one PDF.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [printing, setPrinting] = useState<{ id: string | null; kind: DocumentKind } | null>(null)
  const printAction = useStaffAction()
  const fiscalAction = useStaffAction()
  const exportAction = useStaffAction()
  const trackingAction = useStaffAction()
  // docs/decisions.md, 'Orders admin as a working list': the table or the cards, one order's card open over the table.
  const [view, setView] = useOrdersView()
  const [openId, setOpenId] = useState<string | null>(null)
  const bulkStatusAction = useStaffAction()
  const [bulkReport, setBulkReport] = useState<OrderBulkStatusView | null>(null)
  const confirm = useConfirm()
  const saving = useRef(0)
  const { page, setPage, query } = search
  const list = useLoad(
    (signal) => fetchStaffOrders({ search: query, status, sort, page, isSuspiciousOnly, source }, signal),
    [query, status, sort, page, isSuspiciousOnly, source].join('\n'),
  )
  useIntervalReload(list.reload, RELOAD_EVERY_MS, () => saving.current > 0)

  const accessFailed = current.status === 'error'
  useEffect(() => {
    if (!accessFailed) return
    toast.show(admin.staff.accessCheckFailed, 'error')
    void navigate('/', { replace: true })
  }, [accessFailed, navigate, toast])

  const { error: statusError, clearError: clearStatusError } = statusAction
  useEffect(() => {
    if (!statusError) return
    const timer = window.setTimeout(clearStatusError, STATUS_ERROR_MS)
    return () => window.clearTimeout(timer)
  }, [statusError, clearStatusError])
  const endUndo = useCallback(() => setUndoable(null), [])

  if (current.data && !hasAnyRole(current.data.roles, STAFF_ROLES)) return <Navigate to="/" replace />
  const isAdmin = hasAnyRole(current.data?.roles ?? storedUser?.roles, ['admin'])
  const data = list.data

  function remember(id: string, entry: ChosenStatus | null) {
    setChosen((previous) => {
      const next = new Map(previous)
      if (entry) next.set(id, entry)
      else next.delete(id)
      return next
    })
  }

  async function changeStatus(order: OrderView, next: OrderStatus) {
    remember(order.id, { status: next, basis: data, isSaving: true })
    saving.current += 1
    // §8: 'Failed to update order status. Please try again.' whatever the server said.
    const outcome = await statusAction.run(() => updateOrderStatus(order.id, next), {
      message: () => text.statusFailed,
    })
    saving.current -= 1
    remember(order.id, outcome.ok ? { status: next, basis: data, isSaving: false } : null)
    if (outcome.ok && next !== order.status)
      setUndoable({ orderId: order.id, number: shortOrderId(order.id), status: next })
    list.reload()
  }

  async function undo(change: Undoable) {
    const outcome = await undoAction.run(() => undoOrderStatus(change.orderId), {
      message: (error) =>
        error instanceof ApiError && error.code === 'UNDO_EXPIRED' ? text.undoExpired : text.undoFailed,
    })
    setUndoable(null)
    if (outcome.ok) {
      remember(change.orderId, null)
      toast.show(
        format(text.statusUndone, { number: change.number, status: adminStatusLabel(outcome.value.status) }),
        'success',
      )
    } else toast.show(outcome.message, 'error')
    list.reload()
  }

  async function clearSuspicion(order: OrderView) {
    const number = shortOrderId(order.id)
    setClearingId(order.id)
    await clearing.run(() => clearOrderSuspicion(order.id), {
      done: format(orderLimits.suspicionCleared, { number }),
      failed: orderLimits.clearSuspicionFailed,
    })
    setClearingId(null)
    list.reload()
  }

  async function remove(order: OrderView) {
    // §8: deleting an order asks for a browser confirmation first.
    const message = format(text.deleteConfirm, { number: shortOrderId(order.id) })
    if (!(await confirm.ask({ browser: true, message }))) return
    await deletion.run(() => deleteOrder(order.id), { done: text.deleted, message: () => text.deleteFailed })
    list.reload()
  }

  function select(ids: readonly string[], isSelected: boolean) {
    setSelected((previous) => {
      const next = new Set(previous)
      for (const id of ids) {
        if (isSelected) next.add(id)
        else next.delete(id)
      }
      return next
    })
  }

  async function changeSelectedStatus(next: OrderStatus) {
    const ids = [...selected]
    const message = format(orderList.bulkStatusConfirm, { count: ids.length, status: adminStatusLabel(next) })
    const isConfirmed = await confirm.ask({
      message,
      title: orderList.bulkStatusApply,
      confirmLabel: orderList.bulkStatusApply,
      tone: 'primary',
    })
    if (!isConfirmed) return
    saving.current += 1
    const outcome = await bulkStatusAction.run(() => changeOrderStatuses(ids, next), {
      failed: orderList.bulkStatusFailed,
    })
    saving.current -= 1
    if (outcome.ok) {
      const report = outcome.value
      setBulkReport(report.refused > 0 ? report : null)
      toast.show(
        format(orderList.bulkStatusDone, {
          changed: report.changed,
          refused: report.refused,
          unchanged: report.unchanged,
        }),
        report.refused > 0 ? 'error' : 'success',
      )
    }
    list.reload()
  }

  async function print(order: OrderView | null, kind: DocumentKind) {
    setPrinting({ id: order?.id ?? null, kind })
    await printAction.run(() => (order ? downloadOrderDocument(order, kind) : downloadDocuments([...selected], kind)), {
      failed: documents.printFailed,
    })
    setPrinting(null)
  }

  /** A card's save of one order's field (fiscal receipt, tracking number): true once stored, then the list reloads. */
  function orderFieldSave(
    action: StaffAction,
    save: (id: string, value: string) => Promise<unknown>,
    texts: ActionTexts,
  ) {
    return async (order: OrderView, value: string): Promise<boolean> => {
      const outcome = await action.run(() => save(order.id, value), texts)
      if (outcome.ok) list.reload()
      return outcome.ok
    }
  }
  const saveFiscal = orderFieldSave(fiscalAction, saveFiscalReceipt, {
    done: documents.fiscalReceiptSaved,
    failed: documents.fiscalReceiptSaveFailed,
  })
  const saveTrackingOf = orderFieldSave(trackingAction, saveTracking, {
    done: courier.trackingSaved,
    failed: courier.trackingSaveFailed,
  })

  async function exportForCourier() {
    await exportAction.run(() => downloadShipments([...selected]), {
      failed: courier.exportFailed,
      done: courier.exported,
    })
  }

  /** A filter's new value applies from the list's first page. */
  const filterChange = (apply: (value: string) => void) => (event: { target: { value: string } }) => {
    apply(event.target.value)
    setPage(1)
  }

  const pageIds = data?.data.map((order) => order.id) ?? []
  const isPageSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id))

  const shownStatus = (order: OrderView) => {
    const entry = chosen.get(order.id)
    return entry && (entry.isSaving || entry.basis === data) ? entry : null
  }

  function renderCard(order: StaffOrderView) {
    const override = shownStatus(order)
    return (
      <AdminOrderCard
        order={order}
        status={override?.status ?? order.status}
        isSaving={override?.isSaving ?? false}
        canDelete={isAdmin}
        onStatusChange={(next) => void changeStatus(order, next)}
        onDelete={() => void remove(order)}
        onClearSuspicion={() => void clearSuspicion(order)}
        isClearingSuspicion={clearingId === order.id}
        isSelected={selected.has(order.id)}
        onSelectedChange={(isSelected) => select([order.id], isSelected)}
        printing={printing?.id === order.id ? printing.kind : null}
        onPrint={(kind) => void print(order, kind)}
        onSaveFiscalReceipt={(value) => saveFiscal(order, value)}
        onSaveTracking={(value) => saveTrackingOf(order, value)}
      />
    )
  }
  // The open card follows the list: a reload shows its new state, and an order gone from the page closes it.
  const openOrder = openId === null ? undefined : data?.data.find((order) => order.id === openId)

  return (
    <StaffFrame
      title={shell.admin.pages.orders.title}
      badge={<CountBadge count={data?.total} />}
      actions={
        <>
          <Link to="/admin/orders/new" className={buttonClassName({ variant: 'primary', size: 'sm' })}>
            {staffOrders.newOrder}
          </Link>
          {HEADER_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className={HEADER_LINK}>
              {link.label}
            </Link>
          ))}
        </>
      }
      loads={[{ load: list, failed: text.loadFailed }]}
      errors={[
        statusError,
        deletion.error,
        clearing.error,
        printAction.error,
        fiscalAction.error,
        exportAction.error,
        trackingAction.error,
        bulkStatusAction.error,
      ]}
    >
      <StaffToolbar
        className="admin-orders__toolbar"
        search={searchBox(search, text.searchLabel, text.searchPlaceholder)}
      >
        <SelectField
          label={text.statusFilter}
          value={status}
          options={STATUS_FILTERS}
          onChange={filterChange((value) => setStatus(isOrderStatus(value) ? value : ''))}
        />
        <SelectField
          label={staffOrders.source}
          value={source}
          options={SOURCE_FILTERS}
          onChange={filterChange((value) => setSource(ORDER_SOURCES.find((option) => option === value) ?? ''))}
        />
        <SelectField
          label={text.sortLabel}
          value={sort}
          options={SORT_OPTIONS}
          onChange={filterChange((value) =>
            setSort(ORDER_SORTS.find((option) => option === value) ?? DEFAULT_ORDER_SORT),
          )}
        />
        <Checkbox
          className="admin-orders__suspicious"
          label={orderLimits.suspiciousFilter}
          checked={isSuspiciousOnly}
          onChange={(event) => {
            setIsSuspiciousOnly(event.target.checked)
            setPage(1)
          }}
        />
      </StaffToolbar>
      <p className="admin-orders__hint">{text.autoRefresh}</p>
      <div className="admin-orders__views" role="group" aria-label={orderList.viewLabel}>
        {VIEW_OPTIONS.map((option) => (
          <Button
            key={option.value}
            size="sm"
            variant={view === option.value ? 'primary' : 'secondary'}
            aria-pressed={view === option.value}
            onClick={() => setView(option.value)}
          >
            {option.label}
          </Button>
        ))}
      </div>
      <BulkBar
        selectedCount={selected.size}
        isPageSelected={isPageSelected}
        hasPage={pageIds.length > 0}
        onSelectPage={(isSelected) => select(pageIds, isSelected)}
        onClear={() => setSelected(new Set())}
        printing={printing?.id === null ? printing.kind : null}
        onPrint={(kind) => void print(null, kind)}
        isExporting={exportAction.isBusy}
        onExport={() => void exportForCourier()}
        statusChange={{ isBusy: bulkStatusAction.isBusy, onChange: (next) => void changeSelectedStatus(next) }}
      />
      {bulkReport && (
        <div className="admin-orders__report">
          <ReportList
            title={orderList.bulkReportTitle}
            tone="danger"
            rows={bulkReport.results.filter((result) => result.outcome === 'refused')}
            keyOf={(result) => result.id}
            render={(result) => (
              <>
                <strong>{result.documentNumber ?? `#${shortOrderId(result.id)}`}</strong>: {result.message}
              </>
            )}
          />
          <Button size="sm" variant="ghost" onClick={() => setBulkReport(null)}>
            {orderList.bulkReportClose}
          </Button>
        </div>
      )}
      {view === 'table' && data && data.data.length > 0 ? (
        <>
          <OrdersTable
            orders={data.data}
            page={data.page}
            pages={data.pages}
            statusOf={(order) => shownStatus(order)?.status ?? order.status}
            selected={selected}
            onSelectedChange={(id, isSelected) => select([id], isSelected)}
            onOpen={setOpenId}
            isBusy={list.status === 'loading'}
          />
          <Pager page={data.page} pages={data.pages} onPage={setPage} />
        </>
      ) : (
        <StaffList
          items={data?.data}
          keyOf={(order) => order.id}
          className="admin-orders__list"
          isFiltered={search.isFiltered || status !== '' || isSuspiciousOnly || source !== ''}
          empty={{ icon: <ReceiptIcon size={30} />, title: text.empty }}
          paging={data && { page: data.page, pages: data.pages, onPage: setPage }}
          isBusy={list.status === 'loading'}
          render={renderCard}
        />
      )}
      {selected.size > 0 && <div className="admin-orders__bulk-space" aria-hidden="true" />}
      {view === 'table' && openOrder && (
        <Dialog
          open
          className="admin-orders__dialog"
          title={format(text.orderNumber, { number: shortOrderId(openOrder.id) })}
          closeLabel={orderList.detailsClose}
          onClose={() => setOpenId(null)}
        >
          {renderCard(openOrder)}
        </Dialog>
      )}
      {undoable && (
        <UndoNotice
          key={`${undoable.orderId}:${undoable.status}`}
          message={format(text.statusChanged, { number: undoable.number, status: adminStatusLabel(undoable.status) })}
          undoLabel={text.undo}
          undoName={format(text.undoNamed, { number: undoable.number })}
          isBusy={undoAction.isBusy}
          durationMs={UNDO_OFFER_MS}
          onUndo={() => void undo(undoable)}
          onExpire={endUndo}
        />
      )}
      {confirm.element}
    </StaffFrame>
  )
}
