import { isOptionOutOfStock, isOutOfStock } from '@shop/shared/rules/stock.ts'
import type { Product } from './api/catalogue.ts'

// docs/decisions.md ('Back-in-stock alerts'): what a back-in-stock alert can be asked about. Kept apart from the form, so
// that the product page knows whether to load the form without carrying it in its first load.

/** The options a shopper can ask about: those out of stock (none for a product without options). */
export function optionsToAlert(product: Product): string[] {
  if (!product.has_sizes) return []
  return product.size_stock.filter((option) => isOptionOutOfStock(option)).map((option) => option.size)
}

/** A product without options that is out of stock, or one with at least one option out of stock. */
export function canAskForStockAlert(product: Product): boolean {
  return product.has_sizes ? optionsToAlert(product).length > 0 : isOutOfStock(product)
}
