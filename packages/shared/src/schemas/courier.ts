import { z } from 'zod'
import { courier as text } from '../messages/bs/courier.ts'
import { format } from '../messages/format.ts'
import { PRINTED_NUMBER_PATTERN, printedNumberField } from './text-field.ts'

// Courier hand-off, tracking numbers and cash-on-delivery payouts (docs/decisions.md, 'Courier
// hand-off, tracking and payouts').

/** At most this many orders go into one shipment export. */
export const MAX_SHIPMENT_EXPORT = 1000

/** POST /api/orders/shipments.csv: the orders, in the order of the file's rows. */
export const shipmentExportInput = z.object({
  ids: z
    .array(z.string({ error: text.idsRequired }), { error: text.idsRequired })
    .min(1, text.idsRequired)
    .max(MAX_SHIPMENT_EXPORT, format(text.idsTooMany, { max: MAX_SHIPMENT_EXPORT })),
})

/** Letters, digits, spaces, '-' and '/', up to 40: what couriers print under their bar codes. */
export const TRACKING_NUMBER_PATTERN = PRINTED_NUMBER_PATTERN

/** PUT /api/orders/{id}/tracking: '' clears the number. */
export const trackingInput = z.object({ trackingNumber: printedNumberField(text.trackingInvalid) })
export type TrackingInput = z.input<typeof trackingInput>

/** The placeholder a tracking link pattern must hold; the number replaces it. */
export const TRACKING_PLACEHOLDER = '{broj}'

/** '' (no link) or an http(s) address that holds {broj}. */
export const trackingUrlPattern = z
  .string({ error: text.trackingUrlInvalid })
  .trim()
  .max(500, text.trackingUrlInvalid)
  .refine((value) => value === '' || isTrackingUrlPattern(value), text.trackingUrlInvalid)

/** An http(s) address with a dotted host, no spaces, no quotes or angle brackets. */
const HTTP_URL = /^https?:\/\/[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(:\d{1,5})?([/?#][^\s"'<>]*)?$/iu

export function isTrackingUrlPattern(value: string): boolean {
  return value.includes(TRACKING_PLACEHOLDER) && HTTP_URL.test(value.replaceAll(TRACKING_PLACEHOLDER, '0'))
}

/** The link of a tracking number under a pattern; '' when either is empty. */
export function trackingUrlOf(pattern: string, trackingNumber: string): string {
  if (pattern === '' || trackingNumber === '') return ''
  return pattern.replaceAll(TRACKING_PLACEHOLDER, encodeURIComponent(trackingNumber))
}

export const unpaidAfterDays = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
  z
    .number({ error: text.unpaidAfterDaysInvalid })
    .int(text.unpaidAfterDaysInvalid)
    .min(1, text.unpaidAfterDaysInvalid)
    .max(365, text.unpaidAfterDaysInvalid),
)

export const DEFAULT_UNPAID_AFTER_DAYS = 14

/**
 * PUT /api/settings/courier: a tracking link pattern per shipping option id (a courier), one for any
 * other delivery, and after how many days a shipped, unpaid order is listed in the payout report.
 */
export const courierSettingsInput = z.object({
  trackingUrls: z.record(z.string().max(100), trackingUrlPattern),
  defaultTrackingUrl: trackingUrlPattern,
  unpaidAfterDays,
})
export type CourierSettingsInput = z.input<typeof courierSettingsInput>
export type CourierSettings = z.output<typeof courierSettingsInput>

/** GET /api/settings/courier: the stored settings and the couriers (shipping options other than pickup). */
export const courierSettingsView = z.object({
  trackingUrls: z.record(z.string(), z.string()),
  defaultTrackingUrl: z.string(),
  unpaidAfterDays: z.number(),
  couriers: z.array(z.object({ id: z.string(), name: z.string() })),
})
export type CourierSettingsView = z.infer<typeof courierSettingsView>

/** Reads a stored settings value; what is missing or broken takes its default. */
export function toCourierSettings(value: unknown): CourierSettings {
  const parsed = courierSettingsInput.safeParse(value)
  if (parsed.success) return parsed.data
  return { trackingUrls: {}, defaultTrackingUrl: '', unpaidAfterDays: DEFAULT_UNPAID_AFTER_DAYS }
}

const reportRow = z.object({
  row: z.number(),
  reference: z.string(),
  orderId: z.string().nullable(),
  documentNumber: z.string().nullable(),
})

/** POST /api/orders/tracking-import: what each row of the file did. */
export const trackingImportReport = z.object({
  message: z.string(),
  changed: z.number(),
  matched: z.array(reportRow.extend({ trackingNumber: z.string(), isChanged: z.boolean() })),
  unmatched: z.array(reportRow.extend({ trackingNumber: z.string() })),
})
export type TrackingImportReport = z.infer<typeof trackingImportReport>

const payoutRow = reportRow.extend({ amount: z.number(), date: z.string() })

/** POST /api/orders/cod-payouts: the paid orders and the mismatches for staff to follow up. */
export const payoutReport = z.object({
  message: z.string(),
  changed: z.number(),
  paid: z.array(payoutRow),
  alreadyPaid: z.array(payoutRow.extend({ paidAt: z.string() })),
  amountDiffers: z.array(payoutRow.extend({ expected: z.number() })),
  unknown: z.array(payoutRow),
  unpaidAfterDays: z.number(),
  overdue: z.array(
    z.object({
      orderId: z.string(),
      documentNumber: z.string().nullable(),
      trackingNumber: z.string(),
      total: z.number(),
      shippedAt: z.string(),
      days: z.number(),
    }),
  ),
})
export type PayoutReport = z.infer<typeof payoutReport>
