import { useEffect, useRef, useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { adminStatusLabel, ORDER_STATUSES, shortOrderId, type OrderStatus } from '@shop/shared/rules/order-status.ts'
import { hasAnyRole, STAFF_ROLES } from '@shop/shared/rules/roles.ts'
import {
  DEFAULT_ORDER_SORT,
  ORDER_SORTS,
  type AdminOrderList,
  type OrderSort,
} from '@shop/shared/schemas/admin-orders.ts'
import type { OrderView } from '@shop/shared/schemas/orders.ts'
import { useSession } from '../../../../app/session/session-context.ts'
import { Alert } from '../../../../ui/alert.tsx'
import { Badge } from '../../../../ui/badge.tsx'
import { Button } from '../../../../ui/button.tsx'
import { EmptyState } from '../../../../ui/empty-state.tsx'
import { SelectField, TextField } from '../../../../ui/field.tsx'
import { ReceiptIcon } from '../../../../ui/icons.tsx'
import { LoadingBlock } from '../../../../ui/spinner.tsx'
import { useToast } from '../../../../ui/toast.tsx'
import { fetchCurrentUser } from '../../api/current-user.ts'
import { Pager } from '../../components/pager.tsx'
import { StaffLayout } from '../../components/staff-layout.tsx'
import { useDebouncedValue } from '../../components/use-debounced-value.ts'
import { useLoad } from '../../../../lib/use-load.ts'
import { deleteOrder, fetchStaffOrders, updateOrderStatus } from '../api/orders.ts'
import { AdminOrderCard } from '../components/admin-order-card.tsx'
import { isOrderStatus } from '../order-status-style.ts'
import { useIntervalReload } from '../use-interval-reload.ts'
import './orders-page.css'

const text = admin.orders
/** staff-and-content.md §9. */
const RELOAD_EVERY_MS = 30_000
const STATUS_ERROR_MS = 3_000
const SEARCH_DELAY_MS = 300

const STATUS_FILTERS = [
  { value: '', label: text.allStatuses },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: adminStatusLabel(status) })),
]
const SORT_OPTIONS = ORDER_SORTS.map((sort) => ({ value: sort, label: text.sorts[sort] }))

/** A chosen status, shown at once: while it is saved, and until the list it was chosen on is reloaded. */
type ChosenStatus = { status: OrderStatus; basis: AdminOrderList | undefined; isSaving: boolean }

/**
 * staff-and-content.md §2 Orders admin, §4 Order status: search, status filter, sort and the order
 * cards; any status from any other; delete for administrators. The role is checked again through
 * GET /api/auth/me: a failed check reads 'Failed to verify access permissions' and goes to /.
 */
export function AdminOrdersPage() {
  const toast = useToast()
  const navigate = useNavigate()
  const { user: storedUser } = useSession()
  const current = useLoad((signal) => fetchCurrentUser(signal), storedUser?.id ?? '')
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<OrderStatus | ''>('')
  const [sort, setSort] = useState<OrderSort>(DEFAULT_ORDER_SORT)
  const [page, setPage] = useState(1)
  const [chosen, setChosen] = useState<ReadonlyMap<string, ChosenStatus>>(new Map())
  const [statusError, setStatusError] = useState<string | null>(null)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const saving = useRef(0)
  const query = useDebouncedValue(search, SEARCH_DELAY_MS)
  const list = useLoad(
    (signal) => fetchStaffOrders({ search: query, status, sort, page }, signal),
    [query, status, sort, page].join('\n'),
  )
  useIntervalReload(list.reload, RELOAD_EVERY_MS, () => saving.current > 0)

  const accessFailed = current.status === 'error'
  useEffect(() => {
    if (!accessFailed) return
    toast.show(admin.staff.accessCheckFailed, 'error')
    void navigate('/', { replace: true })
  }, [accessFailed, navigate, toast])

  useEffect(() => {
    if (!statusError) return
    const timer = window.setTimeout(() => setStatusError(null), STATUS_ERROR_MS)
    return () => window.clearTimeout(timer)
  }, [statusError])

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
    setStatusError(null)
    saving.current += 1
    try {
      await updateOrderStatus(order.id, next)
      remember(order.id, { status: next, basis: data, isSaving: false })
    } catch {
      remember(order.id, null)
      setStatusError(text.statusFailed)
    } finally {
      saving.current -= 1
    }
    list.reload()
  }

  async function remove(order: OrderView) {
    // §8: deleting an order asks for a browser confirmation first.
    if (!window.confirm(format(text.deleteConfirm, { number: shortOrderId(order.id) }))) return
    setDeleteError(null)
    try {
      await deleteOrder(order.id)
      toast.show(text.deleted, 'success')
    } catch {
      setDeleteError(text.deleteFailed)
    }
    list.reload()
  }

  const shownStatus = (order: OrderView) => {
    const entry = chosen.get(order.id)
    return entry && (entry.isSaving || entry.basis === data) ? entry : null
  }
  const isFiltered = query.trim() !== '' || status !== ''

  return (
    <StaffLayout
      title={shell.admin.pages.orders.title}
      badge={data && <Badge tone="primary">{format(admin.staff.count, { count: data.total })}</Badge>}
    >
      <div className="staff-toolbar admin-orders__toolbar" role="search">
        <TextField
          label={text.searchLabel}
          type="search"
          placeholder={text.searchPlaceholder}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value)
            setPage(1)
          }}
        />
        <SelectField
          label={text.statusFilter}
          value={status}
          options={STATUS_FILTERS}
          onChange={(event) => {
            const value = event.target.value
            setStatus(isOrderStatus(value) ? value : '')
            setPage(1)
          }}
        />
        <SelectField
          label={text.sortLabel}
          value={sort}
          options={SORT_OPTIONS}
          onChange={(event) => {
            setSort(ORDER_SORTS.find((option) => option === event.target.value) ?? DEFAULT_ORDER_SORT)
            setPage(1)
          }}
        />
      </div>
      <p className="admin-orders__hint">{text.autoRefresh}</p>
      {statusError && <Alert tone="danger">{statusError}</Alert>}
      {deleteError && <Alert tone="danger">{deleteError}</Alert>}
      {list.status === 'error' && (
        <Alert tone="danger">
          {text.loadFailed}{' '}
          <Button size="sm" variant="secondary" onClick={list.reload}>
            {admin.staff.tryAgain}
          </Button>
        </Alert>
      )}
      {!data && list.status === 'loading' && <LoadingBlock label={admin.staff.loading} />}
      {data && data.data.length === 0 && (
        <EmptyState icon={<ReceiptIcon size={30} />} title={isFiltered ? admin.staff.noMatch : text.empty} />
      )}
      {data && data.data.length > 0 && (
        <>
          <ul className="admin-orders__list" aria-busy={list.status === 'loading' || undefined}>
            {data.data.map((order) => {
              const override = shownStatus(order)
              return (
                <li key={order.id}>
                  <AdminOrderCard
                    order={order}
                    status={override?.status ?? order.status}
                    isSaving={override?.isSaving ?? false}
                    canDelete={isAdmin}
                    onStatusChange={(next) => void changeStatus(order, next)}
                    onDelete={() => void remove(order)}
                  />
                </li>
              )
            })}
          </ul>
          <Pager page={data.page} pages={data.pages} onPage={setPage} />
        </>
      )}
    </StaffLayout>
  )
}
