import { z } from 'zod'
// The two sections it needs, not messages/bs.ts: the cart would load every feature's texts (the first-load budget of bench/first-load.ts).
import { common } from '../messages/bs/common.ts'
import { orders } from '../messages/bs/orders.ts'
import { format } from '../messages/format.ts'
import { hasOnlyPlainCharacters, isEmail } from '../rules/email.ts'
import { isCheckoutPostalCode } from '../rules/postal-code.ts'
import { CANTONS, COUNTRY } from './profile.ts'
import { boundedTextField, hasNoNul, requiredTextField } from './text-field.ts'

const text = orders

/** Beyond these a cart is not a shop's cart but an attack on the server. */
export const MAX_CART_LINES = 100
export const MAX_LINE_QUANTITY = 10_000
const TEXT_MAX = 200

// The order routes import hasNoNul from here.
export { hasNoNul }

const requiredText = (message: string, max = TEXT_MAX) =>
  requiredTextField(max, { required: message, tooLong: text.fieldTooLong, invalid: text.fieldInvalid })
/** A text of an order, trimmed, without NUL; '' allowed. */
export const orderTextField = (max: number) =>
  boundedTextField(max, { tooLong: text.fieldTooLong, invalid: text.fieldInvalid })
const optionalText = (max = TEXT_MAX) => orderTextField(max).nullish()

/** DECISIONS: the country is 'Bosna i Hercegovina' everywhere; whatever a client sends is replaced. */
const countryField = z
  .unknown()
  .optional()
  .transform((): string => COUNTRY)

/** A guest's e-mail: trimmed and lower-cased, then checked (customer-side.md §5: guests must give one). */
export const guestEmailField = z
  .string({ error: text.emailRequired })
  .normalize('NFKC')
  .trim()
  .toLowerCase()
  .min(1, text.emailRequired)
  .max(254, text.emailInvalid)
  .refine((value) => !hasNoNul(value) || hasOnlyPlainCharacters(value), { error: common.emailLookAlike, abort: true })
  .refine((value) => hasNoNul(value) && isEmail(value), text.emailInvalid)

const postalCodeField = z
  .string({ error: text.zipRequired })
  .trim()
  .min(1, text.zipRequired)
  .refine(isCheckoutPostalCode, text.zipInvalid)

const nameAndPhone = {
  full_name: requiredText(text.fullNameRequired),
  phone_number: requiredText(text.phoneRequired, 40),
}

/** customer-side.md §5 Checkout address (delivery): every field required, state one of the 14 cantons. */
export const deliveryAddressInput = z.object({
  ...nameAndPhone,
  street_address: requiredText(text.streetRequired),
  city: requiredText(text.cityRequired),
  state: z.enum(CANTONS, { error: text.stateRequired }),
  zip_code: postalCodeField,
  country: countryField,
})

/** Pickup requires only name and phone; the rest is kept when given. */
export const pickupAddressInput = z.object({
  ...nameAndPhone,
  street_address: optionalText(),
  city: optionalText(),
  state: optionalText(),
  zip_code: optionalText(20),
  country: countryField,
})

export type CheckoutVariant = { isPickup: boolean; isGuest: boolean }

/**
 * The checkout address form and the address of POST /api/orders. A guest must also give an
 * e-mail; a signed-in customer's e-mail comes from the account, so theirs is ignored.
 */
export function createCheckoutAddress({ isPickup, isGuest }: CheckoutVariant) {
  const address = isPickup ? pickupAddressInput : deliveryAddressInput
  return isGuest
    ? address.extend({ email: guestEmailField })
    : address.extend({
        email: z
          .unknown()
          .optional()
          .transform((): undefined => undefined),
      })
}
export type CheckoutAddress = z.infer<ReturnType<typeof createCheckoutAddress>>
export type CheckoutAddressForm = z.input<ReturnType<typeof createCheckoutAddress>>

/** Quantities are whole units from 1 up; the cart removes a line below 1 before it gets here. */
export const quantityField = z
  .number({ error: text.quantityInvalid })
  .int(text.quantityInvalid)
  .min(1, text.quantityInvalid)
  .max(MAX_LINE_QUANTITY, text.quantityTooLarge)

