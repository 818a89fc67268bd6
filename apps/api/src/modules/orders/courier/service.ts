import { format, messages } from '@shop/shared/messages/bs.ts'
import { roundMoney } from '@shop/shared/rules/money.ts'
import { shortOrderId } from '@shop/shared/rules/order-status.ts'
import { isPickupOption } from '@shop/shared/rules/shipping.ts'
import { isUuid } from '@shop/shared/rules/uuid.ts'
import {
  TRACKING_NUMBER_PATTERN,
  toCourierSettings,
  trackingUrlOf,
  type CourierSettings,
  type CourierSettingsView,
  type PayoutReport,
  type TrackingImportReport,
} from '@shop/shared/schemas/courier.ts'
import type { OrderView } from '@shop/shared/schemas/orders.ts'
import type { Actor } from '../../../platform/actor.ts'
import type { Database, Queryable } from '../../../platform/db.ts'
import { conflict, notFound } from '../../../platform/errors.ts'
import { staffWrite, type StaffTransaction } from '../../../platform/staff-write.ts'
import { getShippingSettings } from '../../shipping/service.ts'
import {
  findCourierSettingsValue,
  findOrderHeadForUpdate,
  findOrder,
  findOrdersByIds,
  findOverdueUnpaid,
  lockCourierSettings,
  lockOrdersByReference,
  saveCourierSettings,
  setPaid,
  setTracking,
  type CourierMatch,
} from '../repo.ts'
import { BOM, csvLine, decimalComma, parseAmount, parseCsv, parseDate, rowError } from './csv.ts'

// Courier hand-off, tracking numbers and cash-on-delivery payouts (docs/decisions.md, 'Courier
// hand-off, tracking and payouts').

const text = messages.courier
const orderNotFound = () => notFound(messages.orders.orderNotFound, 'ORDER_NOT_FOUND')

// ---- Shipment export ----

/** One order's row of the courier's file, in the column layout of docs/decisions.md. */
export function shipmentRow(order: OrderView): string[] {
  const address = order.shippingAddress
  const count = order.products.reduce((sum, line) => sum + line.quantity, 0)
  return [
    order.documentNumber ?? '',
    address.full_name,
    address.phone_number,
    address.street_address,
    address.zip_code,
    address.city,
    '1',
    // The parcel's weight kept at checkout; empty when a line had none (docs/decisions.md, 'Product weights').
    order.weightKg == null ? '' : order.weightKg.toFixed(3).replace('.', ','),
    decimalComma(order.total),
    format(text.csvNote, { number: shortOrderId(order.id), count }),
  ]
}

/** The whole file: byte order mark, the header and one row per order. */
export function shipmentCsv(orders: readonly OrderView[]): string {
  return BOM + csvLine(text.csvHeader) + orders.map((order) => csvLine(shipmentRow(order))).join('')
}

/**
 * POST /api/orders/shipments.csv: the selected orders as the courier's import file, in the order of
 * ids. An order without a document number (still pending, or cancelled while pending) is refused with
 * 409 SHIPMENT_NOT_NUMBERED naming them all; an unknown id answers 404. Each order's export is audited.
 */
export async function exportShipments(
  db: Database,
  actor: Actor,
  ids: readonly string[],
): Promise<{ csv: string; fileName: string }> {
  const orders = await staffWrite(db, actor, 'staff-only', async ({ client, audit }) => {
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))]
    const found = unique.every(isUuid) ? await findOrdersByIds(client, unique) : []
    if (found.length !== unique.length) throw orderNotFound()
    const unnumbered = found.filter((order) => order.documentNumber === null)
    if (unnumbered.length > 0) {
      const numbers = unnumbered.map((order) => `#${shortOrderId(order.id)}`).join(', ')
      throw conflict(format(text.notNumbered, { numbers }), 'SHIPMENT_NOT_NUMBERED')
    }
    for (const order of found) {
      await audit({
        action: 'order.shipment_exported',
        entity: 'order',
        entityId: order.id,
        before: null,
        after: { documentNumber: order.documentNumber, total: order.total, batch: found.length },
      })
    }
    return found
  })
  const fileName =
    orders.length === 1 ? `kurir-${orders[0]!.documentNumber}.csv` : `kurir-${orders.length}-posiljki.csv`
  return { csv: shipmentCsv(orders), fileName }
}

// ---- Courier settings ----

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''

async function courierSettings(db: Queryable): Promise<CourierSettings> {
  return toCourierSettings(await findCourierSettingsValue(db))
}

