/**
 * The one rounding of money (ARCHITECTURE: money is numeric(12,2) in SQL and a number with
 * 2 decimals in JSON). EPSILON nudges values such as 1.005 that binary floats store as 1.00499….
 */
export function roundMoney(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100
}
