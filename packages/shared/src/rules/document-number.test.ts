import { describe, expect, it } from 'vitest'
import { documentNumberOf, formatDocumentNumber } from './document-number.ts'

describe('document numbers', () => {
  it('are the year and six digits', () => {
    expect(formatDocumentNumber(2026, 123)).toBe('2026-000123')
    expect(formatDocumentNumber(2027, 1)).toBe('2027-000001')
  })

  it('read a typed number with or without its leading zeros', () => {
    expect(documentNumberOf('2026-123')).toBe('2026-000123')
    expect(documentNumberOf(' 2026-000123 ')).toBe('2026-000123')
    expect(documentNumberOf('8bbf8aa8')).toBeNull()
    expect(documentNumberOf('2026-1234567')).toBeNull()
  })
})
