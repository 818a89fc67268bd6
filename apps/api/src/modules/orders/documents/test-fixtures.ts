import type { TaxFacts } from '@shop/shared/schemas/tax-facts.ts'

/** A company's complete tax facts, as staff type them on the tax facts page (tests and bench/invoices.ts). */
export const EXAMPLE_TAX_FACTS = {
  legalName: 'Trgovina Sovići d.o.o.',
  address: 'Sovići bb',
  city: '88344 Sovići',
  idNumber: '4227123450008',
  vatNumber: '227123450008',
  bankName: 'UniCredit Bank d.d.',
  bankAccount: 'BA391290079401028494',
  vatRate: 17,
  invoiceFooter: 'Reklamacije primamo u roku od 8 dana.',
} satisfies TaxFacts
