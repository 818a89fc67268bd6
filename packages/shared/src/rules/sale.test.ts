import { describe, expect, it } from 'vitest'
import { isSaleActive, nextSaleTransition, saleBoundaryTime, saleStatus } from './sale.ts'

const at = (iso: string) => Date.parse(iso)
const sale = (startDate: string | null, endDate: string | null, isActive = true) => ({ isActive, startDate, endDate })

describe('saleBoundaryTime', () => {
  it.each([
    // Sarajevo is UTC+1 in winter and UTC+2 in summer.
    ['2026-01-10', 'start', '2026-01-09T23:00:00.000Z'],
    ['2026-01-10', 'end', '2026-01-10T22:59:59.999Z'],
    ['2026-07-10', 'start', '2026-07-09T22:00:00.000Z'],
    ['2026-07-10', 'end', '2026-07-10T21:59:59.999Z'],
    // The day the clocks go forward (29 March 2026) is 23 hours long.
    ['2026-03-29', 'end', '2026-03-29T21:59:59.999Z'],
    ['2026-10-25', 'end', '2026-10-25T22:59:59.999Z'],
    ['2026-01-10T08:30:00.000Z', 'end', '2026-01-10T08:30:00.000Z'],
    ['2026-01-10T08:30:00+01:00', 'start', '2026-01-10T07:30:00.000Z'],
  ] as const)('%s as a %s is %s', (value, edge, expected) => {
    expect(saleBoundaryTime(value, edge)).toBe(at(expected))
  })

  it.each([null, undefined, '', 'sutra'])('%s is no time', (value) => {
    expect(saleBoundaryTime(value, 'start')).toBeNull()
  })
})

describe('saleStatus and isSaleActive', () => {
  const window = sale('2026-05-01T08:00:00.000Z', '2026-05-10T20:00:00.000Z')
  it.each([
    [window, '2026-05-01T07:59:59.999Z', 'scheduled'],
    [window, '2026-05-01T08:00:00.000Z', 'active'],
    [window, '2026-05-05T12:00:00.000Z', 'active'],
    [window, '2026-05-10T20:00:00.000Z', 'active'],
    [window, '2026-05-10T20:00:00.001Z', 'ended'],
    [{ ...window, isActive: false }, '2026-05-05T12:00:00.000Z', 'inactive'],
    [sale(null, '2026-05-10'), '2026-05-05T12:00:00.000Z', 'inactive'],
    [sale('2026-05-01', null), '2026-05-05T12:00:00.000Z', 'inactive'],
    [sale('2026-05-10', '2026-05-01'), '2026-05-05T12:00:00.000Z', 'inactive'],
    // An end date without a time lasts to the end of that day (Sarajevo, UTC+2 in May).
    [sale('2026-05-01', '2026-05-10'), '2026-05-10T21:59:59.999Z', 'active'],
    [sale('2026-05-01', '2026-05-10'), '2026-05-10T22:00:00.000Z', 'ended'],
    [sale('2026-05-01', '2026-05-10'), '2026-04-30T21:59:59.999Z', 'scheduled'],
    [sale('2026-05-01', '2026-05-01'), '2026-05-01T12:00:00.000Z', 'active'],
  ] as const)('%o at %s is %s', (config, now, expected) => {
    expect(saleStatus(config, at(now))).toBe(expected)
    expect(isSaleActive(config, at(now))).toBe(expected === 'active')
  })
})

describe('nextSaleTransition', () => {
  const window = sale('2026-05-01T08:00:00.000Z', '2026-05-10T20:00:00.000Z')
  it.each([
    [window, '2026-04-01T00:00:00.000Z', '2026-05-01T08:00:00.000Z'],
    [window, '2026-05-01T08:00:00.000Z', '2026-05-10T20:00:00.001Z'],
    [sale('2026-05-01', '2026-05-10'), '2026-05-02T00:00:00.000Z', '2026-05-10T22:00:00.000Z'],
  ] as const)('%o at %s is %s', (config, now, expected) => {
    expect(nextSaleTransition(config, at(now))).toBe(at(expected))
  })

  it.each([
    [window, '2026-05-11T00:00:00.000Z'],
    [{ ...window, isActive: false }, '2026-04-01T00:00:00.000Z'],
  ] as const)('nothing is due for %o at %s', (config, now) => {
    expect(nextSaleTransition(config, at(now))).toBeNull()
  })
})
