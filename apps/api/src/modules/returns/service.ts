import { format, messages } from '@shop/shared/messages/bs.ts'
import type { ErrorCode } from '@shop/shared/errors/error-codes.ts'
import { pageCount } from '@shop/shared/rules/pagination.ts'
import {
  MAX_RETURN_PHOTOS,
  canMoveReturn,
  isWithinReturnWindow,
  returnDeadline,
  type ReturnReason,
} from '@shop/shared/rules/returns.ts'
import { isUuid } from '@shop/shared/rules/uuid.ts'
import {
  RETURNS_PAGE_SIZE,
  returnRequestInput,
  type BuyerReturnView,
  type OrderReturnsView,
  type ReturnStatusInput,
  type StaffReturnList,
  type StaffReturnQuery,
  type StaffReturnView,
} from '@shop/shared/schemas/returns.ts'
import type { Actor } from '../../platform/actor.ts'
import type { Database, Queryable } from '../../platform/db.ts'
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts'
import { deleteStoredImage, detectImageType, storeImage } from '../../platform/images.ts'
import { formatMailDate } from '../../platform/mail-templates.ts'
import { enqueueMail } from '../../platform/outbox.ts'
import { staffWrite } from '../../platform/staff-write.ts'
import type { Storage } from '../../platform/storage.ts'
import type { AuthUser } from '../../platform/auth.ts'
import {
  findReturnableOrder,
  findReturnableOrderByToken,
  findReturnableOwnOrder,
  issueOrderPageToken,
  putReturnedStockBack,
  type ReturnableOrder,
  type ShopLinks,
} from '../orders/service.ts'
import { returnBuyerMail, returnShopMail } from './mail.ts'
import {
  findClaimedQuantities,
  findReturn,
  findReturnsOfAccount,
  findReturnsOfOrder,
  findReturnStockLines,
  insertReturn,
  insertReturnStep,
  listStaffReturns,
  lockOrderReturns,
  lockReturn,
  markStockReturned,
  setReturnStatus,
  type ReturnPhoto,
  type ReturnRecord,
} from './repo.ts'

// docs/decisions.md ('Complaints and returns'), 'Complaints and returns'.
const text = messages.returns

/** The buyer's multipart form as the route read it: its text fields and its photo files. */
export type ReturnForm = { fields: Record<string, string>; photos: Buffer[] }

function toBuyerView(record: ReturnRecord): BuyerReturnView {
  return {
    id: record.id,
    status: record.status,
    reason: record.reason,
    description: record.description,
    photos: record.photos,
    lines: record.lines,
    history: record.history,
    rejectionReason: record.rejectionReason,
    createdAt: record.createdAt,
  }
}

/** What the order page shows: the windows, each line's room for a claim, and the complaints with their steps. */
async function toOrderReturns(db: Queryable, returnable: ReturnableOrder, now: number): Promise<OrderReturnsView> {
  const claimed = await findClaimedQuantities(db, returnable.order.id)
  const lines = returnable.items.map((item) => {
    const taken = claimed.get(item.itemId) ?? 0
    return {
      itemId: item.itemId,
      name: item.name,
      size: item.size,
      ordered: item.quantity,
      claimed: taken,
      available: Math.max(0, item.quantity - taken),
    }
  })
  const { deliveredAt } = returnable
  const isOpen = deliveredAt !== null && isWithinReturnWindow(deliveredAt, 'other', now)
  return {
    deliveredAt,
    returnUntil: deliveredAt ? returnDeadline(deliveredAt, 'other').toISOString() : null,
    wrongDeliveryUntil: deliveredAt ? returnDeadline(deliveredAt, 'damaged').toISOString() : null,
    canFile: isOpen && lines.some((line) => line.available > 0),
    lines,
    returns: (await findReturnsOfOrder(db, returnable.order.id)).map(toBuyerView),
  }
}

