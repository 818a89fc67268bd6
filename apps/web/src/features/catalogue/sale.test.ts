import { describe, expect, it } from 'vitest'
import { formatSaleDate, isSaleActive } from './sale.ts'

const sale = { isActive: true, startDate: '2026-11-20T00:00:00.000Z', endDate: '2026-12-23T23:59:59.000Z' }

describe('isSaleActive', () => {
  it.each([
    ['inside the window', sale, '2026-11-23T11:00:00Z', true],
    ['before the start', sale, '2026-11-19T23:59:59Z', false],
    ['after the end', sale, '2026-12-24T00:00:00Z', false],
    ['switched off', { ...sale, isActive: false }, '2026-11-23T11:00:00Z', false],
    ['without an end date', { ...sale, endDate: null }, '2026-11-23T11:00:00Z', false],
  ])('%s', (_case, config, now, expected) => {
    expect(isSaleActive(config, new Date(now))).toBe(expected)
  })

  it('counts an end date without a time as the whole of that day', () => {
    const config = { isActive: true, startDate: '2026-11-01', endDate: '2026-11-30' }
    expect(isSaleActive(config, new Date(2026, 10, 30, 23, 59, 0))).toBe(true)
    expect(isSaleActive(config, new Date(2026, 11, 1, 0, 0, 1))).toBe(false)
    expect(isSaleActive(config, new Date(2026, 10, 1, 0, 0, 0))).toBe(true)
  })

  it('answers false without a config', () => {
    expect(isSaleActive(undefined, new Date())).toBe(false)
  })
})

describe('formatSaleDate', () => {
  it("writes the date as the Croatian locale does, in the browser's time zone", () => {
    for (const value of ['2026-11-20', '2026-01-05', '2027-12-31T10:30']) {
      expect(formatSaleDate(value)).toBe(
        new Date(Date.parse(value.length === 10 ? `${value}T00:00` : value)).toLocaleDateString('hr-HR'),
      )
    }
    expect(formatSaleDate('2026-01-05')).toBe('05. 01. 2026.')
  })

  it('gives nothing for a missing or unreadable date', () => {
    expect(formatSaleDate(null)).toBe('')
    expect(formatSaleDate('soon')).toBe('')
  })
})
