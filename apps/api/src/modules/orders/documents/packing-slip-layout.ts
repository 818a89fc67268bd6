import { format, messages } from '@shop/shared/messages/bs.ts'
import { shortOrderId } from '@shop/shared/rules/order-status.ts'
import { packedPieces, quantityInUnit } from '@shop/shared/rules/units.ts'
import { formatWeightKg } from '@shop/shared/rules/parcel-weight.ts'
import { BUYER_UNLOADS_ABOVE_KG } from '@shop/shared/rules/shipping-weight.ts'
import type { OrderView } from '@shop/shared/schemas/orders.ts'
import type { TaxFactsView } from '@shop/shared/schemas/tax-facts.ts'
import { buyerLines, drawParty } from './invoice-layout.ts'
import {
  BODY_BOTTOM,
  CONTENT_WIDTH,
  INK,
  MARGIN,
  drawFacts,
  drawFeet,
  drawHead,
  drawSignatures,
  drawTable,
  formatDay,
  orderLineColumns,
  type Column,
} from './layout.ts'

// The packing slip of one order (docs/decisions.md, 'Invoices and packing slips'): what to pick and
// pack, with a box to tick per line, and where it goes; no prices. Each line's weight (its pieces'
// kg at ordering), the parcel's weight and, above 30 kg, that the buyer unloads (staff-and-content.md §9;
// docs/decisions.md, 'Product weights and shipping by weight').

const text = messages.documents

export type PackingSlipInput = { order: OrderView; seller: TaxFactsView; isPickup: boolean }

const COLUMNS: Column[] = [
  ...orderLineColumns({ number: 24, code: 80, name: 170, option: 64, quantity: 40 }),
  { title: text.columnWeight, width: 76, align: 'right' },
  { title: text.columnPacked, width: CONTENT_WIDTH - 454, align: 'center' },
]

/** The kg of a line's pieces, summed in whole grams as the parcel is (rules/parcel-weight.ts). */
function lineWeight(unitKg: number, quantity: number): number {
  return (Math.round(unitKg * 1000) * quantity) / 1000
}

/** Adds the packing slip's pages to doc. */
export function drawPackingSlip(doc: PDFKit.PDFDocument, { order, seller, isPickup }: PackingSlipInput): void {
  const firstPage = doc.bufferedPageRange().count
  const newPage = () => {
    doc.addPage()
    return MARGIN
  }
  newPage()
  const reference = order.documentNumber
    ? format(text.packingSlipNumber, { number: order.documentNumber })
    : format(text.packingSlipNoNumber, { number: shortOrderId(order.id) })

  let y = drawHead(doc, {
    sellerName: seller.legalName || text.taxFactsMissing,
    sellerLines: [[seller.address, seller.city].filter(Boolean).join(', ')],
    title: text.packingSlipTitle,
    number: reference,
    stamp: order.status === 'cancelled' ? text.storno : null,
    titleWidth: 300,
  })

  const recipientBottom = drawParty(
    doc,
    isPickup ? text.pickupNote : text.recipient,
    order.shippingAddress.full_name,
    buyerLines(order, isPickup),
    MARGIN,
    y,
    270,
    14,
  )
  const factsBottom = drawFacts(
    doc,
    [
      [text.orderNumber, `#${shortOrderId(order.id)}`],
      [text.orderDate, formatDay(order.created_at)],
      [text.delivery, order.shippingMethod?.name || (isPickup ? text.pickupNote : '—')],
    ],
    MARGIN + 300,
    y,
    CONTENT_WIDTH - 300,
    80,
  )
  y = Math.max(recipientBottom, factsBottom) + 16

  y = drawTable(
    doc,
    COLUMNS,
    order.products.map((item, index) => [
      `${index + 1}.`,
      item.customId ?? '',
      item.name,
      item.custom_size ?? '',
      quantityInUnit(item.quantity, item.unit),
      item.weightKg == null ? '—' : formatWeightKg(lineWeight(item.weightKg, item.quantity)),
      { tick: true },
    ]),
    y,
    newPage,
  )
  if (y + 110 > BODY_BOTTOM) y = newPage()
  const pieces = packedPieces(order.products)
  const weight = order.weightKg
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(INK)
    .text(format(text.itemCount, { count: pieces }), MARGIN, y + 8, { width: CONTENT_WIDTH, align: 'right' })
    .text(
      weight === null ? text.parcelWeightUnknown : format(text.parcelWeight, { weight: formatWeightKg(weight) }),
      MARGIN,
      doc.y + 2,
      { width: CONTENT_WIDTH, align: 'right' },
    )
  if (weight !== null && weight > BUYER_UNLOADS_ABOVE_KG) {
    doc.text(format(text.buyerUnloads, { kg: BUYER_UNLOADS_ABOVE_KG }), MARGIN, doc.y + 2, {
      width: CONTENT_WIDTH,
      align: 'right',
    })
  }
  y = doc.y + 40
  drawSignatures(doc, y, [text.packedBy, text.checkedBy])
  drawFeet(doc, firstPage, [seller.legalName, reference].filter(Boolean).join(' · '), (page, pages) =>
    format(text.page, { page, pages }),
  )
}
