// The PDV (VAT) on a tax invoice, where every price already includes it (docs/decisions.md,
// 'Invoices and packing slips'). Worked in whole fening, so that no float sum drifts: the PDV of
// the whole document is rounded once, and the lines share it by the largest remainder, so that
// the printed lines and the printed totals add up exactly to the order's total.

export type VatSplitLine = {
  /** The line's amount with PDV, as the order charged it (KM, 2 decimals). */
  gross: number
  /** The same amount without PDV. */
  base: number
  /** The PDV included in the line: gross - base. */
  vat: number
}

export type VatSplit = { lines: VatSplitLine[]; gross: number; base: number; vat: number }

const toFening = (km: number): number => Math.round(km * 100)
const toKm = (fening: number): number => fening / 100

/** The PDV included in a gross amount of fening, exactly (a fraction), at `ratePercent`. */
const exactVat = (fening: number, ratePercent: number): number => (fening * ratePercent) / (100 + ratePercent)

/**
 * Splits line amounts that include PDV at `ratePercent` into base and PDV. The document's PDV is
 * its total's included PDV rounded half up to the fening; each line gets its own rounded down, and
 * the fening left over go to the lines with the largest remainders (the first line first on a tie).
 */
export function splitIncludedVat(grossAmounts: readonly number[], ratePercent: number): VatSplit {
  const gross = grossAmounts.map(toFening)
  const total = gross.reduce((sum, amount) => sum + amount, 0)
  const totalVat = Math.round(exactVat(total, ratePercent))
  const exact = gross.map((amount) => exactVat(amount, ratePercent))
  const vat = exact.map((value) => Math.floor(value + 1e-9))
  let left = totalVat - vat.reduce((sum, amount) => sum + amount, 0)
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - (vat[index] ?? 0) }))
    .sort((first, second) => second.remainder - first.remainder || first.index - second.index)
  for (const { index } of byRemainder) {
    if (left <= 0) break
    vat[index] = (vat[index] ?? 0) + 1
    left -= 1
  }
  const lines = gross.map((amount, index) => ({
    gross: toKm(amount),
    base: toKm(amount - (vat[index] ?? 0)),
    vat: toKm(vat[index] ?? 0),
  }))
  return { lines, gross: toKm(total), base: toKm(total - totalVat), vat: toKm(totalVat) }
}

/** A unit price without PDV, rounded to the fening (shown for information; the line amounts are what add up). */
export function priceWithoutVat(grossUnitPrice: number, ratePercent: number): number {
  return Math.round((toFening(grossUnitPrice) * 100) / (100 + ratePercent)) / 100
}
