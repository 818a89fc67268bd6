import { z } from 'zod'
import { messages } from '../messages/bs.ts'
import { CANTONS } from './profile.ts'
import { optionalText, requiredText, toNumber } from './taxonomy.ts'
import { requiredTextField } from './text-field.ts'
import { isWeightKg } from '../rules/parcel-weight.ts'

const text = messages.admin.shipping

/** The most options the settings may hold (not in the specification: a sanity limit). */
export const MAX_SHIPPING_OPTIONS = 50
const MAX_MONEY = 1_000_000

/** A money amount of 0 or more; '' and NaN (an empty number field) are refused. */
function amount(message: string) {
  return z.preprocess(
    toNumber,
    z.number({ error: message }).finite(message).min(0, message).max(MAX_MONEY, text.priceTooHigh),
  )
}

/** An optional order value: empty means no limit (null). */
function orderValue() {
  return z.preprocess((value) => toNumber(value) ?? null, amount(text.orderValueInvalid).nullable())
}

/** staff-and-content.md §3 Shipping option conditions; §5: min and max order values min 0, regions from §9. */
export const shippingConditionsInput = z
  .object({
    minOrderValue: orderValue(),
    maxOrderValue: orderValue(),
    regions: z
      .array(z.enum(CANTONS, { error: text.regionInvalid }), { error: text.regionInvalid })
      .refine((regions) => new Set(regions).size === regions.length, text.regionDuplicate)
      .default([]),
  })
  // A maximum of 0 means "no maximum" (rules/shipping.ts meetsConditions), so it passes any minimum.
  .refine(
    ({ minOrderValue, maxOrderValue }) => minOrderValue === null || !maxOrderValue || maxOrderValue >= minOrderValue,
    { message: text.maxBelowMin, path: ['maxOrderValue'] },
  )

/** staff-and-content.md §3 Shipping option; createdAt and updatedAt are the server's. */
export const shippingOptionInput = z.object({
  id: z
    .union([z.string(), z.number()], { error: text.idRequired })
    .transform(String)
    .pipe(requiredTextField(100, { required: text.idRequired, tooLong: text.textTooLong, invalid: text.idRequired })),
  name: requiredText(text.nameRequired, 200, text.textTooLong),
  basePrice: amount(text.basePriceInvalid),
  description: optionalText(2_000, text.textTooLong).transform((value) => value ?? null),
  conditions: z
    .preprocess((value) => value ?? {}, shippingConditionsInput)
    .default({ minOrderValue: null, maxOrderValue: null, regions: [] }),
  isActive: z.boolean({ error: messages.common.validationFailed }).default(true),
  // DECISIONS: the free-shipping threshold covers an option unless staff switch it off (express).
  appliesFreeShipping: z.boolean({ error: messages.common.validationFailed }).default(true),
  // docs/decisions.md, 'Product weights and shipping by weight': the cost comes from the parcel price table.
  pricedByWeight: z.boolean({ error: messages.common.validationFailed }).default(false),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
})

/** The most bands the parcel price table may hold (a sanity limit; the specification's has 13). */
export const MAX_PARCEL_PRICE_BANDS = 50

/**
 * docs/decisions.md, 'Product weights and shipping by weight': the parcel price table of
 * staff-and-content.md §9 as staff edit it. Each band is 'up to so many kg' (above 0, at most three
 * decimals) and its price (money, 0 or more); the limits rise strictly from band to band.
 */
export const parcelPriceBandsInput = z
  .array(
    z.object(
      {
        upToKg: z.preprocess(
          toNumber,
          z
            .number({ error: text.bandWeightInvalid })
            .refine((value) => value > 0 && isWeightKg(value), text.bandWeightInvalid),
        ),
        price: z.preprocess(
          toNumber,
          z
            .number({ error: text.bandPriceInvalid })
            .finite(text.bandPriceInvalid)
            .min(0, text.bandPriceInvalid)
            .max(MAX_MONEY, text.priceTooHigh)
            .transform((value) => Math.round(value * 100) / 100),
        ),
      },
      { error: text.bandWeightInvalid },
    ),
    { error: text.bandsRequired },
  )
  .min(1, text.bandsRequired)
  .max(MAX_PARCEL_PRICE_BANDS, text.tooManyBands)
  .superRefine((bands, context) => {
    bands.forEach((band, index) => {
      const previous = bands[index - 1]
      if (previous && band.upToKg <= previous.upToKg) {
        context.addIssue({ code: 'custom', message: text.bandsNotAscending, path: [index, 'upToKg'] })
      }
    })
  })

/**
 * PATCH /api/settings/shipping and the shipping page: the whole settings object (§7). The
 * threshold is a whole number of 0 or more (§5: min 0, step 1); option ids are unique; the
 * default option is one of the options, or null for "the first available".
 */
export const shippingSettingsInput = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String).default('shipping'),
    options: z
      .array(shippingOptionInput, { error: messages.common.validationFailed })
      .max(MAX_SHIPPING_OPTIONS, text.tooManyOptions),
    freeShippingThreshold: z.preprocess(
      toNumber,
      z
        .number({ error: text.thresholdInvalid })
        .int(text.thresholdInvalid)
        .min(0, text.thresholdInvalid)
        .max(MAX_MONEY, text.priceTooHigh),
    ),
    defaultOptionId: z
      .union([z.string(), z.number()])
      .transform(String)
      .nullish()
      .transform((value) => (value === '' || value === undefined ? null : value)),
    /** Left out: the saved table stays. */
    parcelPriceBands: parcelPriceBandsInput.optional(),
  })
  .superRefine((settings, context) => {
    const seen = new Set<string>()
    settings.options.forEach((option, index) => {
      if (seen.has(option.id)) {
        context.addIssue({
          code: 'custom',
          message: text.idDuplicate.replace('{id}', option.id),
          path: ['options', index, 'id'],
        })
      }
      seen.add(option.id)
    })
    if (settings.defaultOptionId !== null && !seen.has(settings.defaultOptionId)) {
      context.addIssue({ code: 'custom', message: text.defaultUnknown, path: ['defaultOptionId'] })
    }
  })

export type ShippingOptionInput = z.input<typeof shippingOptionInput>
export type ShippingOptionValue = z.output<typeof shippingOptionInput>
export type ShippingSettingsInput = z.input<typeof shippingSettingsInput>
export type ShippingSettingsValue = z.output<typeof shippingSettingsInput>
