/**
 * An option as the catalogue's spreadsheet and the cart select it from product_options, in the
 * table's column names (nulls: the product's own value). Each repo adds what its reader needs and
 * says what its `discount_price` is: the stored one or the charged one ('Sales computed when read').
 */
export type ProductOptionRow = {
  id: string
  size: string
  custom_id: string | null
  stock: number
  infinite: boolean
  price: number | null
  discount_price: number | null
  wholesale_price: number | null
  /** kg; null: the product's. */
  weight_kg: number | null
}
