import { describe, expect, it } from 'vitest'
import { csvCell, parseAmount, parseCsv, parseDate } from './csv.ts'

// The courier's CSV cells (docs/decisions.md, 'Courier hand-off, tracking and payouts').

describe('courier CSV cells', () => {
  it.each([
    ['Đurđica Šimić', 'Đurđica Šimić'],
    ['Ulica 1; ulaz 2', '"Ulica 1; ulaz 2"'],
    ['Rekla je "hitno"', '"Rekla je ""hitno"""'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['+387 63 123 456', '+387 63 123 456'],
    ['-2+3', "'-2+3"],
    ['red\nnovi', 'red novi'],
  ])('writes %j as %j', (value, cell) => expect(csvCell(value)).toBe(cell))

  it.each([
    ['123,45', 123.45],
    ['123.45', 123.45],
    ['1.234,50', 1234.5],
    ['1 234,50 KM', 1234.5],
    ['72', 72],
    ['12,345', null],
    ['-5,00', null],
    ['abc', null],
  ])('reads the amount %j as %j', (text, amount) => expect(parseAmount(text)).toBe(amount))

  it.each([
    ['05.03.2026', '2026-03-05'],
    ['5.3.2026.', '2026-03-05'],
    ['2026-03-05', '2026-03-05'],
    ['31.02.2026', null],
    ['2026/03/05', null],
    ['05.03.1999', null],
  ])('reads the date %j as %j', (text, day) => expect(parseDate(text)).toBe(day))

  it('drops the byte order mark and a header without digits, keeps line numbers, reads quoted cells', () => {
    const rows = parseCsv('\uFEFFReferenca;Broj\r\n\r\n2026-000001;"CE 1; A"\r\n2026-000002;CE2\r\n')
    expect(rows).toEqual([
      { row: 3, cells: ['2026-000001', 'CE 1; A'] },
      { row: 4, cells: ['2026-000002', 'CE2'] },
    ])
    expect(parseCsv('2026-000001,CE1\n')).toEqual([{ row: 1, cells: ['2026-000001', 'CE1'] }])
  })
})
