// The statistics CSV is read by Excel and LibreOffice set to Bosnian (or Croatian), whose list
// separator is ';' and decimal mark ','. A ',' separator would split every '12,50' in two, so
// the file follows the locale rather than RFC 4180's comma; it keeps RFC 4180's quoting and CRLF.

/** Excel takes UTF-8 only when the file starts with a byte order mark; without it 'č' reads 'Ä\u008d'. */
export const CSV_BOM = '\uFEFF'
export const CSV_SEPARATOR = ';'
export const CSV_LINE_END = '\r\n'

/** OWASP CSV injection: a cell that starts with one of these is run as a formula by a spreadsheet. */
const FORMULA_START = /^[=+\-@\t\r]/

/** Text from people (names, e-mails): neutralise formulas with a leading apostrophe, then quote. */
export function csvText(value: string): string {
  return csvQuote(FORMULA_START.test(value) ? `'${value}` : value)
}

/** Quotes a cell that holds the separator, a quote or a line break; doubles the quotes inside. */
export function csvQuote(value: string): string {
  return /[";,\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** Money with 2 decimals and a decimal comma, no thousands separator: 1234.5 -> '1234,50'. */
export function csvMoney(value: number): string {
  return value.toFixed(2).replace('.', ',')
}

/** One line of cells that are already escaped (csvText, csvMoney, numbers). */
export function csvLine(cells: readonly (string | number)[]): string {
  return cells.map(String).join(CSV_SEPARATOR) + CSV_LINE_END
}

/** '2026-03-01T09:05:07.123Z' -> '2026-03-01 09:05:07', which both spreadsheets read as a date and time. */
export function csvUtcTimestamp(value: Date | string): string {
  return new Date(value).toISOString().slice(0, 19).replace('T', ' ')
}
