import { describe, expect, it } from 'vitest'
import { parseQuantity, parseQuickOrder, QUICK_ORDER_MAX_LINES } from './quick-order.ts'

const linesOf = (input: string) => {
  const parsed = parseQuickOrder(input)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed
}

describe('quick order parsing', () => {
  it.each([
    ['ABC-1;5', 'ABC-1', 5],
    ['ABC-1 5', 'ABC-1', 5],
    ['ABC-1\t5', 'ABC-1', 5],
    ['ABC-1,5', 'ABC-1', 5],
    ['ABC-1 ; 7 ', 'ABC-1', 7],
    ['"ABC-1";"12"', 'ABC-1', 12],
    ['ABC-1;2,0', 'ABC-1', 2],
    ['ABC-1   3', 'ABC-1', 3],
    ['ABC-1', 'ABC-1', 1],
    ['ABC-1;1.000', 'ABC-1', 1000],
  ])('reads %j as %s × %i', (input, code, quantity) => {
    expect(linesOf(input).lines).toEqual([{ code, quantity, lineNumbers: [1] }])
  })

  it('skips blank lines and a CSV header, and numbers lines as the buyer sees them', () => {
    const parsed = linesOf('šifra;količina\r\n\r\nA;1\n   \nB;2\n')
    expect(parsed.lines).toEqual([
      { code: 'A', quantity: 1, lineNumbers: [3] },
      { code: 'B', quantity: 2, lineNumbers: [5] },
    ])
    expect(parsed.errors).toEqual([])
  })

  it('sums the same code (in any case) into its first line', () => {
    expect(linesOf('A;1\nB;2\na;3').lines).toEqual([
      { code: 'A', quantity: 4, lineNumbers: [1, 3] },
      { code: 'B', quantity: 2, lineNumbers: [2] },
    ])
  })

  it.each([
    ['A;x', 'Red 1: količina "x" nije ispravan broj.'],
    ['A;0', 'Red 1: količina "0" nije ispravan broj.'],
    ['A;-2', 'Red 1: količina "-2" nije ispravan broj.'],
    ['A;2,5', 'Red 1: količina mora biti cijeli broj komada.'],
    ['A;10001', 'Red 1: količina je prevelika (najviše 10000).'],
    [`${'X'.repeat(101)};1`, 'Red 1: šifra je preduga.'],
  ])('names the line of a wrong quantity or code: %j', (input, message) => {
    const parsed = linesOf(`OK;1\n${input}`.replace('Red 1', 'Red 2'))
    expect(parsed.lines).toEqual([{ code: 'OK', quantity: 1, lineNumbers: [1] }])
    expect(parsed.errors).toEqual([{ lineNumber: 2, text: input, message: message.replace('Red 1', 'Red 2') }])
  })

  it('refuses an empty list and one over the line limit, in Bosnian', () => {
    expect(parseQuickOrder(' \n\n')).toEqual({ ok: false, message: 'Upišite barem jedan red sa šifrom i količinom.' })
    const many = Array.from({ length: QUICK_ORDER_MAX_LINES + 2 }, (_, index) => `K${index};1`).join('\n')
    expect(parseQuickOrder(many)).toEqual({
      ok: false,
      message: 'Brza narudžba prima najviše 100 redova. Podijelite popis na više dijelova.',
    })
    expect(linesOf(many.split('\n').slice(0, QUICK_ORDER_MAX_LINES).join('\n')).lines).toHaveLength(100)
    expect(parseQuickOrder('A;1\n'.repeat(6000))).toEqual({
      ok: false,
      message: 'Popis je predug (najviše 20000 znakova).',
    })
  })

  it('reads quantities with a decimal comma or a thousands dot', () => {
    expect(parseQuantity('')).toBe(1)
    expect(parseQuantity('3,0')).toBe(3)
    expect(parseQuantity('2.5')).toBe(2.5)
    expect(parseQuantity('12.000')).toBe(12000)
    expect(parseQuantity('1e3')).toBeNaN()
  })
})
