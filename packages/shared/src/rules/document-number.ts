// Document numbers of invoices (docs/decisions.md, 'Invoices and packing slips'): one gap-free
// sequence per calendar year, written 'YYYY-NNNNNN' (2026-000123).

const DIGITS = 6

export function formatDocumentNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(DIGITS, '0')}`
}

/** A search that looks like a document number or its end ('2026-000123', '2026-123', '000123'). */
export const DOCUMENT_NUMBER_SEARCH = /^(\d{4})-(\d{1,6})$/

/** The full number a typed '2026-123' stands for, or null when the text is not one. */
export function documentNumberOf(search: string): string | null {
  const match = DOCUMENT_NUMBER_SEARCH.exec(search.trim())
  if (!match) return null
  return formatDocumentNumber(Number(match[1]), Number(match[2]))
}
