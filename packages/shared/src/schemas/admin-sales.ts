import { z } from 'zod'
import { messages } from '../messages/bs.ts'
import { saleBoundaryTime } from '../rules/sale.ts'
import { toNumber } from './taxonomy.ts'

const text = messages.adminSales

/**
 * A date or date-time; '' and null mean none, a missing field is refused (docs/decisions.md 'Sales
 * campaigns': a save names every field it changes). Checked here so a bad date is a 400, never a 500.
 */
const saleDate = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string({
      error: (issue) => (issue.input === undefined ? text.configFieldsRequired : text.dateInvalid),
    })
    .trim()
    .max(40, text.dateInvalid)
    .refine((value) => saleBoundaryTime(value, 'start') !== null, text.dateInvalid)
    .nullable(),
)

/**
 * PUT /api/sales/config (staff-and-content.md §7): isActive, startDate, endDate, title,
 * description (all required: `{}` once switched a running sale off), discountedProducts.
 * discountedProducts is accepted and ignored: the products on
 * sale change only through POST and DELETE /api/sales/products.
 */
export const saleConfigInput = z
  .object({
    isActive: z.boolean({
      error: (issue) => (issue.input === undefined ? text.configFieldsRequired : text.configSaveFailed),
    }),
    startDate: saleDate,
    endDate: saleDate,
    title: z.string({ error: text.configFieldsRequired }).trim().max(200, text.titleTooLong),
    description: z.string({ error: text.configFieldsRequired }).trim().max(2000, text.descriptionTooLong),
    discountedProducts: z.array(z.unknown()).optional(),
  })
  .superRefine((config, context) => {
    if (config.isActive && (!config.startDate || !config.endDate)) {
      context.addIssue({ code: 'custom', message: text.datesRequired, path: ['startDate'] })
      return
    }
    const start = saleBoundaryTime(config.startDate, 'start')
    const end = saleBoundaryTime(config.endDate, 'end')
    if (start !== null && end !== null && end < start) {
      context.addIssue({ code: 'custom', message: text.endBeforeStart, path: ['endDate'] })
    }
  })
export type SaleConfigValues = z.output<typeof saleConfigInput>

const optionalNumber = z.preprocess(
  (value) => (value === null ? null : toNumber(value)),
  z.number({ error: text.productAndDiscountRequired }).nullable().optional(),
)

/**
 * POST /api/sales/products (§7): productId, discountPercentage, originalPrice, discountedPrice.
 * discountedPrice is a custom new price when present; originalPrice is the client's view and
 * never used (the server takes the product's own price).
 */
export const saleProductInput = z.object({
  productId: z.string({ error: text.productAndDiscountRequired }).trim().min(1, text.productAndDiscountRequired),
  discountPercentage: optionalNumber,
  originalPrice: optionalNumber,
  discountedPrice: optionalNumber,
})
export type SaleProductValues = z.output<typeof saleProductInput>
