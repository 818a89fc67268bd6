import { z } from 'zod'
import { messages } from '../messages/bs.ts'
import { parseUtcDay } from '../rules/statistics.ts'
import { lenientPageField, pageCountFields } from './page.ts'

// docs/decisions.md, 'Stock ledger': the history of a product's stock and staff corrections of it.
const text = messages.stockLedger

export const STOCK_CHANGE_KINDS = [
  'order',
  'cancel',
  'staff_order',
  'staff_edit',
  'import',
  'correction',
  'return',
] as const
export type StockChangeKind = (typeof STOCK_CHANGE_KINDS)[number]

export const STOCK_LEDGER_PAGE_SIZE = 20
export const MAX_STOCK_CORRECTION = 1_000_000
export const MAX_STOCK_REASON_LENGTH = 200

// A day of the calendar: 2026-02-30 is refused, as the logs' and statistics' filters refuse it.
const day = z.string().refine((value) => parseUtcDay(value) !== undefined, text.dateInvalid)

export const stockLedgerQuery = z.object({
  kind: z.enum(STOCK_CHANGE_KINDS).optional().describe('Only changes of this kind'),
  optionCode: z
    .string()
    .max(200)
    .optional()
    .describe("Only this option's changes (its code, or its label when it has no code); '-' for the product's own"),
  from: day.optional().describe('First day (YYYY-MM-DD, UTC), inclusive'),
  to: day.optional().describe('Last day (YYYY-MM-DD, UTC), inclusive'),
  page: lenientPageField,
  limit: z.coerce.number().int().min(1).max(100).optional().catch(undefined),
  format: z.enum(['json', 'csv']).optional().describe("'csv': the whole filtered history as CSV"),
})
export type StockLedgerQuery = z.infer<typeof stockLedgerQuery>

export const stockLedgerRow = z.object({
  id: z.string(),
  at: z.string().describe('ISO time'),
  actor: z.string().nullable().describe('Who: an e-mail, or null for the system'),
  kind: z.enum(STOCK_CHANGE_KINDS),
  reason: z.string(),
  optionCode: z
    .string()
    .nullable()
    .describe("The option's code, or its label when it has none; null: the product's own stock"),
  optionSize: z.string().nullable(),
  change: z.number().int(),
  resultingStock: z.number().int(),
})
export type StockLedgerRow = z.infer<typeof stockLedgerRow>

export const stockLedgerPage = z.object({
  rows: z.array(stockLedgerRow),
  ...pageCountFields,
  limit: z.number(),
  stock: z.number().describe("The product's own stock now"),
  infiniteStock: z.boolean(),
  options: z.array(z.object({ optionCode: z.string(), size: z.string(), stock: z.number(), infinite: z.boolean() })),
})
export type StockLedgerPage = z.infer<typeof stockLedgerPage>

export const stockCorrectionInput = z.object({
  optionCode: z.string().trim().max(200).optional().nullable(),
  change: z
    .number({ error: text.changeInvalid })
    .int(text.changeInvalid)
    .refine((value) => value !== 0, text.changeInvalid)
    .refine((value) => Math.abs(value) <= MAX_STOCK_CORRECTION, text.changeTooLarge),
  reason: z
    .string({ error: text.reasonRequired })
    .trim()
    .min(1, text.reasonRequired)
    .max(MAX_STOCK_REASON_LENGTH, text.reasonTooLong),
})
export type StockCorrectionInput = z.infer<typeof stockCorrectionInput>
