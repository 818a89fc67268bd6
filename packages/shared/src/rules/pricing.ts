// Which price a buyer pays (DECISIONS: a buyer always pays the lowest price they are entitled to).
// One rule for the cart, the order, the product pages and the wholesale PDF catalogues.

/** The price fields of a product or of one of its options ('size_stock' entries). */
export type PriceFields = {
  price: number | null
  discount_price?: number | null
  wholesale_price?: number | null
}

/** Which of the three prices applies: the wholesale price, the discount (or sale) price, or the price. */
export type PriceKind = 'wholesale' | 'discount' | 'regular'

export type EntitledPrice = {
  /** What one unit costs this buyer. */
  unitPrice: number
  /** The product's (or option's) regular price, shown struck through when higher. */
  regularPrice: number
  kind: PriceKind
}

const isPositive = (value: number | null | undefined): value is number => typeof value === 'number' && value > 0

/** An option with a price of its own is priced entirely by its own fields; otherwise by the product's. */
export function priceSource(product: PriceFields, option: PriceFields | null | undefined): PriceFields {
  return option && isPositive(option.price) ? option : product
}

/** What everyone pays: the discount price when it really is lower than the price, else the price. */
export function publicPrice(fields: PriceFields): EntitledPrice {
  const regularPrice = fields.price ?? 0
  const discount = fields.discount_price
  return isPositive(discount) && discount < regularPrice
    ? { unitPrice: discount, regularPrice, kind: 'discount' }
    : { unitPrice: regularPrice, regularPrice, kind: 'regular' }
}

/**
 * The lowest price this buyer is entitled to: everyone may pay the public price (discount or
 * price); a wholesale customer may also pay the wholesale price, and pays whichever is lower. A
 * sale below the wholesale price therefore reaches wholesale customers too (docs/decisions.md, Walk-through fixes). On
 * a tie the wholesale price is named, the buyer's own terms.
 */
export function entitledPrice(fields: PriceFields, { paysWholesale }: { paysWholesale: boolean }): EntitledPrice {
  const retail = publicPrice(fields)
  const wholesale = fields.wholesale_price
  if (paysWholesale && isPositive(wholesale) && wholesale <= retail.unitPrice) {
    return { unitPrice: wholesale, regularPrice: retail.regularPrice, kind: 'wholesale' }
  }
  return retail
}
