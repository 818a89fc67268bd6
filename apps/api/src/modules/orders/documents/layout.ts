import { messages } from '@shop/shared/messages/bs.ts'
import type { TaxFactsView } from '@shop/shared/schemas/tax-facts.ts'
import { A4, type FontName } from '../../../platform/pdf-document.ts'

// The pieces both printed documents share: page frame, money and dates as a Bosnian invoice writes
// them, and a table that breaks across pages and repeats its head.

export const MARGIN = 42
export const CONTENT_WIDTH = A4.width - 2 * MARGIN
/** Where the body of a page must end, above the page's foot line. */
export const BODY_BOTTOM = A4.height - 64

export const INK = '#1b1b1b'
export const MUTED = '#5c5c5c'
export const RULE = '#9a9a9a'
export const SHADE = '#ececec'
export const STAMP = '#b3261e'

/** 1.234,50: thousands by dots, a decimal comma (the amounts of a Bosnian invoice). */
export function formatAmount(value: number): string {
  const [whole = '0', cents = '00'] = Math.abs(value).toFixed(2).split('.')
  return `${value < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents}`
}

export const formatKm = (value: number) => `${formatAmount(value)} KM`

// Made once: a formatter per call cost a bulk print of 200 invoices most of a second.
const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Sarajevo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
})

/** 27.11.2026. in the shop's time zone, whatever the server's is. */
export function formatDay(value: Date | string): string {
  const parts = DAY_FORMAT.formatToParts(new Date(value))
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? ''
  return `${part('day')}.${part('month')}.${part('year')}.`
}

/** wraps: the column's text may run over several lines (names); the others stay on one line. */
export type Column = { title: string; width: number; align?: 'left' | 'right' | 'center'; wraps?: boolean }
export type Cell = string | { tick: true }

/**
 * The columns every printed list of an order's lines begins with: its number, code, name, option and
 * quantity, each as wide as the document gives it. The invoice goes on with prices, the slip with weights.
 */
export function orderLineColumns(widths: Record<'number' | 'code' | 'name' | 'option' | 'quantity', number>): Column[] {
  const text = messages.documents
  return [
    { title: text.columnNumber, width: widths.number, align: 'right' },
    { title: text.columnCode, width: widths.code },
    { title: text.columnName, width: widths.name, wraps: true },
    { title: text.columnOption, width: widths.option },
    { title: text.columnQuantity, width: widths.quantity, align: 'right' },
  ]
}

type TableStyle = { font: FontName; bold: FontName; size: number; padding: number }
const TABLE: TableStyle = { font: 'condensed', bold: 'condensed-bold', size: 8.5, padding: 4 }

/**
 * Draws the rows under a shaded head at y and answers the y below the table. A row that would
 * cross the page's bottom goes to a new page (made by newPage, which answers its first free y),
 * under the head again. Long names wrap within their column.
 */
export function drawTable(
  doc: PDFKit.PDFDocument,
  columns: readonly Column[],
  rows: readonly (readonly Cell[])[],
  y: number,
  newPage: () => number,
): number {
  const { font, bold, size, padding } = TABLE
  const head = (top: number) => {
    doc.font(bold).fontSize(size - 0.5)
    const height =
      Math.max(...columns.map((column) => doc.heightOfString(column.title, { width: column.width - 2 * padding }))) +
      2 * padding
    doc.rect(MARGIN, top, CONTENT_WIDTH, height).fill(SHADE)
    let x = MARGIN
    for (const column of columns) {
      doc.fillColor(INK).text(column.title, x + padding, top + padding, {
        width: column.width - 2 * padding,
        align: column.align ?? 'left',
      })
      x += column.width
    }
    doc
      .moveTo(MARGIN, top + height)
      .lineTo(MARGIN + CONTENT_WIDTH, top + height)
      .lineWidth(0.8)
      .strokeColor(INK)
      .stroke()
    return top + height
  }
  let top = head(y)
  doc.font(font).fontSize(size)
  for (const row of rows) {
    // Only the wrapping columns are measured: laying text out is most of a print's time.
    const lineHeight = doc.currentLineHeight(true)
    const height =
      Math.max(
        lineHeight,
        10,
        ...row.map((cell, index) =>
          typeof cell === 'string' && columns[index]?.wraps
            ? doc.heightOfString(cell || ' ', { width: columns[index].width - 2 * padding })
            : 0,
        ),
      ) +
      2 * padding
    if (top + height > BODY_BOTTOM) {
      top = head(newPage())
      doc.font(font).fontSize(size)
    }
    let x = MARGIN
    for (const [index, cell] of row.entries()) {
      const column = columns[index]!
      if (typeof cell === 'string') {
        doc.fillColor(INK).text(cell, x + padding, top + padding, {
          width: column.width - 2 * padding,
          align: column.align ?? 'left',
          lineBreak: column.wraps === true,
        })
      } else {
        const box = 10
        doc
          .rect(x + (column.width - box) / 2, top + padding, box, box)
          .lineWidth(0.8)
          .strokeColor(INK)
          .stroke()
      }
      x += column.width
    }
    top += height
    doc
      .moveTo(MARGIN, top)
      .lineTo(MARGIN + CONTENT_WIDTH, top)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke()
  }
  return top
}

