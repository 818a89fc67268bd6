import { roundMoney } from './money.ts'
import { salePriceOf } from './sale-discount.ts'

// docs/decisions.md, 'Money rules': no price drops below a floor the owner sets per product. Without
// one of its own the floor is the wholesale price (of the product, or of an option with its own price),
// and without a wholesale price only the 0,01 KM every price keeps.

/** The lowest price anything may sell at: the database refuses a price of 0 (price step 0.01, §9). */
export const MIN_PRICE = 0.01

const isPositive = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0

/** The floor that applies: the product's own when set, else the wholesale price where one exists, else 0,01. */
export function effectivePriceFloor(ownFloor: number | null | undefined, wholesalePrice: number | null | undefined) {
  if (isPositive(ownFloor)) return roundMoney(ownFloor)
  if (isPositive(wholesalePrice)) return roundMoney(wholesalePrice)
  return MIN_PRICE
}

/** Compared in whole cents, as numeric(12,2) stores them. */
export function isBelowFloor(price: number, floor: number): boolean {
  return Math.round(price * 100) < Math.round(floor * 100)
}

/** What a sale writes at most down to: the floor when the sale's price would be lower. */
export function holdAtFloor(price: number, floor: number): number {
  return isBelowFloor(price, floor) ? roundMoney(floor) : price
}

/** One priced thing a sale changes: the product, or one of its options (`size` set). */
export type FloorCheckedPrice = { size: string | null; price: number; wholesalePrice: number | null }

export type SaleFloorViolation = { size: string | null; salePrice: number; floor: number }

/**
 * The first price a sale entry would take below its floor, or null. A price equal to the entry's
 * original price gets the custom sale price exactly, any other the percentage off (as the sale's SQL
 * applies it, modules/sales/repo.ts).
 */
export function findSaleFloorViolation(
  ownFloor: number | null | undefined,
  prices: readonly FloorCheckedPrice[],
  sale: { originalPrice: number; discountPercentage: number; discountedPrice: number },
): SaleFloorViolation | null {
  for (const { size, price, wholesalePrice } of prices) {
    const salePrice = price === sale.originalPrice ? sale.discountedPrice : salePriceOf(price, sale.discountPercentage)
    const floor = effectivePriceFloor(ownFloor, wholesalePrice)
    if (isBelowFloor(salePrice, floor)) return { size, salePrice, floor }
  }
  return null
}