/** The tracking link of a number for an order sent by shippingMethodId: its courier's pattern, else the default. */
function trackingUrlFor(settings: CourierSettings, shippingMethodId: string | null, trackingNumber: string): string {
  const pattern = (shippingMethodId && settings.trackingUrls[shippingMethodId]) || settings.defaultTrackingUrl
  return trackingUrlOf(pattern, trackingNumber)
}

/** GET /api/settings/courier: the settings and the couriers they can name (shipping options other than pickup). */
export async function getCourierSettings(db: Database): Promise<CourierSettingsView> {
  const settings = await courierSettings(db)
  const shipping = await getShippingSettings(db)
  const options = Array.isArray(shipping.options) ? (shipping.options as { id?: unknown; name?: unknown }[]) : []
  const couriers = options
    .map((option) => ({ id: textOf(option.id), name: textOf(option.name) }))
    .filter((option) => option.id !== '' && !isPickupOption(option))
  return { ...settings, couriers }
}

/** PUT /api/settings/courier: the whole object; audited with before and after. Links already given stay. */
export async function updateCourierSettings(
  db: Database,
  actor: Actor,
  input: CourierSettings,
): Promise<CourierSettingsView> {
  const trackingUrls = Object.fromEntries(Object.entries(input.trackingUrls).filter(([, pattern]) => pattern !== ''))
  const value = { ...input, trackingUrls }
  await staffWrite(db, actor, 'staff-only', async ({ client, auditSettings }) => {
    const before = await lockCourierSettings(client)
    await saveCourierSettings(client, value)
    await auditSettings('courier', before, value)
  })
  return getCourierSettings(db)
}

// ---- Tracking numbers ----

type Audit = StaffTransaction['audit']

async function writeTracking(
  client: Queryable,
  audit: Audit,
  settings: CourierSettings,
  order: { id: string; tracking_number: string; shipping_method_id: string | null },
  trackingNumber: string,
): Promise<boolean> {
  if (order.tracking_number === trackingNumber) return false
  const url = trackingUrlFor(settings, order.shipping_method_id, trackingNumber)
  await setTracking(client, order.id, trackingNumber, url)
  await audit({
    action: 'order.tracking',
    entity: 'order',
    entityId: order.id,
    before: { trackingNumber: order.tracking_number },
    after: { trackingNumber, trackingUrl: url },
  })
  return true
}

/** PUT /api/orders/{id}/tracking: the courier's number, its link made from the courier's pattern; '' clears both. */
export async function updateTracking(
  db: Database,
  actor: Actor,
  id: string,
  trackingNumber: string,
): Promise<OrderView> {
  return staffWrite(db, actor, 'staff-only', async ({ client, audit }) => {
    const head = isUuid(id) ? await findOrderHeadForUpdate(client, id) : undefined
    const order = head && (await findOrder(client, id))
    if (!order) throw orderNotFound()
    const settings = await courierSettings(client)
    await writeTracking(
      client,
      audit,
      settings,
      { id, tracking_number: order.trackingNumber, shipping_method_id: order.shippingMethod?.id ?? null },
      trackingNumber,
    )
    return (await findOrder(client, id))!
  })
}

const required = (value: string | undefined): value is string => value !== undefined && value !== ''

/**
 * How both courier imports begin their transaction: the courier settings, and the orders the file's rows
 * name, locked (by tracking number too when byTracking), keyed by the upper-cased reference.
 */
async function lockImportedOrders(client: Queryable, rows: readonly { reference: string }[], byTracking: boolean) {
  const settings = await courierSettings(client)
  const orders = await lockOrdersByReference(
    client,
    rows.map((row) => row.reference),
    byTracking,
  )
  return { settings, orders }
}

/**
 * POST /api/orders/tracking-import: rows 'reference;trackingNumber' (reference = document number).
 * The whole file is checked first: any bad row answers 400 naming its row and column, and nothing is
 * written. Then, in one transaction, each matched order gets its number; rows naming no order are listed.
 */