/** GET /api/order-status/{token}/returns. */
export async function getOrderReturnsByToken(db: Queryable, token: string, now: number): Promise<OrderReturnsView> {
  return toOrderReturns(db, await findReturnableOrderByToken(db, token, now), now)
}

/** GET /api/orders/{id}/returns: the signed-in owner's order only. */
export async function getOwnOrderReturns(
  db: Queryable,
  user: AuthUser,
  id: string,
  now: number,
): Promise<OrderReturnsView> {
  return toOrderReturns(db, await findReturnableOwnOrder(db, user, id), now)
}

// ---- Filing a complaint ----

const FIELD_CODES: Record<string, ErrorCode> = {
  lines: 'RETURN_LINES_INVALID',
  reason: 'RETURN_REASON_INVALID',
  description: 'RETURN_DESCRIPTION_INVALID',
}

/** The form's text fields checked with the shared schema; the first failing field names the code. */
function parseFields(fields: Record<string, string>) {
  let lines: unknown = undefined
  if (fields.lines !== undefined) {
    try {
      lines = JSON.parse(fields.lines)
    } catch {
      throw badRequest(text.linesRequired, 'RETURN_LINES_INVALID')
    }
  }
  const parsed = returnRequestInput.safeParse({ lines, reason: fields.reason, description: fields.description })
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const field = String(issue?.path[0] ?? 'lines')
  throw badRequest(issue?.message ?? text.linesRequired, FIELD_CODES[field] ?? 'RETURN_LINES_INVALID')
}

function assertWithinWindow(deliveredAt: string | null, reason: ReturnReason, now: number): asserts deliveredAt {
  if (deliveredAt === null) throw conflict(text.notDelivered, 'RETURN_NOT_DELIVERED')
  if (isWithinReturnWindow(deliveredAt, reason, now)) return
  const date = formatMailDate(returnDeadline(deliveredAt, reason).toISOString())
  const isWrongDelivery = reason === 'damaged' || reason === 'wrong_product'
  throw new AppError(
    422,
    'RETURN_WINDOW_CLOSED',
    format(isWrongDelivery ? text.wrongDeliveryWindowClosed : text.returnWindowClosed, { date }),
  )
}

/** Each photo is checked by its bytes and stored as the staff images are (platform/images.ts), in Bosnian. */
async function storePhotos(storage: Storage, photos: readonly Buffer[]): Promise<ReturnPhoto[]> {
  if (photos.length > MAX_RETURN_PHOTOS) throw badRequest(text.tooManyPhotos, 'RETURN_TOO_MANY_PHOTOS')
  for (const photo of photos) {
    if (!(await detectImageType(photo))) {
      throw new AppError(415, 'INVALID_IMAGE_TYPE', messages.images.content.unsupportedType)
    }
  }
  const stored: ReturnPhoto[] = []
  try {
    for (const photo of photos) {
      const image = await storeImage(storage, photo, 'returns', { wording: 'content' })
      stored.push({ url: image.url, width: image.width, height: image.height })
    }
  } catch (error) {
    await removePhotos(storage, stored)
    if (error instanceof AppError && error.code === 'INVALID_IMAGE_TYPE') {
      throw new AppError(415, 'INVALID_IMAGE_TYPE', messages.images.content.unsupportedType)
    }
    throw error
  }
  return stored
}

async function removePhotos(storage: Storage, photos: readonly ReturnPhoto[]): Promise<void> {
  await Promise.allSettled(photos.map((photo) => deleteStoredImage(storage, photo.url)))
}

export type FileReturnCommand = {
  db: Database
  storage: Storage
  links: ShopLinks
  /** The caller: the signed-in owner, or a guest holding the order's link. */
  actor: Actor
  form: ReturnForm
  now: number
}

/**
 * Files a complaint for a delivered order: only within the window of its reason (legal page: 15 days for a
 * return, 7 for a damaged or wrong delivery), only for the order's own lines and never more of a line than
 * was ordered less what other complaints (not rejected) claim. Nothing is stored when any check fails.
 */
