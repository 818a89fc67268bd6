import { z } from 'zod'
import { orderLimits as text } from '../messages/bs/order-limits.ts'
import { format } from '../messages/format.ts'
import { DEFAULT_ORDER_LIMITS, type OrderLimitSettings } from '../rules/order-limits.ts'
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from './checkout.ts'

/** Bounds of what staff may set: above them the order schema or common sense refuses anyway. */
export const ORDER_LIMIT_BOUNDS: Readonly<Record<keyof OrderLimitSettings, number>> = Object.freeze({
  maxQuantityPerLine: MAX_LINE_QUANTITY,
  maxLinesPerOrder: MAX_CART_LINES,
  maxOrderTotalGuest: 1_000_000,
  maxOrderTotalCustomer: 1_000_000,
  maxOrdersPerAddressPerHour: 100_000,
  maxOrdersPerEmailPerHour: 100_000,
  maxPerProductPerBuyerPerDay: 100_000,
})

/** A whole number from 1 up to the field's bound; a number field's text ('12') is read as a number. */
function limitField(max: number) {
  const message = format(text.wholeNumber, { max })
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
    z.number({ error: message }).int(message).min(1, message).max(max, message),
  )
}

/** Like limitField, but empty ('' or null, or left out) means no limit. */
function optionalLimitField(max: number) {
  const message = format(text.wholeNumberOrEmpty, { max })
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null
      return typeof value === 'string' ? Number(value.trim()) : value
    },
    z.number({ error: message }).int(message).min(1, message).max(max, message).nullable(),
  )
}

/** PUT /api/settings/order-limits: the whole object (docs/decisions.md, Order limits and suspicious orders). */
export const orderLimitSettingsInput = z.object({
  maxQuantityPerLine: limitField(ORDER_LIMIT_BOUNDS.maxQuantityPerLine),
  maxLinesPerOrder: limitField(ORDER_LIMIT_BOUNDS.maxLinesPerOrder),
  maxOrderTotalGuest: limitField(ORDER_LIMIT_BOUNDS.maxOrderTotalGuest),
  maxOrderTotalCustomer: limitField(ORDER_LIMIT_BOUNDS.maxOrderTotalCustomer),
  maxOrdersPerAddressPerHour: limitField(ORDER_LIMIT_BOUNDS.maxOrdersPerAddressPerHour),
  maxOrdersPerEmailPerHour: limitField(ORDER_LIMIT_BOUNDS.maxOrdersPerEmailPerHour),
  maxPerProductPerBuyerPerDay: optionalLimitField(ORDER_LIMIT_BOUNDS.maxPerProductPerBuyerPerDay),
})
export type OrderLimitSettingsInput = z.input<typeof orderLimitSettingsInput>

const settingsFields = {
  maxQuantityPerLine: z.number(),
  maxLinesPerOrder: z.number(),
  maxOrderTotalGuest: z.number(),
  maxOrderTotalCustomer: z.number(),
  maxOrdersPerAddressPerHour: z.number(),
  maxOrdersPerEmailPerHour: z.number(),
  maxPerProductPerBuyerPerDay: z.number().nullable(),
}

/** GET and PUT answer: the stored limits, and the per-address limit the server's environment imposes. */
export const orderLimitSettingsView = z.object({
  ...settingsFields,
  /** ORDERS_PER_ADDRESS_PER_HOUR when the operator set it: it then wins over maxOrdersPerAddressPerHour. */
  addressLimitFromEnvironment: z.number().nullable(),
})
export type OrderLimitSettingsView = z.infer<typeof orderLimitSettingsView>

/** GET /api/orders/limits: the limits on one order of the caller; null for wholesale buyers and staff. */
export const callerOrderLimitsView = z.object({
  limits: z
    .object({ maxQuantityPerLine: z.number(), maxLinesPerOrder: z.number(), maxOrderTotal: z.number() })
    .nullable(),
})
export type CallerOrderLimits = z.infer<typeof callerOrderLimitsView>

/** The stored settings object, each field that is missing or broken replaced by its default. */
export function toOrderLimitSettings(value: unknown): OrderLimitSettings {
  const stored = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  const result: Record<string, number | null> = { ...DEFAULT_ORDER_LIMITS }
  for (const key of Object.keys(DEFAULT_ORDER_LIMITS) as (keyof OrderLimitSettings)[]) {
    const parsed = orderLimitSettingsInput.shape[key].safeParse(stored[key])
    if (parsed.success) result[key] = parsed.data
  }
  return result as OrderLimitSettings
}