export async function importTracking(db: Database, actor: Actor, content: string): Promise<TrackingImportReport> {
  const rows = parseCsv(content).map(({ row, cells }) => {
    const [reference, trackingNumber] = cells
    if (!required(reference)) throw rowError(row, 1, text.columnReference, text.problemMissing)
    if (reference.length > 40) throw rowError(row, 1, text.columnReference, text.problemReference)
    if (!required(trackingNumber)) throw rowError(row, 2, text.columnTrackingNumber, text.problemMissing)
    if (trackingNumber.length > 40 || !TRACKING_NUMBER_PATTERN.test(trackingNumber)) {
      throw rowError(row, 2, text.columnTrackingNumber, text.problemTracking)
    }
    return { row, reference, trackingNumber }
  })
  return staffWrite(db, actor, 'staff-only', async ({ client, audit }) => {
    const { settings, orders } = await lockImportedOrders(client, rows, false)
    const report: TrackingImportReport = { message: '', changed: 0, matched: [], unmatched: [] }
    for (const { row, reference, trackingNumber } of rows) {
      const order = orders.get(reference.toUpperCase())
      if (!order) {
        report.unmatched.push({ row, reference, orderId: null, documentNumber: null, trackingNumber })
        continue
      }
      const isChanged = await writeTracking(client, audit, settings, order, trackingNumber)
      order.tracking_number = trackingNumber
      if (isChanged) report.changed += 1
      report.matched.push({
        row,
        reference,
        orderId: order.id,
        documentNumber: order.document_number,
        trackingNumber,
        isChanged,
      })
    }
    report.message = format(text.trackingImported, {
      changed: report.changed,
      unchanged: report.matched.length - report.changed,
      unmatched: report.unmatched.length,
    })
    return report
  })
}

// ---- Cash-on-delivery payouts ----

type PayoutLine = { row: number; reference: string; amount: number; date: string }

function payoutLine({ row, cells }: { row: number; cells: string[] }): PayoutLine {
  const [reference, amountText, dateText] = cells
  if (!required(reference)) throw rowError(row, 1, text.columnReference, text.problemMissing)
  if (reference.length > 40) throw rowError(row, 1, text.columnReference, text.problemReference)
  if (!required(amountText)) throw rowError(row, 2, text.columnAmount, text.problemMissing)
  const amount = parseAmount(amountText)
  if (amount === null) throw rowError(row, 2, text.columnAmount, text.problemAmount)
  if (!required(dateText)) throw rowError(row, 3, text.columnDate, text.problemMissing)
  const date = parseDate(dateText)
  if (date === null) throw rowError(row, 3, text.columnDate, text.problemDate)
  return { row, reference, amount, date }
}

const rowOf = (line: PayoutLine, order: CourierMatch | undefined) => ({
  ...line,
  orderId: order?.id ?? null,
  documentNumber: order?.document_number ?? null,
})

/**
 * POST /api/orders/cod-payouts: rows 'reference or tracking number;amount;date'. The file is checked
 * whole first (400 with row and column, nothing applied). Then, in one transaction: an unpaid order
 * whose total equals the amount is marked paid on the date; an order paid before is left as it is (so a
 * second import of the same file changes nothing, and the answer says so); a different amount and an
 * unknown reference are listed for staff; and orders shipped more than the set number of days before
 * `today` and still unpaid are listed as overdue.
 */
export async function importPayouts(db: Database, actor: Actor, content: string, today: string): Promise<PayoutReport> {
  const lines = parseCsv(content).map(payoutLine)
  return staffWrite(db, actor, 'staff-only', async ({ client, audit }) => {
    const { settings, orders } = await lockImportedOrders(client, lines, true)
    const report: PayoutReport = {
      message: '',
      changed: 0,
      paid: [],
      alreadyPaid: [],
      amountDiffers: [],
      unknown: [],
      unpaidAfterDays: settings.unpaidAfterDays,
      overdue: [],
    }
    for (const line of lines) {
      const order = orders.get(line.reference.toUpperCase())
      if (!order) report.unknown.push(rowOf(line, order))
      else if (order.paid_at !== null) report.alreadyPaid.push({ ...rowOf(line, order), paidAt: order.paid_at })
      else if (roundMoney(order.total) !== line.amount) {
        report.amountDiffers.push({ ...rowOf(line, order), expected: order.total })
      } else {
        await setPaid(client, order.id, line.date, line.amount)
        await audit({
          action: 'order.cod_paid',
          entity: 'order',
          entityId: order.id,
          before: { paidAt: null },
          after: { paidAt: line.date, amount: line.amount, documentNumber: order.document_number },
        })
        order.paid_at = line.date
        report.paid.push(rowOf(line, order))
      }
    }
    report.changed = report.paid.length
    report.overdue = (await findOverdueUnpaid(client, today, settings.unpaidAfterDays)).map((row) => ({
      orderId: row.id,
      documentNumber: row.document_number,
      trackingNumber: row.tracking_number,
      total: row.total,
      shippedAt: row.shipped_at,
      days: row.days,
    }))
    const counts = {
      paid: report.paid.length,
      alreadyPaid: report.alreadyPaid.length,
      amountDiffers: report.amountDiffers.length,
      unknown: report.unknown.length,
    }
    report.message =
      report.changed === 0 && report.alreadyPaid.length > 0
        ? `${text.payoutNothingChanged} ${format(text.payoutImported, counts)}`
        : format(text.payoutImported, counts)
    return report
  })
}
