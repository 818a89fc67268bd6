import { describe, expect, it } from 'vitest'
import { fromLocalInput, toLocalInput } from './sale-dates.ts'

describe('sale dates in the form', () => {
  it('round-trips an instant through the datetime-local value', () => {
    const iso = new Date(2026, 4, 1, 8, 30).toISOString()
    expect(toLocalInput(iso)).toBe('2026-05-01T08:30')
    expect(fromLocalInput('2026-05-01T08:30')).toBe(iso)
  })
  it('keeps seconds when there are any', () => {
    const iso = new Date(2026, 4, 1, 8, 30, 15).toISOString()
    expect(toLocalInput(iso)).toBe('2026-05-01T08:30:15')
    expect(fromLocalInput('2026-05-01T08:30:15')).toBe(iso)
  })
  it.each([
    ['', null],
    ['2026-05-10', '2026-05-10'],
  ])('%s becomes %s', (value, expected) => {
    expect(fromLocalInput(value)).toBe(expected)
  })
  it('shows no date for none', () => {
    expect(toLocalInput(null)).toBe('')
  })
})
