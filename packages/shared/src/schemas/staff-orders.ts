import { z } from 'zod'
import { format, messages } from '../messages/bs.ts'
import {
  MAX_DISCOUNT_PERCENT,
  MIN_DISCOUNT_PERCENT,
  ORDER_SOURCES,
  STAFF_ORDER_SOURCES,
} from '../rules/order-source.ts'
import {
  MAX_CART_LINES,
  cartQuoteInput,
  cartQuoteView,
  hasNoNul,
  orderTextField,
  productReferenceField,
  quantityField,
} from './checkout.ts'
import { orderLineInput, placeOrderFields } from './orders.ts'
import { contactAddressView } from './profile.ts'
import { boundedTextField } from './text-field.ts'
import { staffOrderView } from './admin-orders.ts'

const text = messages.staffOrders
const orderText = messages.orders

const MAX_DISCOUNT_REASON = 200

const customerEmailField = z
  .string({ error: text.customerEmailInvalid })
  .trim()
  .max(300, text.customerEmailInvalid)
  .refine(hasNoNul, text.customerEmailInvalid)
  .pipe(z.email(text.customerEmailInvalid))

const discountPercentField = z
  .number({ error: text.discountInvalid })
  .int(text.discountInvalid)
  .min(MIN_DISCOUNT_PERCENT, text.discountInvalid)
  .max(MAX_DISCOUNT_PERCENT, text.discountInvalid)
  .nullish()

/**
 * One line of a staff order: a line of the checkout plus an optional discount in whole percent
 * (1-99) and its reason, which is required with a discount and refused without one.
 */
export const staffOrderLineInput = orderLineInput
  .extend({
    discountPercent: discountPercentField,
    discountReason: boundedTextField(MAX_DISCOUNT_REASON, {
      notText: text.discountReasonRequired,
      tooLong: text.discountReasonTooLong,
      invalid: orderText.fieldInvalid,
    })
      .nullish()
      .transform((reason) => reason || null),
  })
  .superRefine((line, context) => {
    if (line.discountPercent && !line.discountReason) {
      context.addIssue({ code: 'custom', message: text.discountReasonRequired, path: ['discountReason'] })
    }
    if (!line.discountPercent && line.discountReason) {
      context.addIssue({ code: 'custom', message: text.discountReasonWithoutDiscount, path: ['discountReason'] })
    }
  })
export type StaffOrderLineInput = z.input<typeof staffOrderLineInput>

const staffLines = z
  .array(staffOrderLineInput, { error: orderText.cartEmpty })
  .max(MAX_CART_LINES, format(orderText.tooManyLines, { count: MAX_CART_LINES }))

/** The checkout's own fields that a staff order takes as they are (address, shipping option, a guest's e-mail). */
const checkoutFields = placeOrderFields.pick({
  email: true,
  shippingAddress: true,
  shippingMethod: true,
  idempotencyKey: true,
})

/**
 * POST /api/orders/staff (docs/decisions.md, 'Orders entered by staff'): the body of POST /api/orders,
 * plus the registered customer the order belongs to (absent for a guest), where the order came from,
 * per-line discounts and whether the customer gets the confirmation mail.
 */
export const staffOrderInput = checkoutFields
  .extend({
    products: staffLines.nullish(),
    items: staffLines.nullish(),
    customerEmail: customerEmailField.nullish().describe('A registered customer; absent or empty for a guest.'),
    source: z.enum(STAFF_ORDER_SOURCES, { error: text.sourceInvalid }),
    notifyCustomer: z.boolean({ error: text.notifyInvalid }),
  })
  .transform(({ products, items, ...rest }) => ({ ...rest, lines: products ?? items ?? [] }))
  .refine((body) => body.lines.length > 0, { message: orderText.cartEmpty, path: ['products'] })
export type StaffOrderInput = z.input<typeof staffOrderInput>
export type StaffOrderBody = z.output<typeof staffOrderInput>

/**
 * POST /api/orders/staff/quote: the cart quote priced for the customer the order is for (wholesale too);
 * a line's discount comes off its total and the subtotal, which decides shipping as the order will.
 */
export const staffQuoteInput = cartQuoteInput.extend({
  lines: z
    .array(
      z.object(
        {
          productId: productReferenceField,
          size: orderTextField(100).nullish(),
          quantity: quantityField,
          discountPercent: discountPercentField,
        },
        { error: orderText.productIdRequired },
      ),
      { error: messages.common.validationFailed },
    )
    .max(MAX_CART_LINES, format(orderText.tooManyLines, { count: MAX_CART_LINES })),
  customerEmail: customerEmailField.nullish(),
})
export type StaffQuoteInput = z.input<typeof staffQuoteInput>
export const staffQuoteView = cartQuoteView
export type StaffQuoteView = z.infer<typeof staffQuoteView>

/** The new order as staff see it, and whether the customer was mailed. */
export const staffPlacedOrderView = staffOrderView.extend({ isCustomerNotified: z.boolean() })
export type StaffPlacedOrderView = z.infer<typeof staffPlacedOrderView>

export const orderSourceField = z.enum(ORDER_SOURCES, { error: text.sourceFilterInvalid })

/** GET /api/orders/staff/customers: registered customers by name, e-mail or phone (at least 2 characters). */
export const staffCustomerQuery = z.object({
  query: z.string().trim().min(2, text.customerQueryShort).max(100, text.customerQueryShort),
})

/** A registered customer as the new-order page offers her: her contact and delivery details prefill the form. */
export const staffCustomerView = z.object({
  id: z.string(),
  email: z.string(),
  ...contactAddressView.omit({ country: true }).shape,
  isWholesale: z.boolean(),
})
export type StaffCustomerView = z.infer<typeof staffCustomerView>
export const staffCustomerList = z.object({ data: z.array(staffCustomerView) })
