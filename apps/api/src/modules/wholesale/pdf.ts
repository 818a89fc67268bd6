// A tiny PDF 1.4 writer for text documents (the wholesale catalogues): A4 pages of text lines and
// rules in Helvetica and Helvetica-Bold, the built-in fonts every viewer has, so nothing is
// embedded and a catalogue of a few hundred products stays a few dozen kilobytes.
//
// Bosnian letters: the fonts use WinAnsiEncoding with a /Differences array that puts the
// Latin Extended-A glyphs Helvetica carries (Ccaron, ccaron, Cacute, cacute, Dcroat, dcroat) on
// byte codes WinAnsi leaves unused (or on Eth/eth, which Bosnian never needs); Š š Ž ž are in
// WinAnsi itself. So č ć š ž đ and their capitals print as themselves, not transliterated.

export const PAGE_WIDTH = 595.28
export const PAGE_HEIGHT = 841.89

export type FontName = 'regular' | 'bold'

export type PageItem =
  | { kind: 'text'; x: number; y: number; size: number; font: FontName; text: string; colour?: Colour }
  | { kind: 'rule'; x1: number; x2: number; y: number; width: number; colour?: Colour }
  | { kind: 'box'; x: number; y: number; width: number; height: number; colour: Colour }

/** RGB, each 0..1. */
export type Colour = readonly [number, number, number]

/** Code points outside Latin-1 that WinAnsiEncoding (or our /Differences) gives a byte. */
const EXTRA_CODES = new Map<number, number>([
  [0x0160, 0x8a], // Š
  [0x0161, 0x9a], // š
  [0x017d, 0x8e], // Ž
  [0x017e, 0x9e], // ž
  [0x010c, 0x81], // Č  (Differences)
  [0x010d, 0x8d], // č  (Differences)
  [0x0106, 0x8f], // Ć  (Differences)
  [0x0107, 0x90], // ć  (Differences)
  [0x0110, 0xd0], // Đ  (Differences, replaces Eth)
  [0x0111, 0xf0], // đ  (Differences, replaces eth)
  [0x20ac, 0x80], // €
  [0x2022, 0x95], // •
  [0x2013, 0x96], // –
  [0x2014, 0x97], // —
  [0x2018, 0x91],
  [0x2019, 0x92],
  [0x201c, 0x93],
  [0x201d, 0x94],
  [0x201e, 0x84], // „
  [0x2026, 0x85], // …
])
const DIFFERENCES = '[129 /Ccaron 141 /ccaron 143 /Cacute 144 /cacute 208 /Dcroat 240 /dcroat]'

/** The byte of one character in the fonts' encoding; '?' for what they cannot show. */
function encodeChar(char: string): number {
  const code = char.codePointAt(0) ?? 0x3f
  const extra = EXTRA_CODES.get(code)
  if (extra !== undefined) return extra
  if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff && code !== 0xd0 && code !== 0xf0)) return code
  if (code === 0x09 || code === 0x0a || code === 0x0d) return 0x20
  return 0x3f
}

/** The text as a PDF literal string, '(…)', in the fonts' encoding. */
export function pdfString(text: string): string {
  let out = '('
  for (const char of text) {
    const byte = encodeChar(char)
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`
    else if (byte < 0x20 || byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`
    else out += String.fromCharCode(byte)
  }
  return `${out})`
}

/** A document-information string: UTF-16BE with a byte order mark, as hex (the fonts' encoding does not apply there). */
function infoString(text: string): string {
  let hex = '<FEFF'
  for (let index = 0; index < text.length; index += 1) hex += text.charCodeAt(index).toString(16).padStart(4, '0')
  return `${hex}>`
}

// Advance widths (1/1000 em) of ASCII 32..126 in the two fonts (Adobe Core 14 AFM metrics).
// prettier-ignore
const REGULAR_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778,
  722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278,
  278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
]
// prettier-ignore
const BOLD_WIDTHS = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778,
  722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333,
  278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
  611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
]

/** The width of the text in points; an accented letter measures as its base letter. */
export function textWidth(text: string, font: FontName, size: number): number {
  const widths = font === 'bold' ? BOLD_WIDTHS : REGULAR_WIDTHS
  let units = 0
  for (const char of text.normalize('NFD')) {
    const code = char.codePointAt(0) ?? 0
    if (code >= 0x300 && code <= 0x36f) continue
    const base = code === 0x0110 ? 0x44 : code === 0x0111 ? 0x64 : code
    units += base >= 32 && base <= 126 ? (widths[base - 32] ?? 556) : 556
  }
  return (units * size) / 1000
}

/** The text cut to fit `maxWidth` points, ending in '…' when cut. */
export function fitText(text: string, font: FontName, size: number, maxWidth: number): string {
  if (textWidth(text, font, size) <= maxWidth) return text
  let end = text.length
  while (end > 0 && textWidth(`${text.slice(0, end).trimEnd()}…`, font, size) > maxWidth) end -= 1
  return `${text.slice(0, end).trimEnd()}…`
}

const number = (value: number) => String(Math.round(value * 100) / 100)
const colour = ([r, g, b]: Colour, operator: 'rg' | 'RG') => `${number(r)} ${number(g)} ${number(b)} ${operator}`

function pageStream(items: readonly PageItem[]): string {
  const lines: string[] = []
  for (const item of items) {
    if (item.kind === 'text') {
      const font = item.font === 'bold' ? 'F2' : 'F1'
      lines.push(
        `BT ${colour(item.colour ?? [0, 0, 0], 'rg')} /${font} ${number(item.size)} Tf ${number(item.x)} ${number(item.y)} Td ${pdfString(item.text)} Tj ET`,
      )
    } else if (item.kind === 'rule') {
      lines.push(
        `${colour(item.colour ?? [0, 0, 0], 'RG')} ${number(item.width)} w ${number(item.x1)} ${number(item.y)} m ${number(item.x2)} ${number(item.y)} l S`,
      )
    } else {
      lines.push(
        `${colour(item.colour, 'rg')} ${number(item.x)} ${number(item.y)} ${number(item.width)} ${number(item.height)} re f`,
      )
    }
  }
  return lines.join('\n')
}

/** A PDF 1.4 file of the given pages (each a list of items, coordinates from the bottom left). */
export function writePdf(pages: ReadonlyArray<readonly PageItem[]>, info: { title: string; author: string }): Buffer {
  const objects: string[] = []
  const add = (body: string) => objects.push(body)
  const fontObject = (base: string) =>
    `<< /Type /Font /Subtype /Type1 /BaseFont /${base} /Encoding << /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences ${DIFFERENCES} >> >>`
  // 1 catalog, 2 pages, 3 regular font, 4 bold font, 5 info, then a page and its content per page.
  const pageIds = pages.map((_, index) => 6 + index * 2)
  add('<< /Type /Catalog /Pages 2 0 R >>')
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`)
  add(fontObject('Helvetica'))
  add(fontObject('Helvetica-Bold'))
  add(`<< /Title ${infoString(info.title)} /Author ${infoString(info.author)} /Producer (Trgovina) >>`)
  for (const [index, items] of pages.entries()) {
    const stream = pageStream(items)
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[index]! + 1} 0 R >>`,
    )
    add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`)
  }

  // Every string above is ASCII (pdfString escapes the rest), so latin1 lengths are byte offsets.
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
  const offsets: number[] = []
  for (const [index, object] of objects.entries()) {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  }
  const xref = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}
