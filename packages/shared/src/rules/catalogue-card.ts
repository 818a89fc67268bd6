import type { CatalogueCard, CatalogueProduct } from '../schemas/catalogue.ts'
import { isOutOfStock } from './stock.ts'

/**
 * A product as a store card shows it (docs/decisions.md, 'A lean store list'): what GET /api/products?view=card
 * answers (the database keeps the same card, migration 0032), made here from a whole product for the pages that
 * have one (the home carousels, the recommendations).
 */
export function cardOf(product: CatalogueProduct): CatalogueCard {
  const primary = product.images.find((image) => image.is_primary) ?? product.images[0]
  return {
    id: product.id,
    customId: product.customId,
    name: product.name,
    brand: product.brand,
    short_description: product.short_description,
    images: primary ? [primary] : [],
    price: product.price,
    discount_price: product.discount_price,
    ...(product.wholesale_price === undefined ? {} : { wholesale_price: product.wholesale_price }),
    has_sizes: product.has_sizes,
    is_available: !isOutOfStock(product),
    unit: product.unit,
  }
}
