import { describe, expect, it } from 'vitest'
import { documents as text } from '../messages/bs/documents.ts'
import { documentsInput, fiscalReceiptInput, formatBankAccount, taxFactsInput, toTaxFactsView } from './tax-facts.ts'

const VALID = {
  legalName: 'Trgovina Čavić d.o.o. Grude',
  address: 'Sovići bb',
  city: '88344 Sovići',
  idNumber: '4227 1234 5000 8',
  vatNumber: '227-123-450-008',
  bankName: 'UniCredit Bank d.d.',
  bankAccount: 'BA39 1290 0794 0102 8494',
  vatRate: '17',
  invoiceFooter: 'Upisano u registar Općinskog suda u Širokom Brijegu.',
}

function firstMessage(input: unknown): string | undefined {
  const parsed = taxFactsInput.safeParse(input)
  return parsed.success ? undefined : parsed.error.issues[0]?.message
}

describe('taxFactsInput', () => {
  it('accepts the facts and keeps the digits only', () => {
    expect(taxFactsInput.parse(VALID)).toMatchObject({
      idNumber: '4227123450008',
      vatNumber: '227123450008',
      bankAccount: 'BA391290079401028494',
      vatRate: 17,
    })
    expect(taxFactsInput.parse({ ...VALID, bankAccount: '129-007-94010284-94' }).bankAccount).toBe('1290079401028494')
  })

  it('puts 17 % PDV when no rate is given', () => {
    const { vatRate: _rate, ...withoutRate } = VALID
    expect(taxFactsInput.parse(withoutRate).vatRate).toBe(17)
  })

  it.each([
    ['legalName', '  ', text.legalNameRequired],
    ['address', '', text.addressRequired],
    ['city', '', text.cityRequired],
    ['idNumber', '422712345000', text.idNumberInvalid],
    ['idNumber', '42271234500AB', text.idNumberInvalid],
    ['vatNumber', '2271234500081', text.vatNumberInvalid],
    ['bankAccount', 'BA39129007940102849', text.bankAccountInvalid],
    ['bankAccount', '12900794010284', text.bankAccountInvalid],
    ['bankAccount', 'DE89370400440532013000', text.bankAccountInvalid],
    ['bankAccount', 'BA38 1290 0794 0102 8494', text.ibanChecksumInvalid],
    ['vatRate', '101', text.vatRateInvalid],
    ['vatRate', '-1', text.vatRateInvalid],
    ['vatRate', '17.125', text.vatRateInvalid],
    ['vatRate', 'sedamnaest', text.vatRateInvalid],
    ['invoiceFooter', 'x'.repeat(501), 'Tekst je predug (najviše 500 znakova)'],
    ['legalName', 'x'.repeat(201), 'Tekst je predug (najviše 200 znakova)'],
  ])('refuses %s %j with “%s”', (field, value, message) => {
    expect(firstMessage({ ...VALID, [field]: value })).toBe(message)
  })

  it('names a missing required field', () => {
    const { idNumber: _id, ...withoutId } = VALID
    expect(firstMessage(withoutId)).toBe(text.idNumberInvalid)
  })
})

describe('toTaxFactsView', () => {
  it('is complete only for facts that pass the schema', () => {
    expect(toTaxFactsView(taxFactsInput.parse(VALID)).isComplete).toBe(true)
    expect(toTaxFactsView(undefined)).toMatchObject({ isComplete: false, vatRate: 17, legalName: '' })
    expect(toTaxFactsView({ legalName: 'Firma' })).toMatchObject({ isComplete: false, legalName: 'Firma' })
  })
})

describe('formatBankAccount', () => {
  it('groups an IBAN by four and a BiH account as 3-3-8-2', () => {
    expect(formatBankAccount('BA391290079401028494')).toBe('BA39 1290 0794 0102 8494')
    expect(formatBankAccount('1290079401028494')).toBe('129-007-94010284-94')
  })
})

describe('fiscalReceiptInput and documentsInput', () => {
  it('accepts a receipt number and refuses odd characters or a long one', () => {
    expect(fiscalReceiptInput.parse({ fiscalReceiptNumber: ' 000123/2026 ' }).fiscalReceiptNumber).toBe('000123/2026')
    expect(fiscalReceiptInput.safeParse({ fiscalReceiptNumber: '12<script>' }).error?.issues[0]?.message).toBe(
      text.fiscalReceiptInvalid,
    )
    expect(fiscalReceiptInput.safeParse({ fiscalReceiptNumber: '1'.repeat(41) }).error?.issues[0]?.message).toBe(
      text.fiscalReceiptInvalid,
    )
  })

  it('asks for at least one order and a known kind', () => {
    expect(documentsInput.safeParse({ ids: [], kind: 'invoice' }).error?.issues[0]?.message).toBe(text.noOrdersSelected)
    expect(documentsInput.safeParse({ ids: ['a'], kind: 'label' }).error?.issues[0]?.message).toBe(text.kindInvalid)
    expect(
      documentsInput.safeParse({ ids: Array.from({ length: 501 }, () => 'a'), kind: 'invoice' }).error?.issues[0]
        ?.message,
    ).toBe('Najviše 500 narudžbi u jednom ispisu.')
  })
})
