import { format, messages } from '@shop/shared/messages/bs.ts'
import { priceWithoutVat, splitIncludedVat } from '@shop/shared/rules/included-vat.ts'
import { shortOrderId } from '@shop/shared/rules/order-status.ts'
import type { OrderView } from '@shop/shared/schemas/orders.ts'
import { formatBankAccount, type TaxFactsView } from '@shop/shared/schemas/tax-facts.ts'
import {
  BODY_BOTTOM,
  CONTENT_WIDTH,
  INK,
  MARGIN,
  MUTED,
  drawFacts,
  drawFeet,
  drawHead,
  drawSignatures,
  drawTable,
  formatAmount,
  formatDay,
  formatKm,
  orderLineColumns,
  sellerLines,
  type Column,
} from './layout.ts'

// The tax invoice and delivery note (račun-otpremnica) of one order (docs/decisions.md, 'Invoices and
// packing slips'): seller, buyer, number and dates, payment, the lines with the PDV included in
// their prices taken out, and totals that add up to the order's total to the fening.

const text = messages.documents

export type InvoiceInput = {
  order: OrderView
  /** When the order got its document number (the invoice's issue date). */
  issuedAt: Date
  /** The PDV rate the invoice was issued at. */
  vatRate: number
  seller: TaxFactsView
  isPickup: boolean
}

export type InvoiceLine = {
  code: string
  name: string
  option: string
  quantity: number
  unit: string
  unitPrice: number
  base: number
  vat: number
  total: number
}

/** The printed lines and totals: the goods, then the delivery as a line of its own when it costs anything. */
export function invoiceLines(order: OrderView, vatRate: number) {
  const goods = order.products.map((item) => ({
    code: item.customId ?? '',
    name: item.name,
    option: item.custom_size ?? '',
    quantity: item.quantity,
    unit: item.unit,
    grossUnit: item.price,
    gross: Math.round(item.price * item.quantity * 100) / 100,
  }))
  const shipping =
    order.shippingCost > 0
      ? [
          {
            code: '',
            name: format(text.shippingLine, { name: order.shippingMethod?.name || messages.orders.orderShipping }),
            option: '',
            quantity: 1,
            unit: text.unitService,
            grossUnit: order.shippingCost,
            gross: order.shippingCost,
          },
        ]
      : []
  const all = [...goods, ...shipping]
  const split = splitIncludedVat(
    all.map((line) => line.gross),
    vatRate,
  )
  const lines: InvoiceLine[] = all.map((line, index) => ({
    code: line.code,
    name: line.name,
    option: line.option,
    quantity: line.quantity,
    unit: line.unit,
    unitPrice: priceWithoutVat(line.grossUnit, vatRate),
    base: split.lines[index]!.base,
    vat: split.lines[index]!.vat,
    total: split.lines[index]!.gross,
  }))
  return { lines, base: split.base, vat: split.vat, total: split.gross }
}

const COLUMNS: Column[] = [
  ...orderLineColumns({ number: 22, code: 56, name: 117, option: 44, quantity: 28 }),
  { title: text.columnUnit, width: 28 },
  { title: text.columnUnitPrice, width: 58, align: 'right' },
  { title: text.columnBase, width: 54, align: 'right' },
  { title: text.columnVat, width: 46, align: 'right' },
  { title: text.columnTotal, width: CONTENT_WIDTH - 453, align: 'right' },
]

const rateText = (rate: number) => String(rate).replace('.', ',')

export function buyerLines(order: OrderView, isPickup: boolean): string[] {
  const address = order.shippingAddress
  return [
    isPickup ? '' : address.street_address,
    isPickup ? '' : [address.zip_code, address.city].filter(Boolean).join(' '),
    isPickup ? '' : address.country,
    address.phone_number ? `${text.phone} ${address.phone_number}` : '',
    address.email ? `${text.email}: ${address.email}` : '',
  ].filter(Boolean)
}

/** Writes 'Kupac' (or another label) with a name and its lines at x, y; answers the y below. */
export function drawParty(
  doc: PDFKit.PDFDocument,
  label: string,
  name: string,
  lines: readonly string[],
  x: number,
  y: number,
  width: number,
  nameSize = 10.5,
): number {
  doc.font('condensed').fontSize(8).fillColor(MUTED).text(label.toUpperCase(), x, y, { width, characterSpacing: 0.6 })
  doc
    .font('bold')
    .fontSize(nameSize)
    .fillColor(INK)
    .text(name, x, doc.y + 2, { width })
  doc.font('regular').fontSize(9).fillColor(INK)
  for (const line of lines) doc.text(line, x, doc.y + 1, { width })
  return doc.y
}