async function fileReturn(command: FileReturnCommand, returnable: ReturnableOrder): Promise<BuyerReturnView> {
  const { db, storage, links, form, now } = command
  const { order, deliveredAt, items } = returnable
  if (deliveredAt === null) throw conflict(text.notDelivered, 'RETURN_NOT_DELIVERED')
  const input = parseFields(form.fields)
  assertWithinWindow(deliveredAt, input.reason, now)
  const itemsById = new Map(items.map((item) => [item.itemId, item]))
  for (const line of input.lines) {
    if (!itemsById.has(line.itemId)) throw badRequest(text.lineUnknown, 'RETURN_LINES_INVALID')
  }
  if (form.photos.length > MAX_RETURN_PHOTOS) throw badRequest(text.tooManyPhotos, 'RETURN_TOO_MANY_PHOTOS')
  await assertQuantities(db, order.id, input.lines, itemsById)
  const photos = await storePhotos(storage, form.photos)
  // The buyer as the audit log and the ledger name her: her account, or the order's e-mail for a guest.
  const buyer: Actor = { ...command.actor, email: command.actor.email ?? order.email }
  try {
    return await staffWrite(db, buyer, 'staff-only', async ({ client, audit }) => {
      await lockOrderReturns(client, order.id)
      await assertQuantities(client, order.id, input.lines, itemsById)
      const id = await insertReturn(client, {
        orderId: order.id,
        reason: input.reason,
        description: input.description,
        photos,
        lines: input.lines,
      })
      const record = (await findReturn(client, id))!
      await audit({
        action: 'return.create',
        entity: 'return',
        entityId: id,
        before: null,
        after: { orderId: order.id, reason: input.reason, lines: input.lines, photos: photos.length },
      })
      const context = {
        publicUrl: links.publicUrl,
        shopEmail: links.shopEmail,
        orderId: order.id,
        email: order.email,
        buyerName: order.shippingAddress.full_name,
      }
      const orderPageToken = await issueOrderPageToken(client, order.id)
      await enqueueMail(client, returnBuyerMail(record, { ...context, orderPageToken }))
      await enqueueMail(client, returnShopMail(record, context))
      return toBuyerView(record)
    })
  } catch (error) {
    await removePhotos(storage, photos)
    throw error
  }
}

async function assertQuantities(
  db: Queryable,
  orderId: string,
  lines: readonly { itemId: string; quantity: number }[],
  itemsById: ReadonlyMap<string, ReturnableOrder['items'][number]>,
): Promise<void> {
  const claimed = await findClaimedQuantities(db, orderId)
  for (const line of lines) {
    const item = itemsById.get(line.itemId)!
    const available = Math.max(0, item.quantity - (claimed.get(item.itemId) ?? 0))
    if (line.quantity > available) {
      throw new AppError(
        422,
        'RETURN_QUANTITY_TOO_HIGH',
        format(text.quantityTooHigh, { name: item.size ? `${item.name} (${item.size})` : item.name, count: available }),
      )
    }
  }
}

/** POST /api/order-status/{token}/returns: whoever holds the order's link (a guest too). */
export async function fileReturnByToken(command: FileReturnCommand, token: string): Promise<BuyerReturnView> {
  return fileReturn(command, await findReturnableOrderByToken(command.db, token, command.now))
}

/** POST /api/orders/{id}/returns: the signed-in owner, from her history. */
export async function fileOwnReturn(command: FileReturnCommand, user: AuthUser, id: string): Promise<BuyerReturnView> {
  return fileReturn(command, await findReturnableOwnOrder(command.db, user, id))
}

// ---- Staff ----

