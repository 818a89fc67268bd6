import { createPdf, pdfBytes, type FontName as DocumentFont } from '../../platform/pdf-document.ts'

// The wholesale catalogues are laid out as pages of items (text lines, rules, boxes) with coordinates
// from the page's bottom left, and drawn with pdfkit and DejaVu Sans Condensed, the shop's document fonts
// (platform/pdf-document.ts): č ć đ š ž and Cyrillic print exactly as typed, as on the invoices
// (docs/decisions.md, 'Invoices and packing slips', 'Wholesale catalogues on the document fonts').

export const PAGE_WIDTH = 595.28
export const PAGE_HEIGHT = 841.89

export type FontName = 'regular' | 'bold'

export type PageItem =
  | { kind: 'text'; x: number; y: number; size: number; font: FontName; text: string; colour?: Colour }
  | { kind: 'rule'; x1: number; x2: number; y: number; width: number; colour?: Colour }
  | { kind: 'box'; x: number; y: number; width: number; height: number; colour: Colour }

/** RGB, each 0..1. */
export type Colour = readonly [number, number, number]

/** The condensed faces: about Helvetica's width, so a catalogue row keeps its columns. */
const FACES: Record<FontName, DocumentFont> = { regular: 'condensed', bold: 'condensed-bold' }

let measuring: PDFKit.PDFDocument | undefined

/** The width of the text in points, measured with the font it is drawn in. */
export function textWidth(text: string, font: FontName, size: number): number {
  measuring ??= createPdf({ title: '', author: '' })
  return measuring.font(FACES[font]).fontSize(size).widthOfString(text)
}

/** The text cut to fit `maxWidth` points, ending in '…' when cut. */
export function fitText(text: string, font: FontName, size: number, maxWidth: number): string {
  if (textWidth(text, font, size) <= maxWidth) return text
  let end = text.length
  while (end > 0 && textWidth(`${text.slice(0, end).trimEnd()}…`, font, size) > maxWidth) end -= 1
  return `${text.slice(0, end).trimEnd()}…`
}

const rgb = ([r, g, b]: Colour): [number, number, number] => [r * 255, g * 255, b * 255]

/** The PDF of the given pages (each a list of items, coordinates from the bottom left). */
export function writePdf(
  pages: ReadonlyArray<readonly PageItem[]>,
  info: { title: string; author: string },
): Promise<Buffer> {
  const doc = createPdf(info)
  for (const items of pages) {
    doc.addPage({ size: 'A4', margin: 0 })
    for (const item of items) {
      if (item.kind === 'text') {
        doc
          .font(FACES[item.font])
          .fontSize(item.size)
          .fillColor(rgb(item.colour ?? [0, 0, 0]))
          .text(item.text, item.x, PAGE_HEIGHT - item.y, { lineBreak: false, baseline: 'alphabetic' })
      } else if (item.kind === 'rule') {
        doc
          .moveTo(item.x1, PAGE_HEIGHT - item.y)
          .lineTo(item.x2, PAGE_HEIGHT - item.y)
          .lineWidth(item.width)
          .strokeColor(rgb(item.colour ?? [0, 0, 0]))
          .stroke()
      } else {
        doc
          .rect(item.x, PAGE_HEIGHT - item.y - item.height, item.width, item.height)
          .fillColor(rgb(item.colour))
          .fill()
      }
    }
  }
  return pdfBytes(doc)
}
