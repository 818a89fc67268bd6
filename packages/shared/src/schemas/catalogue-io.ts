import { z } from 'zod'
import { messages } from '../messages/bs.ts'
import { PRICE_ROUNDINGS } from '../rules/price-change.ts'

const text = messages.catalogueIo
const booleanFlag = z.enum(['true', 'false'], { error: messages.common.validationFailed })

export const catalogueExportQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { error: text.formatInvalid }).default('csv'),
})

export const catalogueImportQuery = z.object({
  mode: z.enum(['upsert', 'update'], { error: text.modeInvalid }).default('upsert'),
  dryRun: booleanFlag.default('true').describe('true: check and count, write nothing'),
  onlyValid: booleanFlag.default('false').describe('true: apply the valid rows and skip the bad ones'),
})

/** One problem of an import, where the spreadsheet shows it (header = row 1). */
export const importError = z.object({ row: z.number(), column: z.string(), message: z.string() })
export type ImportError = z.infer<typeof importError>

export const importReport = z.object({
  dryRun: z.boolean(),
  /** True when the rows were written (never on a dry run, nor with errors unless onlyValid). */
  applied: z.boolean(),
  rows: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  errors: z.array(importError),
})
export type ImportReport = z.infer<typeof importReport>

const uuid = z.string().uuid(messages.common.validationFailed)

export const priceChangeInput = z.object({
  percent: z
    .number({ error: text.percentInvalid })
    .min(-90, text.percentInvalid)
    .max(1000, text.percentInvalid)
    .refine((percent) => percent !== 0, text.percentInvalid),
  brandId: uuid.nullish(),
  categoryId: uuid.nullish(),
  ids: z.array(uuid).max(10_000).nullish(),
  rounding: z.enum(PRICE_ROUNDINGS, { error: text.roundingInvalid }),
  dryRun: z.boolean({ error: messages.common.validationFailed }).default(true),
})
export type PriceChangeInput = z.input<typeof priceChangeInput>

export const priceChangeLine = z.object({
  productId: z.string(),
  code: z.string(),
  name: z.string(),
  /** The option's label; null for the product's own prices. */
  size: z.string().nullable(),
  oldPrice: z.number(),
  newPrice: z.number(),
  oldDiscountPrice: z.number().nullable(),
  newDiscountPrice: z.number().nullable(),
  oldWholesalePrice: z.number().nullable(),
  newWholesalePrice: z.number().nullable(),
  /** Why the line is left out (the new prices would break a price rule); null when it changes. */
  skipped: z.string().nullable(),
})
export type PriceChangeLine = z.infer<typeof priceChangeLine>

export const priceChangeResult = z.object({
  dryRun: z.boolean(),
  products: z.number(),
  changed: z.number(),
  skipped: z.number(),
  lines: z.array(priceChangeLine),
})
export type PriceChangeResult = z.infer<typeof priceChangeResult>
