import { z } from 'zod'
import { documents as text } from '../messages/bs/documents.ts'
import { format } from '../messages/format.ts'
import { boundedTextField, printedNumberField, requiredTextField } from './text-field.ts'

// The company's tax facts, printed as the seller on every invoice (docs/decisions.md, 'Invoices and
// packing slips'). Digits may be typed with spaces or dashes; they are stored as digits only.

export const DEFAULT_VAT_RATE = 17

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '')

function requiredText(required: string, max: number) {
  return requiredTextField(max, { required, tooLong: format(text.textTooLong, { max }), invalid: required })
}

/** A text the facts may leave empty ('' when absent). */
function optionalText(max: number) {
  const tooLong = format(text.textTooLong, { max })
  return boundedTextField(max, { tooLong, invalid: text.legalNameRequired }).default('')
}

/** IBAN check (ISO 13616): the country and check digits moved to the end, letters as numbers, mod 97 is 1. */
export function hasValidIbanChecksum(iban: string): boolean {
  const moved = `${iban.slice(4)}${iban.slice(0, 4)}`
  const numeric = moved.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55))
  let remainder = 0
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97
  return remainder === 1
}

const bankAccount = z
  .string({ error: text.bankAccountInvalid })
  .transform((value) => digitsOnly(value).toUpperCase())
  .pipe(
    z
      .string()
      .regex(/^(BA\d{18}|\d{16})$/, text.bankAccountInvalid)
      .refine((value) => !value.startsWith('BA') || hasValidIbanChecksum(value), text.ibanChecksumInvalid),
  )

const vatRate = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim().replace(',', '.')) : value),
  z
    .number({ error: text.vatRateInvalid })
    .min(0, text.vatRateInvalid)
    .max(100, text.vatRateInvalid)
    .refine((value) => Math.round(value * 100) === value * 100, text.vatRateInvalid),
)

/** PUT /api/settings/tax-facts: the whole object. */
export const taxFactsInput = z.object({
  legalName: requiredText(text.legalNameRequired, 200),
  address: requiredText(text.addressRequired, 200),
  city: requiredText(text.cityRequired, 100),
  idNumber: z
    .string({ error: text.idNumberInvalid })
    .transform(digitsOnly)
    .pipe(z.string().regex(/^\d{13}$/, text.idNumberInvalid)),
  vatNumber: z
    .string({ error: text.vatNumberInvalid })
    .transform(digitsOnly)
    .pipe(z.string().regex(/^\d{12}$/, text.vatNumberInvalid)),
  bankName: optionalText(100),
  bankAccount,
  vatRate: vatRate.default(DEFAULT_VAT_RATE),
  invoiceFooter: optionalText(500),
})
export type TaxFactsInput = z.input<typeof taxFactsInput>
export type TaxFacts = z.output<typeof taxFactsInput>

/** GET answer: the stored facts; isComplete is false until staff saved them once. */
export const taxFactsView = z.object({
  legalName: z.string(),
  address: z.string(),
  city: z.string(),
  idNumber: z.string(),
  vatNumber: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  vatRate: z.number(),
  invoiceFooter: z.string(),
  isComplete: z.boolean(),
})
export type TaxFactsView = z.infer<typeof taxFactsView>

export const EMPTY_TAX_FACTS: TaxFactsView = Object.freeze({
  legalName: '',
  address: '',
  city: '',
  idNumber: '',
  vatNumber: '',
  bankName: '',
  bankAccount: '',
  vatRate: DEFAULT_VAT_RATE,
  invoiceFooter: '',
  isComplete: false,
})

/** The stored document as the view: complete when it passes the schema, else what can be read of it. */
export function toTaxFactsView(stored: unknown): TaxFactsView {
  const parsed = taxFactsInput.safeParse(stored)
  if (parsed.success) return { ...parsed.data, isComplete: true }
  const record = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {}
  const textOf = (key: keyof TaxFactsView) => (typeof record[key] === 'string' ? record[key] : '')
  const rate = vatRate.safeParse(record.vatRate)
  return {
    ...EMPTY_TAX_FACTS,
    legalName: textOf('legalName'),
    address: textOf('address'),
    city: textOf('city'),
    idNumber: textOf('idNumber'),
    vatNumber: textOf('vatNumber'),
    bankName: textOf('bankName'),
    bankAccount: textOf('bankAccount'),
    vatRate: rate.success ? rate.data : DEFAULT_VAT_RATE,
    invoiceFooter: textOf('invoiceFooter'),
  }
}

/** A bank account as people read it: an IBAN in groups of four, a BiH account as 3-3-8-2. */
export function formatBankAccount(account: string): string {
  if (account.startsWith('BA')) return account.replace(/(.{4})(?=.)/g, '$1 ')
  if (/^\d{16}$/.test(account))
    return `${account.slice(0, 3)}-${account.slice(3, 6)}-${account.slice(6, 14)}-${account.slice(14)}`
  return account
}

/** PUT /api/orders/{id}/fiscal-receipt: the number of the fiscal receipt staff printed for the order; '' clears it. */
export const fiscalReceiptInput = z.object({ fiscalReceiptNumber: printedNumberField(text.fiscalReceiptInvalid) })

export const DOCUMENT_KINDS = ['invoice', 'packing-slip'] as const
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]
/** Orders in one bulk print: a day's parcels of a busy shop, well below what one request can carry. */
export const MAX_DOCUMENTS_PER_PRINT = 500

/** POST /api/orders/documents: the orders to print, in this order, as one PDF. */
export const documentsInput = z.object({
  ids: z
    .array(z.string().max(100), { error: text.noOrdersSelected })
    .min(1, text.noOrdersSelected)
    .max(MAX_DOCUMENTS_PER_PRINT, format(text.tooManyOrders, { max: MAX_DOCUMENTS_PER_PRINT })),
  kind: z.enum(DOCUMENT_KINDS, { error: text.kindInvalid }),
})
