import { availableStock, lineUnitPrice } from '@shop/shared/rules/cart.ts'
import { addToCart, type CartActionResult, type NewCartLine } from '../../lib/cart-storage.ts'
import type { Product } from './api/catalogue.ts'
import { orderedImageUrls } from './images.ts'

type Option = Product['size_stock'][number]

/**
 * The cart line of a product or one of its options (customer-side.md §7 Cart actions): productId
 * is the product's customId, the price the one this shopper pays (§4 Cart), the image the first one.
 */
export function cartLineFor(
  product: Product,
  option: Option | null,
  roles: readonly string[] | undefined,
): NewCartLine {
  return {
    productId: product.customId,
    name: product.name,
    price: lineUnitPrice(product, option, roles),
    image: orderedImageUrls(product)[0] ?? '',
    size: option?.size ?? null,
  }
}

/** One unit into the cart in local storage, refused when the stock cannot cover it (§5 Stock). */
export function addProductToCart(
  product: Product,
  option: Option | null,
  roles: readonly string[] | undefined,
): CartActionResult {
  return addToCart(cartLineFor(product, option, roles), 1, availableStock(product, option))
}