function toStaffView(record: ReturnRecord & { email: string; buyerName: string; documentNumber: string | null }) {
  return {
    ...toBuyerView(record),
    orderId: record.orderId,
    documentNumber: record.documentNumber,
    buyerName: record.buyerName,
    email: record.email,
    updatedAt: record.updatedAt,
  } satisfies StaffReturnView
}

/** GET /api/returns: newest first, filtered by status and by order number, buyer or e-mail. */
export async function listReturns(db: Queryable, query: StaffReturnQuery): Promise<StaffReturnList> {
  const page = query.page ?? 1
  const { rows, total } = await listStaffReturns(db, {
    ...(query.status ? { status: query.status } : {}),
    ...(query.query?.trim() ? { query: query.query.trim() } : {}),
    limit: RETURNS_PAGE_SIZE,
    offset: (page - 1) * RETURNS_PAGE_SIZE,
  })
  return { items: rows.map(toStaffView), total, page, pages: pageCount(total, RETURNS_PAGE_SIZE) }
}

const returnNotFound = () => notFound(text.notFound, 'RETURN_NOT_FOUND')

/**
 * PUT /api/returns/{id}: staff move a complaint one step (rules/returns.ts); a rejection names its reason.
 * 'received' puts the goods back in stock once (the complaint is locked and remembers it); every step is
 * audited and mailed to the buyer with a fresh link to the order page, where the step shows.
 */
export async function changeReturnStatus(
  db: Database,
  links: ShopLinks,
  actor: Actor,
  id: string,
  input: ReturnStatusInput,
): Promise<{ message: string; return: StaffReturnView }> {
  if (!isUuid(id)) throw returnNotFound()
  const reason = input.reason?.trim() ?? ''
  if (input.status === 'rejected' && reason === '') {
    throw badRequest(text.rejectionReasonRequired, 'RETURN_REJECTION_REASON_REQUIRED')
  }
  const updated = await staffWrite(db, actor, 'staff-only', async ({ client, audit }) => {
    const head = await lockReturn(client, id)
    if (!head) throw returnNotFound()
    if (!canMoveReturn(head.status, input.status)) {
      throw conflict(
        format(text.statusOrder, { from: text.statuses[head.status], to: text.statuses[input.status] }),
        'RETURN_STATUS_ORDER',
      )
    }
    const givesStockBack = input.status === 'received' && head.stock_returned_at === null
    if (givesStockBack) {
      const lines = await findReturnStockLines(client, id)
      await putReturnedStockBack(client, actor, lines, format(text.stockReason, { id: id.slice(0, 8) }))
      await markStockReturned(client, id)
    }
    const note = input.status === 'rejected' ? reason : null
    await setReturnStatus(client, id, input.status, note)
    await insertReturnStep(client, id, input.status, note)
    await audit({
      action: 'return.status',
      entity: 'return',
      entityId: id,
      before: { status: head.status },
      after: {
        status: input.status,
        orderId: head.order_id,
        ...(note ? { reason: note } : {}),
        ...(givesStockBack ? { stockReturned: true } : {}),
      },
    })
    const record = (await findReturn(client, id))!
    const { order } = await findReturnableOrder(client, head.order_id)
    const orderPageToken = await issueOrderPageToken(client, order.id)
    await enqueueMail(
      client,
      returnBuyerMail(record, {
        publicUrl: links.publicUrl,
        shopEmail: links.shopEmail,
        orderId: order.id,
        email: order.email,
        buyerName: order.shippingAddress.full_name,
        orderPageToken,
      }),
    )
    return {
      ...record,
      email: order.email,
      buyerName: order.shippingAddress.full_name,
      documentNumber: order.documentNumber,
    }
  })
  return { message: text.updated, return: toStaffView(updated) }
}

/** docs/decisions.md, 'Their own data': the account's complaints, for its data export. */
export async function listReturnsOfAccount(db: Queryable, userId: string): Promise<BuyerReturnView[]> {
  return (await findReturnsOfAccount(db, userId)).map(toBuyerView)
}
