/**
 * docs/decisions.md, 'Units of measure and lines without a limit': the units a product is sold in.
 * The database checks the same list (migration 0020); 'kom' (piece) is every product's default.
 */
export const UNITS = ['kom', 'm', 'm²', 'kg', 'l', 'pak'] as const
export type Unit = (typeof UNITS)[number]
export const DEFAULT_UNIT: Unit = 'kom'

export function isUnit(value: unknown): value is Unit {
  return typeof value === 'string' && (UNITS as readonly string[]).includes(value)
}

/** The unit of a product or order line as shown; anything unknown (an old answer) reads as pieces. */
export function unitOf(item: { unit?: string | null | undefined }): Unit {
  return isUnit(item.unit) ? item.unit : DEFAULT_UNIT
}

/** A quantity as shown beside its unit: pieces as the bare number (the specification's '2 ×'), other units named ('51 m'). */
export function quantityInUnit(quantity: number, unit: Unit): string {
  return unit === DEFAULT_UNIT ? String(quantity) : `${quantity} ${unit}`
}

/** What follows a unit price: nothing for pieces, ' / m' for a price per metre. */
export function perUnit(unit: Unit): string {
  return unit === DEFAULT_UNIT ? '' : ` / ${unit}`
}

/** The pieces of a packing list: lines sold by the piece count their quantity, a line in another unit counts once (one coil, one bag). */
export function packedPieces(lines: readonly { quantity: number; unit: Unit }[]): number {
  return lines.reduce((sum, line) => sum + (line.unit === DEFAULT_UNIT ? line.quantity : 1), 0)
}