/** A product reference: its id (UUID) or its code (customId), which the cart stores as productId. */
export const productReferenceField = z
  .union([z.string(), z.number()], { error: text.productIdRequired })
  .transform((value) => String(value).trim())
  .refine((value) => value.length > 0 && value.length <= 200 && hasNoNul(value), text.productIdRequired)

const sizeField = orderTextField(100)
  .nullish()
  .transform((size) => size || null)

/** POST /api/cart/quote: the locally kept cart, re-priced and re-checked by the server. */
export const cartQuoteInput = z.object({
  lines: z
    .array(
      z.object(
        { productId: productReferenceField, size: sizeField, quantity: quantityField },
        { error: text.productIdRequired },
      ),
      {
        error: common.validationFailed,
      },
    )
    .max(MAX_CART_LINES, format(text.tooManyLines, { count: MAX_CART_LINES })),
  shippingOptionId: z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .pipe(z.string().max(200, text.fieldTooLong).refine(hasNoNul, text.fieldInvalid))
    .nullish(),
  region: orderTextField(100).nullish(),
})
export type CartQuoteInput = z.input<typeof cartQuoteInput>

export const CART_LINE_STATUSES = [
  'ok',
  'insufficient_stock',
  'out_of_stock',
  'product_not_found',
  'size_not_found',
  'size_required',
] as const
export type CartLineStatus = (typeof CART_LINE_STATUSES)[number]
export const cartLineStatus = z.enum(CART_LINE_STATUSES)

export const cartQuoteLineView = z.object({
  /** The reference the cart sent, so that the client can match its own line. */
  productId: z.string(),
  id: z.string().nullable(),
  customId: z.string().nullable(),
  /** The product's own customId (customId above is the option's where it has one): what a cart line stores. */
  productCustomId: z.string().nullable().optional(),
  name: z.string().nullable(),
  image: z.string().nullable(),
  size: z.string().nullable(),
  quantity: z.number(),
  /** The unit price this customer pays. */
  price: z.number().nullable(),
  /** The price before a discount or the wholesale price, for a struck-through display. */
  regularPrice: z.number().nullable(),
  lineTotal: z.number(),
  isWholesalePrice: z.boolean(),
  /** null for infinite stock. */
  availableStock: z.number().nullable(),
  isAvailable: z.boolean(),
  hasEnoughStock: z.boolean(),
  status: cartLineStatus,
  message: z.string().nullable(),
  /** docs/decisions.md, 'Units of measure and lines without a limit': the product's unit (kom when unknown). */
  unit: z.string().optional(),
  /** The product is not held to the per-line quantity limit. */
  noLineLimit: z.boolean().optional(),
})
export type CartQuoteLine = z.infer<typeof cartQuoteLineView>

export const shippingOptionView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  basePrice: z.number(),
  /** What this option costs for this cart (0 at or above the free-shipping threshold). */
  cost: z.number(),
  isPickup: z.boolean(),
  /** Whether the free-shipping threshold covers this option (false for an express option). */
  appliesFreeShipping: z.boolean(),
  /** docs/decisions.md, 'Product weights and shipping by weight': the cost comes from the parcel price table. */
  pricedByWeight: z.boolean().optional(),
})
export type ShippingOptionView = z.infer<typeof shippingOptionView>

export const cartQuoteView = z.object({
  lines: z.array(cartQuoteLineView),
  shippingOptions: z.array(shippingOptionView),
  shippingOption: shippingOptionView.nullable(),
  /** false when shippingOptionId named an option this cart cannot use; the default was taken instead. */
  isRequestedShippingAvailable: z.boolean(),
  shippingCost: z.number(),
  freeShippingThreshold: z.number(),
  itemCount: z.number(),
  subtotal: z.number(),
  total: z.number(),
  /** Every line can be ordered as it stands. */
  canCheckout: z.boolean(),
  /** docs/decisions.md, 'Product weights and shipping by weight': the parcel's kg; null when a line has none. */
  weightKg: z.number().nullable(),
  /** Why weight-priced delivery is not offered (too heavy, or a weight not known); null otherwise. */
  parcelNotice: z.string().nullable(),
})
export type CartQuote = z.infer<typeof cartQuoteView>
