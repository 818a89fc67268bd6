import { describe, expect, it } from 'vitest'
import { priceWithoutVat, splitIncludedVat } from './included-vat.ts'
import { itReturns } from './test-support.ts'

const fening = (km: number) => Math.round(km * 100)
const sum = (values: readonly number[]) => values.reduce((total, value) => total + fening(value), 0)

describe('splitIncludedVat', () => {
  it('takes the PDV included at 17 % out of a single amount', () => {
    // 117.00 KM with PDV is 100.00 base + 17.00 PDV.
    expect(splitIncludedVat([117], 17)).toEqual({
      lines: [{ gross: 117, base: 100, vat: 17 }],
      gross: 117,
      base: 100,
      vat: 17,
    })
  })

  it('rounds the document PDV once and shares the left-over fening by the largest remainder', () => {
    // Each 10.00 includes 1.452991... PDV; three lines round down to 1.45 each (4.35), the total's
    // PDV is 30.00 * 17 / 117 = 4.358974... = 4.36, so one line takes the extra fening.
    const split = splitIncludedVat([10, 10, 10], 17)
    expect(split.vat).toBe(4.36)
    expect(split.base).toBe(25.64)
    expect(split.lines.map((line) => line.vat)).toEqual([1.46, 1.45, 1.45])
    expect(split.lines.map((line) => line.base)).toEqual([8.54, 8.55, 8.55])
  })

  it.each([
    [[19.99, 4.5, 7], 17],
    [[0.01, 0.01, 0.01, 0.01], 17],
    [[1234.56, 0.99, 12], 17],
    [[33.33, 33.33, 33.34, 12], 17],
    [[5, 7.77], 0],
    [[99.99, 0.05], 25],
    [[0], 17],
  ])('adds up exactly for %j at %d %%: lines and totals to the fening', (amounts, rate) => {
    const split = splitIncludedVat(amounts, rate)
    expect(sum(split.lines.map((line) => line.gross))).toBe(sum(amounts))
    expect(fening(split.gross)).toBe(sum(amounts))
    expect(sum(split.lines.map((line) => line.base))).toBe(fening(split.base))
    expect(sum(split.lines.map((line) => line.vat))).toBe(fening(split.vat))
    expect(fening(split.base) + fening(split.vat)).toBe(fening(split.gross))
    for (const line of split.lines) {
      expect(fening(line.base) + fening(line.vat)).toBe(fening(line.gross))
      // No line's PDV is off by more than a fening from its exact share.
      expect(Math.abs(fening(line.vat) - (fening(line.gross) * rate) / (100 + rate))).toBeLessThan(1)
    }
  })

  it('adds up for many random orders', () => {
    let seed = 7
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
    for (let run = 0; run < 500; run += 1) {
      const amounts = Array.from({ length: 1 + Math.floor(random() * 12) }, () => Math.round(random() * 50000) / 100)
      const split = splitIncludedVat(amounts, 17)
      expect(sum(split.lines.map((line) => line.vat))).toBe(fening(split.vat))
      expect(sum(split.lines.map((line) => line.base))).toBe(fening(split.base))
      expect(fening(split.base) + fening(split.vat)).toBe(sum(amounts))
    }
  })
})

describe('priceWithoutVat', () => {
  itReturns(priceWithoutVat, '%d KM with PDV at %d %% is %d KM without', [
    [117, 17, 100],
    [10, 17, 8.55],
    [19.99, 17, 17.09],
    [0.01, 17, 0.01],
    [50, 0, 50],
  ])
})