/** Adds the invoice's pages to doc. */
export function drawInvoice(doc: PDFKit.PDFDocument, input: InvoiceInput): void {
  const { order, seller, vatRate, isPickup } = input
  const isCancelled = order.status === 'cancelled'
  const firstPage = doc.bufferedPageRange().count
  const number = order.documentNumber ?? ''
  const newPage = () => {
    doc.addPage()
    return MARGIN
  }
  newPage()
  let y = drawHead(doc, {
    sellerName: seller.legalName || text.taxFactsMissing,
    sellerLines: sellerLines(
      seller,
      { id: text.idNumberShort, vat: text.vatNumberShort, bank: text.bankAccountShort },
      formatBankAccount(seller.bankAccount),
    ),
    title: text.invoiceTitle,
    number: format(text.invoiceNumber, { number }),
    stamp: isCancelled ? text.storno : null,
    titleWidth: 220,
  })

  const buyerBottom = drawParty(
    doc,
    text.buyer,
    order.shippingAddress.full_name,
    buyerLines(order, isPickup),
    MARGIN,
    y,
    240,
  )
  const factsX = MARGIN + 270
  const factsBottom = drawFacts(
    doc,
    [
      [text.issueDate, formatDay(input.issuedAt)],
      [text.deliveryDate, formatDay(input.issuedAt)],
      [text.issuePlace, seller.city.replace(/^\d{5}\s*/, '') || '—'],
      [text.orderNumber, `#${shortOrderId(order.id)}`],
      [text.orderDate, formatDay(order.created_at)],
      [text.payment, isPickup ? text.paymentAtPickup : text.paymentCashOnDelivery],
      [text.delivery, order.shippingMethod?.name || (isPickup ? text.pickupNote : '—')],
    ],
    factsX,
    y,
    CONTENT_WIDTH - 270,
    88,
  )
  y = Math.max(buyerBottom, factsBottom) + 16

  const { lines, base, vat, total } = invoiceLines(order, vatRate)
  y = drawTable(
    doc,
    COLUMNS,
    lines.map((line, index) => [
      `${index + 1}.`,
      line.code,
      line.name,
      line.option,
      String(line.quantity),
      line.unit,
      formatAmount(line.unitPrice),
      formatAmount(line.base),
      formatAmount(line.vat),
      formatAmount(line.total),
    ]),
    y,
    newPage,
  )

  if (y + 190 > BODY_BOTTOM) y = newPage()
  const totalsWidth = 320
  const totalsX = MARGIN + CONTENT_WIDTH - totalsWidth
  y += 10
  const totalRow = (label: string, value: string, isBold: boolean) => {
    doc
      .font(isBold ? 'bold' : 'condensed')
      .fontSize(isBold ? 11 : 9)
      .fillColor(INK)
    doc.text(label, totalsX, y, { width: totalsWidth - 95 })
    doc.text(value, totalsX + totalsWidth - 95, y, { width: 95, align: 'right' })
    y = doc.y + 4
  }
  totalRow(text.totalBase, formatKm(base), false)
  totalRow(format(text.totalVat, { rate: rateText(vatRate) }), formatKm(vat), false)
  doc
    .moveTo(totalsX, y)
    .lineTo(totalsX + totalsWidth, y)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke()
  y += 5
  totalRow(isPickup ? text.totalToPay : text.totalToPayCod, formatKm(total), true)

  y += 10
  doc.font('condensed').fontSize(8.5).fillColor(MUTED)
  const notes = [
    text.vatIncludedNote,
    ...(isCancelled ? [text.stornoNote] : []),
    ...(seller.invoiceFooter ? [seller.invoiceFooter] : []),
  ]
  for (const note of notes) {
    doc.text(note, MARGIN, y, { width: CONTENT_WIDTH })
    y = doc.y + 3
  }
  doc.font('condensed-bold').fontSize(9).fillColor(INK)
  doc.text(
    order.fiscalReceiptNumber
      ? format(text.fiscalReceiptLine, { number: order.fiscalReceiptNumber })
      : text.fiscalReceiptBlank,
    MARGIN,
    y + 4,
    { width: CONTENT_WIDTH },
  )
  y = Math.max(doc.y + 34, y + 40)
  drawSignatures(doc, y, [text.issuedBy, text.receivedBy])

  drawFeet(
    doc,
    firstPage,
    [seller.legalName, format(text.invoiceNumber, { number })].filter(Boolean).join(' · '),
    (page, pages) => format(text.page, { page, pages }),
  )
}
