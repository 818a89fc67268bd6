import { z } from 'zod'
import { format, messages } from '../messages/bs.ts'
import { contactAddressView } from './profile.ts'
import { UNITS } from '../rules/units.ts'
import { MAX_CART_LINES, hasNoNul, orderTextField, productReferenceField, quantityField } from './checkout.ts'

const text = messages.orders

/** Accepted so that the specification's client can send it; the server computes its own value. */
const ignored = z.unknown().optional().describe('Ignored: the server decides this value.')

/**
 * A price the buyer was shown, sent back with the order: never charged, only compared with the
 * shop's price (docs/decisions.md, Prices the buyer saw).
 */
const seenPrice = z
  .number({ error: text.seenPriceInvalid })
  .finite(text.seenPriceInvalid)
  .min(0, text.seenPriceInvalid)
  .max(1_000_000_000, text.seenPriceInvalid)
  .nullish()

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
    custom_size: orderTextField(100).nullish(),
    price: ignored,
    /** The unit price the buyer saw; a higher price refuses the order with 409 PRICE_CHANGED. */
    expectedPrice: seenPrice,
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
export const placeOrderFields = z.object({
  userId: ignored,
  email: z.string().max(300, text.emailInvalid).refine(hasNoNul, text.emailInvalid).nullish(),
  status: ignored,
  total: ignored,
  totalAmount: ignored,
  shippingCost: ignored,
  /** The shipping price and total the buyer saw; higher ones refuse the order with 409 PRICE_CHANGED. */
  expectedShippingCost: seenPrice,
  expectedTotal: seenPrice,
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

export const placeOrderInput = placeOrderFields
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
  /** The unit the line was sold in (kom, m, m², kg, l, pak); docs/decisions.md, 'Units of measure and lines without a limit'. */
  unit: z.enum(UNITS),
  /** docs/decisions.md, 'Product weights and shipping by weight': one piece's kg at ordering; null = not known. */
  weightKg: z.number().nullable().optional(),
  /** A staff discount on the line (docs/decisions.md, Orders entered by staff); price is after it. Absent without one. */
  discountPercent: z.number().optional(),
  discountReason: z.string().optional(),
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
  /** The invoice number ('2026-000123'), given when the order first leaves 'pending'; null before. */
  documentNumber: z.string().nullable(),
  /** The fiscal receipt staff printed for the order; '' until they type it. */
  fiscalReceiptNumber: z.string(),
  /** The courier's tracking number; '' until staff set or import it (docs/decisions.md, 'Courier hand-off, tracking and payouts'). */
  trackingNumber: z.string(),
  /** The courier's page for the number; '' when the courier has no link pattern. */
  trackingUrl: z.string(),
  /** The day the courier paid the cash on delivery out to the shop (YYYY-MM-DD); null until then. */
  paidAt: z.string().nullable(),
  /** docs/decisions.md, 'Product weights and shipping by weight': the parcel's kg at checkout; null = not known. */
  weightKg: z.number().nullable(),
})
export type OrderView = z.infer<typeof orderView>

/**
 * A line as its buyer reads it: the staff discount shows, its reason stays among staff
 * (docs/decisions.md, Orders entered by staff).
 */
const buyerOrderLineView = orderLineView.omit({ discountReason: true })
/** An order as its buyer reads it (the checkout's answer, the history, the cancel). */
export const buyerOrderView = orderView.extend({
  products: z.array(buyerOrderLineView),
  items: z.array(buyerOrderLineView),
})

const orderWithoutAccount = buyerOrderView.omit({ userId: true })

/**
 * GET /api/orders/{id}: no account id; the buyer's e-mail and address (name, phone, street) only to the
 * order's owner and staff, null to anyone else (docs/decisions.md, 'The private order page').
 */
export const orderConfirmationView = orderWithoutAccount.extend({
  email: z.string().nullable(),
  shippingAddress: shippingAddressView.nullable(),
})
export type OrderConfirmationView = z.infer<typeof orderConfirmationView>

/** One step of an order's status timeline: the status and when the order reached it (ISO time). */
export const orderTimelineStepView = z.object({ status: z.string(), at: z.string() })

/**
 * The private order page (GET /api/order-status/{token}, GET /api/orders/{id}/page): the order with its
 * phone and e-mail partly masked, its status timeline, the expected delivery of a shipped order
 * (customer-side.md §4: creation + 7 days) and whether the buyer may still cancel it.
 */
export const orderPageView = orderWithoutAccount.extend({
  timeline: z.array(orderTimelineStepView),
  /** ISO time; null unless the order is shipped. */
  expectedDeliveryDate: z.string().nullable(),
  canCancel: z.boolean(),
})
export type OrderPageView = z.infer<typeof orderPageView>

/** The token of an order page link: base64url of 32 random bytes (43 characters); any other value is unknown (404). */
export const orderPageTokenParams = z.object({ token: z.string() })

export const cancelOrderPageView = z.object({ message: z.string(), order: orderPageView })

export const cancelOrderView = z.object({ message: z.string(), order: buyerOrderView })

export const orderListView = z.object({ data: z.array(buyerOrderView) })
