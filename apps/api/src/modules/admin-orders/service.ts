import type { FastifyRequest } from 'fastify'
import { format, messages } from '@shop/shared/messages/bs.ts'
import { pageCount } from '@shop/shared/rules/pagination.ts'
import { ORDER_STATUSES, type OrderStatus } from '@shop/shared/rules/order-status.ts'
import type { AdminOrderList, OrderSort, StaffOrderView } from '@shop/shared/schemas/admin-orders.ts'
import type { OrderView } from '@shop/shared/schemas/orders.ts'
import { recordAudit } from '../../platform/audit.ts'
import type { Database, Queryable } from '../../platform/db.ts'
import { conflict, notFound } from '../../platform/errors.ts'
import { isUuid } from '../cart/repo.ts'
import {
  findOrder,
  findOrderHeadForUpdate,
  findOrdersByIds,
  findOrderStockItems,
  lockStockRows,
  setOrderStatus,
  takeOptionStock,
  takeProductStock,
  type StockChange,
} from '../orders/repo.ts'
import { insufficientStockMessage, restoreOrderStock, type ShopLinks } from '../orders/service.ts'
import { orderStatusMail } from './mail.ts'
import {
  deleteHeldMail,
  deleteOrderRow,
  findLastStatusChange,
  findLineStock,
  clearSuspicionReasons,
  findSuspicionReasons,
  insertHeldMail,
  listOrderIds,
  type LineStock,
} from './repo.ts'

const text = messages.admin.orders

const orderNotFound = () => notFound(messages.orders.orderNotFound, 'ORDER_NOT_FOUND')

export type OrderListQuery = {
  search?: string
  status?: OrderStatus
  suspicious?: 'true' | 'false'
  sort: OrderSort
  page: number
  limit: number
}

/** GET /api/orders for staff: one page of the search, with the count that the pager needs. */
export async function listStaffOrders(db: Database, query: OrderListQuery): Promise<AdminOrderList> {
  const { ids, total } = await listOrderIds(db, {
    search: query.search,
    status: query.status,
    isSuspicious: query.suspicious === undefined ? undefined : query.suspicious === 'true',
    sort: query.sort,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  })
  const [orders, reasons] = await Promise.all([findOrdersByIds(db, ids), findSuspicionReasons(db, ids)])
  return {
    data: orders.map((order) => ({ ...order, suspicion: reasons.get(order.id) ?? [] })),
    total,
    page: query.page,
    pages: pageCount(total, query.limit),
    limit: query.limit,
  }
}

/** What a cancelled order must take again, per product without sizes and per option (finite stock only). */
function stockToRetake(lines: readonly LineStock[]): { products: StockChange[]; options: StockChange[] } {
  const needs = new Map<string, { line: LineStock; quantity: number }>()
  for (const line of lines) {
    const id = line.is_option ? line.option_id : line.product_id
    if (id === null || line.finite_stock === null) continue
    const key = `${line.is_option ? 'option' : 'product'}:${id}`
    const need = needs.get(key)
    if (need) need.quantity += line.quantity
    else needs.set(key, { line, quantity: line.quantity })
  }
  const products: StockChange[] = []
  const options: StockChange[] = []
  for (const { line, quantity } of needs.values()) {
    if ((line.finite_stock ?? 0) < quantity) {
      throw conflict(
        format(text.notEnoughStockToReopen, { reason: insufficientStockMessage(line.name, line.size) }),
        'INSUFFICIENT_STOCK',
      )
    }
    if (line.is_option) options.push({ id: line.option_id!, quantity })
    else products.push({ id: line.product_id!, quantity })
  }
  return { products, options }
}

/**
 * Reopening a cancelled order takes its stock again (DECISIONS, admin orders), all or nothing:
 * when any line is short the change is refused with 409 INSUFFICIENT_STOCK and nothing moves.
 * Lines whose product or option was deleted since, and infinite stock, take nothing.
 */
async function retakeOrderStock(client: Queryable, orderId: string): Promise<void> {
  const items = await findOrderStockItems(client, orderId)
  const productIds = [...new Set(items.flatMap((item) => (item.product_id ? [item.product_id] : [])))]
  const optionIds = [...new Set(items.flatMap((item) => (item.option_id ? [item.option_id] : [])))]
  await lockStockRows(client, productIds, optionIds)
  const changes = stockToRetake(await findLineStock(client, orderId))
  await takeProductStock(client, changes.products)
  await takeOptionStock(client, changes.options)
}

async function lockOrder(client: Queryable, id: string) {
  const head = isUuid(id) ? await findOrderHeadForUpdate(client, id) : undefined
  if (!head) throw orderNotFound()
  return head
}

