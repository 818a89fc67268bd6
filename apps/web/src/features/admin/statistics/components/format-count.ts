/**
 * A whole number with '.' between thousands, as the shop writes amounts (ui/format-price.ts):
 * 51268 -> '51.268'. Not toLocaleString, whose Bosnian data a browser may lack (then '51,268').
 */
export function formatCount(value: number): string {
  const rounded = Math.round(value)
  return `${rounded < 0 ? '-' : ''}${String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`
}
