// docs/decisions.md, 'Product weights and shipping by weight': weights are kg with at most three decimals
// (numeric(10,3)); the parcel's weight is summed in whole grams, so 0.1 + 0.2 is 0.3 and not 0.30000000000000004.

/** numeric(10,3) holds at most this much. */
export const MAX_WEIGHT_KG = 9_999_999.999

/** Whether a number is a weight the database keeps as it is: 0 or more, at most three decimals. */
export function isWeightKg(value: unknown): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_WEIGHT_KG) return false
  return Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6
}

/** The weight of one piece: the option's own, else the product's; null when neither is known. */
export function unitWeight(productKg: number | null | undefined, optionKg?: number | null): number | null {
  return optionKg ?? productKg ?? null
}

/** The parcel's weight in kg, or null when any line's weight is not known. An empty parcel weighs 0. */
export function parcelWeight(lines: readonly { weightKg: number | null; quantity: number }[]): number | null {
  let grams = 0
  for (const line of lines) {
    if (line.weightKg === null) return null
    grams += Math.round(line.weightKg * 1000) * line.quantity
  }
  return grams / 1000
}

/** '12,400 kg': three decimals and a decimal comma, as the cart, the product page and the slip show it. */
export function formatWeightKg(kg: number): string {
  const [whole = '0', decimals = '000'] = kg.toFixed(3).split('.')
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${decimals} kg`
}