/** Moves the order's stock as a status change from `from` to `to` demands (§4, DECISIONS). */
async function moveStockForStatus(client: Queryable, id: string, from: string, to: OrderStatus): Promise<void> {
  if (to === 'cancelled') await restoreOrderStock(client, id)
  else if (from === 'cancelled') await retakeOrderStock(client, id)
}

/**
 * PATCH /api/orders/{id}/status: staff may set any status from any other (staff-and-content.md §4).
 * Into 'cancelled' the stock goes back once; out of 'cancelled' it is taken again or the change
 * is refused. The customer's mail is queued in the same transaction, held for a minute so that
 * the change can be undone (DECISIONS, issue 10 item 8); the audit entry keeps the held mail's id.
 * Setting the status the order already has changes nothing and mails nobody.
 */
export async function changeOrderStatus(
  db: Database,
  links: ShopLinks,
  request: FastifyRequest,
  id: string,
  status: OrderStatus,
): Promise<OrderView> {
  return db.transaction(async (client) => {
    const head = await lockOrder(client, id)
    if (head.status !== status) {
      await moveStockForStatus(client, id, head.status, status)
      await setOrderStatus(client, id, status)
    }
    const order = await findOrder(client, id)
    if (!order) throw orderNotFound()
    if (head.status !== status) {
      const heldMailId = await insertHeldMail(client, orderStatusMail(order, links))
      await recordAudit(client, request, {
        action: 'order.status',
        entity: 'order',
        entityId: id,
        before: { status: head.status },
        after: { status, heldMailId },
      })
    }
    return order
  })
}

const undoExpired = () => conflict(text.undoExpired, 'UNDO_EXPIRED')

function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value)
}

/**
 * POST /api/orders/{id}/status/undo: takes back the order's latest status change while its
 * customer mail is still held: the old status returns (with its stock, as any change moves it),
 * and the held mail is deleted in the same transaction, so it is never sent. Once the mail has
 * gone out, or the status has changed again since, the answer is 409 UNDO_EXPIRED.
 */
export async function undoOrderStatus(db: Database, request: FastifyRequest, id: string): Promise<OrderView> {
  return db.transaction(async (client) => {
    const head = await lockOrder(client, id)
    const last = await findLastStatusChange(client, id)
    if (!last?.heldMailId || last.after !== head.status || !isOrderStatus(last.before)) throw undoExpired()
    if (!(await deleteHeldMail(client, last.heldMailId))) throw undoExpired()
    await moveStockForStatus(client, id, head.status, last.before)
    await setOrderStatus(client, id, last.before)
    await recordAudit(client, request, {
      action: 'order.status_undo',
      entity: 'order',
      entityId: id,
      before: { status: head.status },
      after: { status: last.before, withdrawnMailId: last.heldMailId },
    })
    const order = await findOrder(client, id)
    if (!order) throw orderNotFound()
    return order
  })
}

/**
 * DELETE /api/orders/{id}/suspicion: staff checked a flagged order (issue 13 (e)) and found it
 * genuine; the flag and its reasons go, the audit log keeps them with who cleared them. An order
 * without a flag is answered as it is (nothing to record).
 */
export async function clearOrderSuspicion(db: Database, request: FastifyRequest, id: string): Promise<StaffOrderView> {
  return db.transaction(async (client) => {
    await lockOrder(client, id)
    const reasons = (await findSuspicionReasons(client, [id])).get(id) ?? []
    if (reasons.length > 0) {
      await clearSuspicionReasons(client, id)
      await recordAudit(client, request, {
        action: 'order.suspicion_cleared',
        entity: 'order',
        entityId: id,
        before: { suspicion: reasons },
        after: { suspicion: [] },
      })
    }
    const order = await findOrder(client, id)
    if (!order) throw orderNotFound()
    return { ...order, suspicion: [] }
  })
}

/**
 * Statuses whose goods are still in the shop: deleting such an order gives its stock back.
 * A shipped or completed order's goods have left; a cancelled one gave its stock back already.
 */
const HOLDS_SHELF_STOCK = new Set(['pending', 'processing', 'ready_for_pickup'])

/** DELETE /api/orders/{id} (admin only): the order and its lines go; the audit keeps the whole order. */
export async function deleteOrder(
  db: Database,
  request: FastifyRequest,
  id: string,
): Promise<{ id: string; message: string }> {
  return db.transaction(async (client) => {
    const head = await lockOrder(client, id)
    const before = await findOrder(client, id)
    const stockReturned = HOLDS_SHELF_STOCK.has(head.status)
    if (stockReturned) await restoreOrderStock(client, id)
    await deleteOrderRow(client, id)
    await recordAudit(client, request, {
      action: 'delete',
      entity: 'order',
      entityId: id,
      before: { ...before, stockReturned },
      after: null,
    })
    return { id, message: text.deleted }
  })
}
