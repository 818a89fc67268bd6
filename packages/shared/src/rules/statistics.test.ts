import { describe, expect, it } from 'vitest'
import { fillDays, formatUtcDay, lastDays, monthsOf, parseUtcDay, planRange, utcDayRange } from './statistics.ts'
import { itReturns } from './test-support.ts'

describe('parseUtcDay', () => {
  itReturns((value: string) => parseUtcDay(value)?.toISOString(), 'reads %s as midnight UTC', [
    ['2026-03-01', '2026-03-01T00:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['2026-12-31', '2026-12-31T00:00:00.000Z'],
  ])

  it.each([
    '2026-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '2026-3-1',
    '01.03.2026',
    '',
    '2026-03-01T00:00',
    'x',
  ])('refuses %j', (value) => {
    expect(parseUtcDay(value)).toBeUndefined()
  })
})

describe('utcDayRange', () => {
  it('runs from the start of the first day to the start of the day after the last (exclusive)', () => {
    const range = utcDayRange('2026-03-01', '2026-03-31')
    expect(range.start.toISOString()).toBe('2026-03-01T00:00:00.000Z')
    expect(range.end.toISOString()).toBe('2026-04-01T00:00:00.000Z')
    expect(range.days).toBe(31)
  })

  it('keeps 24-hour days across the daylight-saving change, because it is UTC', () => {
    expect(utcDayRange('2026-03-28', '2026-03-30').days).toBe(3)
    expect(utcDayRange('2026-10-24', '2026-10-26').days).toBe(3)
  })

  it('is one day when the first and last day are the same', () => {
    const range = utcDayRange('2026-01-01', '2026-01-01')
    expect(range.end.toISOString()).toBe('2026-01-02T00:00:00.000Z')
    expect(range.days).toBe(1)
  })

  it('throws on a day that does not exist', () => {
    expect(() => utcDayRange('2026-02-30', '2026-03-01')).toThrow(RangeError)
  })
})

describe('lastDays', () => {
  it('ends today and counts today as one of the days', () => {
    expect(lastDays(new Date('2026-03-10T23:59:59Z'), 30)).toEqual({ from: '2026-02-09', to: '2026-03-10' })
    expect(lastDays(new Date('2026-03-10T00:00:00Z'), 1)).toEqual({ from: '2026-03-10', to: '2026-03-10' })
  })
})

describe('fillDays', () => {
  it('lists every day of the range in order with zeros where nothing was sold', () => {
    const filled = fillDays('2026-02-27', '2026-03-02', [
      { date: '2026-03-01', orders: 2, revenue: 30.5 },
      { date: '2026-02-27', orders: 1, revenue: 10 },
    ])
    expect(filled).toEqual([
      { date: '2026-02-27', orders: 1, revenue: 10 },
      { date: '2026-02-28', orders: 0, revenue: 0 },
      { date: '2026-03-01', orders: 2, revenue: 30.5 },
      { date: '2026-03-02', orders: 0, revenue: 0 },
    ])
  })

  it('crosses a leap day and a year end', () => {
    expect(fillDays('2024-02-28', '2024-03-01', []).map((day) => day.date)).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ])
    expect(fillDays('2025-12-31', '2026-01-01', []).map((day) => day.date)).toEqual(['2025-12-31', '2026-01-01'])
  })

  it('has 366 days in a leap year', () => {
    expect(fillDays('2024-01-01', '2024-12-31', [])).toHaveLength(366)
    expect(formatUtcDay(new Date(Date.UTC(2024, 11, 31)))).toBe('2024-12-31')
  })
})

describe('planRange', () => {
  const months = (...list: string[]) => new Set(list)
  const year2025 = months(...Array.from({ length: 12 }, (_, index) => `2025-${String(index + 1).padStart(2, '0')}-01`))

  it('reads a closed year from the roll-ups alone', () => {
    expect(planRange('2025-01-01', '2026-01-01', '2026-11-01', year2025)).toEqual({
      rolledUpDays: [{ from: '2025-01-01', to: '2026-01-01' }],
      liveDays: [],
      rolledUpMonths: [...year2025],
      lineSpans: [],
    })
  })

  it('reads the partial months at both edges from the lines', () => {
    expect(planRange('2025-03-10', '2025-06-21', '2026-11-01', year2025)).toEqual({
      rolledUpDays: [{ from: '2025-03-10', to: '2025-06-21' }],
      liveDays: [],
      rolledUpMonths: ['2025-04-01', '2025-05-01'],
      lineSpans: [
        { from: '2025-03-10', to: '2025-04-01' },
        { from: '2025-06-01', to: '2025-06-21' },
      ],
    })
  })

  it('reads a month whose roll-up is missing or outdated from the orders and lines', () => {
    const withoutMay = new Set([...year2025].filter((month) => month !== '2025-05-01'))
    expect(planRange('2025-04-01', '2025-07-01', '2026-11-01', withoutMay)).toEqual({
      rolledUpDays: [
        { from: '2025-04-01', to: '2025-05-01' },
        { from: '2025-06-01', to: '2025-07-01' },
      ],
      liveDays: [{ from: '2025-05-01', to: '2025-06-01' }],
      rolledUpMonths: ['2025-04-01', '2025-06-01'],
      lineSpans: [{ from: '2025-05-01', to: '2025-06-01' }],
    })
  })

  it('reads the live month from the orders even when a roll-up exists for it', () => {
    expect(planRange('2026-11-03', '2026-11-25', '2026-11-01', months('2026-11-01'))).toEqual({
      rolledUpDays: [],
      liveDays: [{ from: '2026-11-03', to: '2026-11-25' }],
      rolledUpMonths: [],
      lineSpans: [{ from: '2026-11-03', to: '2026-11-25' }],
    })
  })

  it('splits a range that runs from closed months into the live one', () => {
    expect(planRange('2026-09-15', '2026-11-25', '2026-11-01', months('2026-09-01', '2026-10-01'))).toEqual({
      rolledUpDays: [{ from: '2026-09-15', to: '2026-11-01' }],
      liveDays: [{ from: '2026-11-01', to: '2026-11-25' }],
      rolledUpMonths: ['2026-10-01'],
      lineSpans: [
        { from: '2026-09-15', to: '2026-10-01' },
        { from: '2026-11-01', to: '2026-11-25' },
      ],
    })
  })

  it('reads one day at a month end from the lines', () => {
    expect(planRange('2025-12-31', '2026-01-01', '2026-11-01', year2025)).toEqual({
      rolledUpDays: [{ from: '2025-12-31', to: '2026-01-01' }],
      liveDays: [],
      rolledUpMonths: [],
      lineSpans: [{ from: '2025-12-31', to: '2026-01-01' }],
    })
  })
})

describe('monthsOf', () => {
  it('names every month the range touches', () => {
    expect(monthsOf('2025-11-30', '2026-02-01')).toEqual(['2025-11-01', '2025-12-01', '2026-01-01'])
    expect(monthsOf('2025-03-01', '2025-03-02')).toEqual(['2025-03-01'])
  })
})
