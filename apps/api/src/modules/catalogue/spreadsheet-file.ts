import { createRequire } from 'node:module'
import { PassThrough, Readable } from 'node:stream'
import type ExcelJS from 'exceljs'
import { CSV_BOM, CSV_LINE_END, CSV_SEPARATOR, csvText } from '@shop/shared/rules/statistics-csv.ts'
import { spreadsheetWeight } from '@shop/shared/rules/catalogue-spreadsheet.ts'

// docs/decisions.md, 'Catalogue in a spreadsheet': the file formats, knowing nothing of products.
// CSV is what Excel on a Bosnian Windows writes and opens: UTF-8 with a BOM, ';' between cells,
// decimal comma, CRLF. XLSX is read and written with exceljs's streaming reader and writer.

export type SheetCell = string | number
/** One line of the first worksheet, numbered as the spreadsheet shows it (header = 1). */
export type SheetRow = { row: number; cells: SheetCell[] }

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04])

// exceljs (about 10 MB of heap) loads with the first XLSX read or written, not with every process
// (docs/decisions.md, 'Memory of one process: the young generation and libraries loaded when used').
const loadPackage = createRequire(import.meta.url)
let excel: typeof ExcelJS | undefined
const exceljs = () => (excel ??= loadPackage('exceljs') as typeof ExcelJS)

export function isXlsx(content: Buffer): boolean {
  return content.subarray(0, 4).equals(ZIP_MAGIC)
}

/** Rows of a CSV or XLSX file; throws on a file that is neither (the caller says so in Bosnian). */
export function readSpreadsheet(content: Buffer): AsyncIterable<SheetRow> {
  return isXlsx(content) ? readXlsx(content) : readCsv(decodeText(content))
}

/**
 * UTF-8 (with or without BOM); a file saved by an older Excel as 'CSV' is Windows-1250, where 'č'
 * is one byte that is not valid UTF-8, so an invalid UTF-8 file is read as Windows-1250.
 */
export function decodeText(content: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content)
  } catch {
    return new TextDecoder('windows-1250').decode(content)
  }
}

function detectSeparator(firstLine: string): string {
  const count = (separator: string) => firstLine.split(separator).length
  const candidates = [';', '\t', ',']
  return candidates.reduce((best, separator) => (count(separator) > count(best) ? separator : best), ';')
}

/** RFC 4180 quoting with the separator of the header line (';' unless ',' or tab clearly wins). */
export async function* readCsv(text: string): AsyncGenerator<SheetRow> {
  const firstLineEnd = text.search(/\r?\n/)
  const separator = detectSeparator(firstLineEnd < 0 ? text : text.slice(0, firstLineEnd))
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let row = 1
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!
    if (quoted) {
      if (character === '"') {
        if (text[index + 1] === '"') {
          cell += '"'
          index += 1
        } else quoted = false
      } else cell += character
    } else if (character === '"' && cell === '') {
      quoted = true
    } else if (character === separator) {
      cells.push(cell)
      cell = ''
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[index + 1] === '\n') index += 1
      cells.push(cell)
      yield { row, cells }
      row += 1
      cells = []
      cell = ''
    } else cell += character
  }
  if (cell !== '' || cells.length > 0) {
    cells.push(cell)
    yield { row, cells }
  }
}

type ExcelValue = ExcelJS.CellValue | undefined

function plainCell(value: ExcelValue): SheetCell {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number' || typeof value === 'string') return value
  if (typeof value === 'boolean') return value ? 'da' : 'ne'
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if ('richText' in value) return value.richText.map((part) => part.text).join('')
  if ('result' in value) return plainCell(value.result)
  if ('text' in value) return String(value.text)
  return ''
}

async function* readXlsx(content: Buffer): AsyncGenerator<SheetRow> {
  const reader = new (exceljs().stream.xlsx.WorkbookReader)(Readable.from([content]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  })
  for await (const worksheet of reader) {
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as ExcelValue[]
      // exceljs numbers cells from 1; values[0] is always empty.
      yield { row: row.number, cells: values.slice(1).map(plainCell) }
    }
    return
  }
}

// ---- Writing ----
/** A cell of an export: text from people, or a number (money keeps 2 decimals, a weight in kg up to 3). */
export type ExportCell = { text: string } | { money: number } | { count: number } | { weight: number } | null

function csvCell(cell: ExportCell): string {
  if (cell === null) return ''
  if ('text' in cell) return csvText(cell.text)
  if ('money' in cell) return cell.money.toFixed(2).replace('.', ',')
  if ('weight' in cell) return spreadsheetWeight(cell.weight)
  return String(cell.count)
}

/** The CSV as a stream of lines: BOM, header, then each batch of rows as it is read. */
export function writeCsv(header: string[], batches: AsyncIterable<ExportCell[][]>): Readable {
  async function* lines() {
    yield CSV_BOM + header.map(csvText).join(CSV_SEPARATOR) + CSV_LINE_END
    for await (const rows of batches) {
      yield rows.map((cells) => cells.map(csvCell).join(CSV_SEPARATOR) + CSV_LINE_END).join('')
    }
  }
  return Readable.from(lines())
}

/** The XLSX written row by row to a stream (exceljs's streaming writer keeps no rows in memory). */
export function writeXlsx(sheetName: string, header: string[], batches: AsyncIterable<ExportCell[][]>): Readable {
  const output = new PassThrough()
  const workbook = new (exceljs().stream.xlsx.WorkbookWriter)({
    stream: output,
    useSharedStrings: false,
    useStyles: true,
  })
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = header.map((title) => ({ header: title, width: Math.max(10, title.length + 2) }))
  sheet.getRow(1).font = { bold: true }
  sheet.getRow(1).commit()
  void (async () => {
    try {
      for await (const rows of batches) {
        for (const cells of rows) {
          const row = sheet.addRow(cells.map(xlsxValue))
          cells.forEach((cell, index) => {
            if (cell !== null && 'money' in cell) row.getCell(index + 1).numFmt = '0.00'
            if (cell !== null && 'weight' in cell) row.getCell(index + 1).numFmt = '0.###'
          })
          row.commit()
        }
      }
      sheet.commit()
      await workbook.commit()
    } catch (error) {
      output.destroy(error as Error)
    }
  })()
  return output
}

function xlsxValue(cell: ExportCell): string | number | null {
  if (cell === null) return null
  if ('text' in cell) return cell.text
  if ('money' in cell) return cell.money
  if ('weight' in cell) return cell.weight
  return cell.count
}
