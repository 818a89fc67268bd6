import { z } from 'zod'
import { format, messages } from '../messages/bs.ts'
import { contactAddressView } from './profile.ts'
import { MAX_CART_LINES, hasNoNul, productReferenceField, quantityField } from './checkout.ts'

const text = messages.orders

/** Accepted so that the specification's client can send it; the server computes its own value. */
const ignored = z.unknown().optional().describe('Ignored: the server decides this value.')

const looseText = z
  .union([z.string(), z.number()])
  .transform((value) => String(value))
  .pipe(z.string().max(300, text.fieldTooLong).refine(hasNoNul, text.fieldInvalid))
  .nullish()

export const orderLineInput = z.object(
  {
    product_id: productReferenceField,
    quantity: quantityField,
    /** Used in messages about the line only; the order stores the product's current name. */
    name: z.string().max(300, text.fieldTooLong).nullish(),
    custom_size: z.string().trim().max(100, text.fieldTooLong).refine(hasNoNul, text.fieldInvalid).nullish(),
    price: ignored,
    customId: ignored,
  },
  { error: text.productIdRequired },
)
export type OrderLineInput = z.infer<typeof orderLineInput>

const lines = z
  .array(orderLineInput, { error: text.cartEmpty })
  .max(MAX_CART_LINES, format(text.tooManyLines, { count: MAX_CART_LINES }))

/**
 * POST /api/orders (customer-side.md §7). The server trusts only the product references, sizes,
 * quantities, the address, a guest's e-mail and the chosen shipping option; prices, totals,
 * status and userId are recomputed or taken from the token (DECISIONS: Security).
 */
export const placeOrderInput = z
  .object({
    userId: ignored,
    email: z.string().max(300, text.emailInvalid).refine(hasNoNul, text.emailInvalid).nullish(),
    status: ignored,
    total: ignored,
    totalAmount: ignored,
    shippingCost: ignored,
    products: lines.nullish(),
    /** The staff side calls the lines 'items'; either name is accepted. */
    items: lines.nullish(),
    shippingAddress: z
      .object(
        {
          full_name: looseText,
          phone_number: looseText,
          street_address: looseText,
          city: looseText,
          state: looseText,
          zip_code: looseText,
          country: looseText,
          email: looseText,
        },
        { error: messages.common.validationFailed },
      )
      .nullish(),
    shippingMethod: z
      .object(
        {
          id: z
            .union([z.string(), z.number()])
            .transform((value) => String(value))
            .pipe(z.string().max(200, text.fieldTooLong).refine(hasNoNul, text.fieldInvalid))
            .nullish(),
          name: z.string().max(200, text.fieldTooLong).refine(hasNoNul, text.fieldInvalid).nullish(),
          basePrice: ignored,
          description: ignored,
        },
        { error: messages.common.validationFailed },
      )
      .nullish(),
    /** The Idempotency-Key header does the same; a double submit with one key makes one order. */
    idempotencyKey: z
      .string()
      .trim()
      .min(1, text.idempotencyKeyInvalid)
      .max(200, text.idempotencyKeyInvalid)
      .refine(hasNoNul, text.idempotencyKeyInvalid)
      .nullish(),
    /** A signed-in customer's delivery address is saved to the profile unless this is false. */
    saveAddress: z.boolean().nullish(),
  })
  .transform(({ products, items, ...rest }) => ({ ...rest, lines: products ?? items ?? [] }))
  .refine((body) => body.lines.length > 0, { message: text.cartEmpty, path: ['products'] })
export type PlaceOrderInput = z.input<typeof placeOrderInput>
export type PlaceOrderBody = z.output<typeof placeOrderInput>

export const orderLineView = z.object({
  product_id: z.string().nullable(),
  customId: z.string().nullable(),
  name: z.string(),
  quantity: z.number(),
  price: z.number(),
  custom_size: z.string().nullable(),
})
export type OrderLineView = z.infer<typeof orderLineView>

export const shippingAddressView = contactAddressView.extend({ email: z.string() })
export type ShippingAddressView = z.infer<typeof shippingAddressView>

export const shippingMethodView = z.object({
  id: z.string().nullable(),
  name: z.string(),
  basePrice: z.number(),
  description: z.string(),
})

/** An order as the API answers it (customer-side.md §3 Order; staff-and-content.md §3 Order). */
export const orderView = z.object({
  id: z.string(),
  _id: z.string(),
  userId: z.string().nullable(),
  email: z.string(),
  status: z.string(),
  total: z.number(),
  totalAmount: z.number(),
  subtotal: z.number(),
  shippingCost: z.number(),
  created_at: z.string(),
  createdAt: z.string(),
  updated_at: z.string(),
  products: z.array(orderLineView),
  items: z.array(orderLineView),
  shippingAddress: shippingAddressView,
  shippingMethod: shippingMethodView.nullable(),
})
export type OrderView = z.infer<typeof orderView>

/** GET /api/orders/{id} without a token: what the confirmation page needs, no account id. */
export const orderConfirmationView = orderView.omit({ userId: true })
export type OrderConfirmationView = z.infer<typeof orderConfirmationView>

export const cancelOrderView = z.object({ message: z.string(), order: orderView })

export const orderListView = z.object({ data: z.array(orderView) })
