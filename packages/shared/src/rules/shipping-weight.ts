// The published shipping price by parcel weight (staff-and-content.md §9): a parcel costs the price
// of the first band its weight fits in. Above the last band the customer must contact the company,
// and the buyer unloads parcels over 30 kg. The terms page and the product page show this one table.

export type ParcelPriceBand = { readonly upToKg: number; readonly price: number }

export const PARCEL_PRICE_BANDS: readonly ParcelPriceBand[] = [
  { upToKg: 10, price: 12.0 },
  { upToKg: 20, price: 14.5 },
  { upToKg: 30, price: 19.0 },
  { upToKg: 40, price: 25.0 },
  { upToKg: 50, price: 32.5 },
  { upToKg: 60, price: 38.5 },
  { upToKg: 70, price: 41.5 },
  { upToKg: 80, price: 47.5 },
  { upToKg: 90, price: 53.5 },
  { upToKg: 100, price: 58.0 },
  { upToKg: 150, price: 68.5 },
  { upToKg: 200, price: 80.5 },
  { upToKg: 300, price: 98.5 },
]

/** Above this weight there is no published price: the customer contacts the company. */
export const MAX_PUBLISHED_PARCEL_KG = 300
/** The buyer unloads parcels heavier than this. */
export const BUYER_UNLOADS_ABOVE_KG = 30

export type ParcelPrice =
  { kind: 'price'; price: number; upToKg: number; isUnloadedByBuyer: boolean } | { kind: 'contact' }

/** The heaviest parcel the table prices (staff may edit the table: docs/decisions.md, Product weights). */
export function maxPublishedParcelKg(bands: readonly ParcelPriceBand[] = PARCEL_PRICE_BANDS): number {
  return bands.at(-1)?.upToKg ?? 0
}

/**
 * The published price of one parcel of `weightKg` kilograms (a band's limit belongs to that band).
 * `bands` are the staff's stored table, ascending; the specification's table by default.
 */
export function parcelPrice(weightKg: number, bands: readonly ParcelPriceBand[] = PARCEL_PRICE_BANDS): ParcelPrice {
  if (!Number.isFinite(weightKg) || weightKg < 0) throw new RangeError(`Invalid parcel weight: ${weightKg}`)
  const band = bands.find((candidate) => weightKg <= candidate.upToKg)
  if (!band) return { kind: 'contact' }
  return { kind: 'price', price: band.price, upToKg: band.upToKg, isUnloadedByBuyer: weightKg > BUYER_UNLOADS_ABOVE_KG }
}
