import { describe, expect, it } from 'vitest'
import {
  calendarDateIn,
  formatDateOfBirthTyping,
  isAdult,
  isRealDate,
  isoToDisplayDate,
  parseDisplayDate,
  parseIsoDate,
  type DateParse,
} from './date-of-birth.ts'
import { allGive, itReturns } from './test-support.ts'

const parsed = (isoDate: string): DateParse => ({ ok: true, isoDate })
const refused = (reason: Extract<DateParse, { ok: false }>['reason']): DateParse => ({ ok: false, reason })

describe('parseDisplayDate (DD/MM/GGGG)', () => {
  itReturns(parseDisplayDate, '%j -> %j', [
    ['29/02/2004', parsed('2004-02-29')],
    ['01/01/1900', parsed('1900-01-01')],
    ['31/12/2099', parsed('2099-12-31')],
    [' 15/06/1990 ', parsed('1990-06-15')],
    ...allGive(['', '   '], refused('required')),
    // No such day in that month (29 February only in a leap year) ...
    ...allGive(['31/02/2000', '29/02/2001', '29/02/1900', '31/04/2000'], refused('invalid')),
    // ... or no such day or month at all.
    ...allGive(['00/01/2000', '32/01/2000', '15/13/2000'], refused('invalid')),
    // A year outside 19xx and 20xx is a wrong format ...
    ...allGive(['15/06/1890', '15/06/2190'], refused('format')),
    // ... as is any other writing of the date.
    ...allGive(['1/6/1990', '15-06-1990', '1990-06-15', '15/06/90', 'aa/bb/cccc'], refused('format')),
  ])
})

describe('parseIsoDate (YYYY-MM-DD)', () => {
  itReturns(parseIsoDate, '%j -> %j', [
    ['2004-02-29', parsed('2004-02-29')],
    ['2000-02-29', parsed('2000-02-29')],
    ['', refused('required')],
    ...allGive(['2000-02-31', '2001-02-29', '2000-00-10'], refused('invalid')),
    ...allGive(['1899-12-31', '29/02/2004', '2004-2-9', '2004-02-29T00:00:00Z'], refused('format')),
  ])
})

describe('isAdult(birthDate, today)', () => {
  itReturns(isAdult, 'born %s, today %s -> %s', [
    ['2006-05-10', '2024-05-10', true], // exactly 18 today
    ['2006-05-11', '2024-05-10', false], // 18 tomorrow
    ['2006-05-09', '2024-05-10', true],
    ['2006-12-31', '2024-01-01', false],
    ['1950-01-01', '2024-01-01', true],
    ['2004-02-29', '2022-02-28', false], // leap-day birthday: not yet in a common year
    ['2004-02-29', '2022-03-01', true],
    ['2004-02-29', '2024-02-29', true],
    ['2030-01-01', '2024-01-01', false], // born in the future
  ])
})

describe('helpers', () => {
  itReturns(isRealDate, 'isRealDate(%i, %i, %i) is %s', [
    [2000, 2, 29, true],
    [1900, 2, 29, false],
    [2023, 4, 31, false],
    [2023, 12, 31, true],
    [2023, 0, 1, false],
  ])

  itReturns(formatDateOfBirthTyping, 'formatDateOfBirthTyping(%j) is %j', [
    ['', ''],
    ['1', '1'],
    ['150', '15/0'],
    ['1506', '15/06'],
    ['15061990', '15/06/1990'],
    ['15/06/19901234', '15/06/1990'],
    ['15.06.1990', '15/06/1990'],
  ])

  it('converts stored dates for the form', () => {
    expect(isoToDisplayDate('1990-06-15')).toBe('15/06/1990')
    expect(isoToDisplayDate('')).toBe('')
  })

  it('takes the calendar date in Sarajevo, not in UTC', () => {
    // 23:30 UTC on 9 May is already 10 May in Sarajevo (UTC+2 in summer).
    expect(calendarDateIn(Date.UTC(2024, 4, 9, 23, 30))).toBe('2024-05-10')
    expect(calendarDateIn(Date.UTC(2024, 4, 9, 23, 30), 'UTC')).toBe('2024-05-09')
  })
})
