import { describe, expect, it } from 'vitest'
import { csvLine, csvMoney, csvQuote, csvText, csvUtcTimestamp } from './statistics-csv.ts'
import { itReturns } from './test-support.ts'

describe('csvText', () => {
  itReturns(csvText, 'escapes %j as %j', [
    ['Marko Marić', 'Marko Marić'],
    ['Đurđa Šehić-Čolić', 'Đurđa Šehić-Čolić'],
    ['Ana; Ivo', '"Ana; Ivo"'],
    ['Ana, Ivo', '"Ana, Ivo"'],
    ['Rekla je "da"', '"Rekla je ""da"""'],
    ['dva\nreda', '"dva\nreda"'],
    ['dva\r\nreda', '"dva\r\nreda"'],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+38761123456', "'+38761123456"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['a=b', 'a=b'],
    ['', ''],
  ])
})

describe('csvQuote', () => {
  it('leaves a plain cell alone and quotes one with the separator', () => {
    expect(csvQuote('abc')).toBe('abc')
    expect(csvQuote('a;b')).toBe('"a;b"')
  })
})

describe('csvMoney', () => {
  itReturns(csvMoney, 'writes %d as %s', [
    [0, '0,00'],
    [12.5, '12,50'],
    [1234.56, '1234,56'],
    [0.1 + 0.2, '0,30'],
  ])
})

describe('csvLine', () => {
  it('joins cells with the Bosnian list separator and ends with CRLF', () => {
    expect(csvLine(['a', 2, '3,50'])).toBe('a;2;3,50\r\n')
  })
})

describe('csvUtcTimestamp', () => {
  it('writes the UTC date and time without the T and the milliseconds', () => {
    expect(csvUtcTimestamp('2026-03-01T09:05:07.123Z')).toBe('2026-03-01 09:05:07')
    expect(csvUtcTimestamp(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12-31 23:59:59')
  })
})
