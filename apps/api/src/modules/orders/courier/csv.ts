import { format, messages } from '@shop/shared/messages/bs.ts'
import { badRequest } from '../../../platform/errors.ts'

// The courier's CSV files (docs/decisions.md, 'Courier hand-off, tracking and payouts'): UTF-8 with a
// byte order mark, ';' between cells, decimal comma, CRLF line ends, which Excel on a Bosnian Windows
// opens as columns and courier import forms take.

const text = messages.courier

/** The byte order mark: without it Excel reads UTF-8 as Windows-1250 and breaks č, ć, đ, š, ž. */
export const BOM = '\uFEFF'

/** A number as a Bosnian spreadsheet types it: two decimals, a decimal comma, no thousands separator. */
export function decimalComma(value: number): string {
  return value.toFixed(2).replace('.', ',')
}

/**
 * One cell: quoted when it holds ';', '"' or a line break (RFC 4180, quotes doubled). A cell that a
 * spreadsheet would run as a formula ('=', '@', or '+'/'-' before anything but a phone number) gets a
 * leading apostrophe, so a customer's name cannot become a formula on the courier's computer.
 */
export function csvCell(value: string): string {
  const flat = value.replace(/\r\n?|\n/g, ' ')
  const isFormula = /^[=@\t]/.test(flat) || (/^[+-]/.test(flat) && !/^[+-][\d /()-]*$/.test(flat))
  const safe = isFormula ? `'${flat}` : flat
  return /[;"]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(';')}\r\n`
}

/** One parsed row: its line number in the file (1 for the first) and its cells, trimmed. */
export type CsvRow = { row: number; cells: string[] }

/** At most this many rows in one imported file. */
export const MAX_IMPORT_ROWS = 5000

/**
 * Reads a courier's CSV: a byte order mark is dropped; the separator is ';' unless the first line has
 * none and has ',' or a tab; quoted cells may hold the separator, quotes and line breaks. Empty lines
 * are skipped; a first line without any digit is a header and skipped too (data rows always hold a
 * number: the reference and the amount).
 */
export function parseCsv(content: string): CsvRow[] {
  const body = content.startsWith(BOM) ? content.slice(1) : content
  const firstLine = body.split(/\r?\n/, 1)[0] ?? ''
  const separator = firstLine.includes(';')
    ? ';'
    : firstLine.includes('\t')
      ? '\t'
      : firstLine.includes(',')
        ? ','
        : ';'
  const rows: CsvRow[] = []
  let cells: string[] = []
  let cell = ''
  let line = 1
  let rowStart = 1
  let inQuotes = false
  const endRow = () => {
    cells.push(cell.trim())
    if (cells.some((value) => value !== '')) rows.push({ row: rowStart, cells })
    cells = []
    cell = ''
  }
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index]!
    if (inQuotes) {
      if (char === '"' && body[index + 1] === '"') {
        cell += '"'
        index += 1
      } else if (char === '"') inQuotes = false
      else {
        if (char === '\n') line += 1
        cell += char
      }
    } else if (char === '"' && cell.trim() === '') {
      cell = ''
      inQuotes = true
    } else if (char === separator) {
      cells.push(cell.trim())
      cell = ''
    } else if (char === '\n') {
      endRow()
      line += 1
      rowStart = line
    } else if (char !== '\r') cell += char
  }
  endRow()
  if (rows[0] && !rows[0].cells.some((value) => /\d/.test(value))) rows.shift()
  if (rows.length === 0) throw badRequest(text.fileEmpty, 'CSV_INVALID')
  if (rows.length > MAX_IMPORT_ROWS)
    throw badRequest(format(text.fileTooLarge, { max: MAX_IMPORT_ROWS }), 'CSV_INVALID')
  return rows
}

/** 400 CSV_INVALID naming the row and the column (1-based) with its name; nothing of the file is applied. */
export function rowError(row: number, column: number, name: string, problem: string) {
  return badRequest(format(text.rowError, { row, column, name, problem }), 'CSV_INVALID')
}

/** '123,45', '123.45', '1.234,50' or '1 234,50' as a number of at most two decimals; null otherwise. */
export function parseAmount(value: string): number | null {
  let plain = value.replace(/[\s\u00a0]/g, '').replace(/(KM|BAM)$/i, '')
  if (plain.includes(',') && plain.includes('.')) plain = plain.replaceAll('.', '').replace(',', '.')
  else plain = plain.replace(',', '.')
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(plain)) return null
  return Math.round(Number(plain) * 100) / 100
}

/** '31.12.2026', '31.12.2026.' or '2026-12-31' as '2026-12-31'; null for anything else or no such day. */
export function parseDate(value: string): string | null {
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})\.?$/.exec(value)
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  const [year, month, day] = dotted
    ? [Number(dotted[3]), Number(dotted[2]), Number(dotted[1])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [0, 0, 0]
  if (year < 2000 || year > 2100) return null
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  return date.toISOString().slice(0, 10)
}

/** Reads the multipart body's file (field 'file'); 400 CSV_INVALID when there is none. */
export async function readCsvUpload(parts: AsyncIterable<CsvPart>): Promise<string> {
  let content: Buffer | undefined
  try {
    for await (const part of parts) {
      if (part.type === 'file' && part.fieldname === 'file' && content === undefined) content = await part.toBuffer()
      else if (part.type === 'file') part.file.resume()
    }
  } catch {
    throw badRequest(text.fileRequired, 'CSV_INVALID')
  }
  if (!content || content.length === 0) throw badRequest(text.fileRequired, 'CSV_INVALID')
  return content.toString('utf8')
}

type CsvPart =
  | { type: 'file'; fieldname: string; toBuffer: () => Promise<Buffer>; file: { resume: () => void } }
  | { type: 'field'; fieldname: string }
