// Quick order by code (docs/decisions.md ('Reorder, quick order and postcodes'), 'Quick order'): the pasted list or CSV turned into
// lines of code and quantity. Pure: the server runs it on POST /api/cart/quick-order, the page for its
// instant count.
import { format } from '../messages/format.ts'
import { reorder as text } from '../messages/bs/reorder.ts'

/** As many lines as a cart may hold (schemas/checkout.ts MAX_CART_LINES). */
export const QUICK_ORDER_MAX_LINES = 100
export const QUICK_ORDER_MAX_CHARS = 20_000
export const QUICK_ORDER_MAX_QUANTITY = 10_000
const MAX_CODE_LENGTH = 100

export type QuickOrderLine = { code: string; quantity: number; lineNumbers: number[] }
export type QuickOrderLineError = { lineNumber: number; text: string; message: string }
export type QuickOrderParse =
  { ok: true; lines: QuickOrderLine[]; errors: QuickOrderLineError[] } | { ok: false; message: string }

/** 'ABC;5', 'ABC 5', 'ABC\t5', 'ABC,5', 'ABC;2,0', 'ABC' (one piece); quotes of a CSV cell are dropped. */
function splitLine(line: string): [string, string] {
  const cells = /[;\t]/.test(line) ? line.split(/[;\t]/) : /\s/.test(line) ? line.split(/\s+/) : line.split(',')
  const [code = '', ...rest] = cells.map((cell) =>
    cell
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  )
  // 'ABC,2,5' splits on its first comma only: the rest is a quantity with a decimal comma.
  const quantity = /[;\t\s]/.test(line) ? (rest.find((cell) => cell !== '') ?? '') : rest.join(',')
  return [code, quantity]
}

/** '5', '5,0', '5.0', '1.000' (a thousands dot) or '' (one piece); NaN for anything else. */
export function parseQuantity(value: string): number {
  const trimmed = value.trim()
  if (trimmed === '') return 1
  if (/^\d{1,3}(\.\d{3})+$/.test(trimmed)) return Number(trimmed.replace(/\./g, ''))
  if (!/^\d+([.,]\d+)?$/.test(trimmed)) return Number.NaN
  return Number(trimmed.replace(',', '.'))
}

const isHeader = (code: string, quantity: string) =>
  /^(šifra|sifra|code|kod|artikal)$/i.test(code) && Number.isNaN(parseQuantity(quantity))

/**
 * Blank lines are skipped, a CSV's header line too; the same code twice is summed (case-insensitive)
 * into the first line's place. A wrong quantity is that line's error; too many lines refuses the list.
 */
export function parseQuickOrder(input: string): QuickOrderParse {
  if (input.length > QUICK_ORDER_MAX_CHARS)
    return { ok: false, message: format(text.textTooLong, { max: QUICK_ORDER_MAX_CHARS }) }
  const rows = input.split(/\r\n|\r|\n/).map((row, index) => ({ row: row.trim(), lineNumber: index + 1 }))
  const filled = rows.filter(({ row }) => row !== '')
  if (filled.length === 0) return { ok: false, message: text.linesRequired }
  if (filled.length > QUICK_ORDER_MAX_LINES + 1) {
    return { ok: false, message: format(text.tooManyLines, { max: QUICK_ORDER_MAX_LINES }) }
  }
  const byCode = new Map<string, QuickOrderLine>()
  const errors: QuickOrderLineError[] = []
  filled.forEach(({ row, lineNumber }, index) => {
    const [code, quantityText] = splitLine(row)
    if (index === 0 && isHeader(code, quantityText)) return
    const fail = (template: string) =>
      errors.push({
        lineNumber,
        text: row,
        message: format(template, { line: lineNumber, quantity: quantityText, max: QUICK_ORDER_MAX_QUANTITY }),
      })
    const quantity = parseQuantity(quantityText)
    if (code.length > MAX_CODE_LENGTH) return fail(text.codeTooLong)
    if (Number.isNaN(quantity) || quantity <= 0) return fail(text.quantityInvalid)
    if (!Number.isInteger(quantity)) return fail(text.quantityNotWhole)
    const key = code.toLowerCase()
    const existing = byCode.get(key)
    const total = (existing?.quantity ?? 0) + quantity
    if (total > QUICK_ORDER_MAX_QUANTITY) return fail(text.quantityTooLarge)
    if (existing) {
      existing.quantity = total
      existing.lineNumbers.push(lineNumber)
    } else byCode.set(key, { code, quantity, lineNumbers: [lineNumber] })
  })
  const lines = [...byCode.values()]
  if (lines.length > QUICK_ORDER_MAX_LINES) {
    return { ok: false, message: format(text.tooManyLines, { max: QUICK_ORDER_MAX_LINES }) }
  }
  return { ok: true, lines, errors }
}
