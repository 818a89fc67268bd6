import { messages } from '../messages/bs.ts'
import { roundMoney } from './money.ts'

// docs/decisions.md, 'Catalogue in a spreadsheet': the columns of the export and the import, in order.
export const SPREADSHEET_COLUMNS = [
  'code',
  'optionCode',
  'size',
  'name',
  'category',
  'brand',
  'price',
  'discountPrice',
  'wholesalePrice',
  'stock',
  'infiniteStock',
  'unit',
  // docs/decisions.md, 'Product weights and shipping by weight': kg of one piece. The importer matches
  // columns by header, so files exported before the column existed stay readable.
  'weight',
  'description',
] as const
export type SpreadsheetColumn = (typeof SPREADSHEET_COLUMNS)[number]

export function columnHeader(column: SpreadsheetColumn): string {
  return messages.catalogueIo.columns[column]
}

/** A header as people type it: lower case, no accents, single spaces ('Šifra ' = 'sifra'). */
export function foldHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

// Headers a supplier's price list may use beside ours.
const HEADER_ALIASES: Record<string, SpreadsheetColumn> = {
  kod: 'code',
  code: 'code',
  'sifra proizvoda': 'code',
  velicina: 'size',
  opcija: 'size',
  cijena: 'price',
  mpc: 'price',
  vpc: 'wholesalePrice',
  kolicina: 'stock',
  stanje: 'stock',
  marka: 'brand',
  brand: 'brand',
  'jedinica mjere': 'unit',
  tezina: 'weight',
  'tezina kg': 'weight',
  masa: 'weight',
}

/** Which column each header of a file is (undefined: a column we do not read). */
export function columnOfHeader(header: string): SpreadsheetColumn | undefined {
  const folded = foldHeader(header)
  for (const column of SPREADSHEET_COLUMNS) if (foldHeader(columnHeader(column)) === folded) return column
  return HEADER_ALIASES[folded]
}

export type ParsedNumber = { value: number } | { error: string }

/**
 * A number as a Bosnian spreadsheet writes it: '12,50', '1.234,50', '1 234,50', or '12.50' from a
 * file made elsewhere. A cell that XLSX stores as a number arrives as one.
 */
export function parseSpreadsheetNumber(cell: string | number): ParsedNumber {
  if (typeof cell === 'number')
    return Number.isFinite(cell) ? { value: cell } : { error: messages.catalogueIo.notANumber }
  let text = cell.replace(/[\s\u00a0]/g, '').replace(/(KM|BAM)$/i, '')
  const comma = text.lastIndexOf(',')
  const dot = text.lastIndexOf('.')
  if (comma >= 0 && dot >= 0) {
    text = comma > dot ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '')
  } else if (comma >= 0) {
    text = text.replace(',', '.')
  }
  if (!/^-?\d+(\.\d+)?$/.test(text)) return { error: messages.catalogueIo.notANumber }
  return { value: Number(text) }
}

export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(roundMoney(value) - value) < 1e-9
}

/** 'da'/'ne' as exported; also 1/0, true/false, yes/no and x for yes. */
export function parseYesNo(cell: string | number): boolean | undefined {
  const folded = foldHeader(String(cell))
  if (['da', '1', 'true', 'yes', 'x', 'd'].includes(folded)) return true
  if (['ne', '0', 'false', 'no', 'n', ''].includes(folded)) return false
  return undefined
}

/** A weight with a decimal comma for the CSV, as many decimals as it has (at most three): 1.25 -> '1,25'. */
export function spreadsheetWeight(value: number): string {
  return String(Number(value.toFixed(3))).replace('.', ',')
}

/** Money with a decimal comma for the CSV: 12.5 -> '12,50'. */
export function spreadsheetMoney(value: number): string {
  return value.toFixed(2).replace('.', ',')
}
