/** customer-side.md §9: discount percent is round((1 - discount_price / price) * 100). */
export function calculateDiscountPercent(price: number, discountPrice: number | null | undefined): number {
  if (discountPrice === null || discountPrice === undefined || !(price > 0)) return 0
  return Math.round((1 - discountPrice / price) * 100)
}

/** A discount counts only when it is below the regular price (the products table enforces the same). */
export function hasDiscount(price: number, discountPrice: number | null | undefined): boolean {
  return discountPrice !== null && discountPrice !== undefined && discountPrice > 0 && discountPrice < price
}
