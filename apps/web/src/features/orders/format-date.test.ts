import { describe, expect, it } from 'vitest'
import { formatDate, formatTime } from './format-date.ts'

describe('formatDate', () => {
  it('writes day, month and year with leading zeros and a closing dot', () => {
    expect(formatDate(new Date(2025, 2, 5, 14, 30))).toBe('05.03.2025.')
    expect(formatDate(new Date(2024, 11, 31))).toBe('31.12.2024.')
  })

  it('gives an empty text for a value that is no date', () => {
    expect(formatDate('not a date')).toBe('')
  })
})

describe('formatTime', () => {
  it('writes hours and minutes on a 24-hour clock with leading zeros', () => {
    expect(formatTime(new Date(2025, 2, 5, 14, 5))).toBe('14:05')
    expect(formatTime(new Date(2025, 2, 5, 0, 0))).toBe('00:00')
  })

  it('gives an empty text for a value that is no date', () => {
    expect(formatTime('not a date')).toBe('')
  })
})