/** The seller as the head of a document prints it: name, address, tax numbers, bank. */
export function sellerLines(
  facts: TaxFactsView,
  labels: { id: string; vat: string; bank: string },
  bankAccount: string,
): string[] {
  return [
    [facts.address, facts.city].filter(Boolean).join(', '),
    [facts.idNumber && `${labels.id}: ${facts.idNumber}`, facts.vatNumber && `${labels.vat}: ${facts.vatNumber}`]
      .filter(Boolean)
      .join('   '),
    facts.bankAccount ? `${labels.bank}: ${[bankAccount, facts.bankName].filter(Boolean).join(', ')}` : '',
  ].filter(Boolean)
}

/** Writes 'label: value' pairs as a two-column block at x, answers the y below it. */
export function drawFacts(
  doc: PDFKit.PDFDocument,
  pairs: ReadonlyArray<readonly [string, string]>,
  x: number,
  y: number,
  width: number,
  labelWidth: number,
): number {
  let top = y
  for (const [label, value] of pairs) {
    doc.font('condensed').fontSize(8.5).fillColor(MUTED).text(label, x, top, { width: labelWidth })
    doc.font('condensed-bold').fontSize(8.5).fillColor(INK)
    const height = doc.heightOfString(value, { width: width - labelWidth })
    doc.text(value, x + labelWidth, top, { width: width - labelWidth })
    top += Math.max(height, 11) + 2
  }
  return top
}

export type DocumentHead = {
  sellerName: string
  sellerLines: readonly string[]
  title: string
  /** The document's number as printed ('Račun br. 2026-000123'). */
  number: string
  /** STORNO under the number of a cancelled order's document. */
  stamp: string | null
  titleWidth: number
}

/** The seller's block, the document's title and number (and its stamp) and a rule; answers the y below them. */
export function drawHead(doc: PDFKit.PDFDocument, head: DocumentHead): number {
  const sellerWidth = CONTENT_WIDTH - head.titleWidth - 10
  doc.font('bold').fontSize(12).fillColor(INK)
  doc.text(head.sellerName, MARGIN, MARGIN, { width: sellerWidth })
  let y = doc.y + 2
  doc.font('condensed').fontSize(8.5).fillColor(MUTED)
  for (const line of head.sellerLines) {
    doc.text(line, MARGIN, y, { width: sellerWidth })
    y = doc.y + 1
  }
  const right = MARGIN + CONTENT_WIDTH - head.titleWidth
  doc
    .font('bold')
    .fontSize(14)
    .fillColor(INK)
    .text(head.title, right, MARGIN, { width: head.titleWidth, align: 'right' })
  doc
    .font('bold')
    .fontSize(11)
    .text(head.number, right, doc.y + 3, { width: head.titleWidth, align: 'right' })
  let titleBottom = doc.y
  if (head.stamp) {
    drawStamp(doc, head.stamp, right + head.titleWidth - 120, titleBottom + 8)
    titleBottom += 50
  }
  const bottom = Math.max(y, titleBottom) + 10
  doc
    .moveTo(MARGIN, bottom)
    .lineTo(MARGIN + CONTENT_WIDTH, bottom)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke()
  return bottom + 12
}

/** A red boxed stamp (STORNO) at x, y. */
export function drawStamp(doc: PDFKit.PDFDocument, text: string, x: number, y: number): void {
  doc.font('bold').fontSize(20)
  const width = doc.widthOfString(text) + 20
  doc.rect(x, y, width, 32).lineWidth(2.5).strokeColor(STAMP).stroke()
  doc.fillColor(STAMP).text(text, x + 10, y + 6, { lineBreak: false })
}

/** Two signature lines at y, one at each side, each with its label below it. */
export function drawSignatures(doc: PDFKit.PDFDocument, y: number, labels: [string, string]): void {
  const signatureWidth = 180
  for (const [index, label] of labels.entries()) {
    const x = index === 0 ? MARGIN : MARGIN + CONTENT_WIDTH - signatureWidth
    doc
      .moveTo(x, y)
      .lineTo(x + signatureWidth, y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke()
    doc
      .font('condensed')
      .fontSize(8)
      .fillColor(MUTED)
      .text(label, x, y + 3, { width: signatureWidth, align: 'center' })
  }
}

/**
 * Writes the foot line (left text, 'page n of m') on every page of one document: pages are buffered,
 * so a bulk print numbers each order's pages on their own.
 */
export function drawFeet(
  doc: PDFKit.PDFDocument,
  firstPage: number,
  left: string,
  pageLabel: (page: number, pages: number) => string,
): void {
  const range = doc.bufferedPageRange()
  const last = range.start + range.count - 1
  const pages = last - firstPage + 1
  for (let index = firstPage; index <= last; index += 1) {
    doc.switchToPage(index)
    const y = A4.height - 44
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT_WIDTH, y)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke()
    doc.font('condensed').fontSize(7.5).fillColor(MUTED)
    doc.text(left, MARGIN, y + 5, { width: CONTENT_WIDTH - 90, lineBreak: false })
    doc.text(pageLabel(index - firstPage + 1, pages), MARGIN + CONTENT_WIDTH - 90, y + 5, {
      width: 90,
      align: 'right',
      lineBreak: false,
    })
  }
}
