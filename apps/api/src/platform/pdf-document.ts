import fs from 'node:fs'
import { createRequire } from 'node:module'
import type PdfKit from 'pdfkit'

// PDF documents of the shop (invoices, packing slips): pdfkit with DejaVu Sans embedded (subset to
// the letters used), so that č ć đ š ž and Cyrillic print exactly as typed (docs/decisions.md,
// 'Invoices and packing slips'). The fonts come from the dejavu-fonts-ttf package and are read once per
// process; nothing is fetched from another host.

const loadPackage = createRequire(import.meta.url)
const fontFile = (name: string) => loadPackage.resolve(`dejavu-fonts-ttf/ttf/${name}`)

// pdfkit (about 7 MB of heap) loads with the first document, not with every process (docs/decisions.md,
// 'Memory of one process: the young generation and libraries loaded when used').
let PDFDocument: typeof PdfKit | undefined

export type FontName = 'regular' | 'bold' | 'condensed' | 'condensed-bold'

const FONT_FILES: Record<FontName, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  condensed: 'DejaVuSansCondensed.ttf',
  'condensed-bold': 'DejaVuSansCondensed-Bold.ttf',
}

let fonts: Record<FontName, Buffer> | undefined

function loadFonts(): Record<FontName, Buffer> {
  fonts ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([name, file]) => [name, fs.readFileSync(fontFile(file))]),
  ) as Record<FontName, Buffer>
  return fonts
}

export const A4 = { width: 595.28, height: 841.89 } as const

export type PdfInfo = { title: string; author: string }

/**
 * An A4 document with the shop's fonts registered under their FontName. Pages are buffered, so
 * that page numbers can be written once a document's length is known.
 */
export function createPdf(info: PdfInfo): PDFKit.PDFDocument {
  const loaded = loadFonts()
  PDFDocument ??= loadPackage('pdfkit') as typeof PdfKit
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    autoFirstPage: false,
    // pdfkit's types allow a path only; the document's first font may be any source it reads, bytes too.
    font: loaded.regular as unknown as string,
    info: { Title: info.title, Author: info.author, Producer: info.author, Creator: info.author },
    lang: 'bs',
    displayTitle: true,
  })
  for (const [name, data] of Object.entries(loaded)) doc.registerFont(name, data)
  return doc
}

/** Ends the document and answers its bytes. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
    doc.end()
  })
}
