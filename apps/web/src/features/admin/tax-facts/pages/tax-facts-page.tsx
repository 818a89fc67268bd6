import { documents as text } from '@shop/shared/messages/bs/documents.ts'
import { formatBankAccount, taxFactsInput, type TaxFacts, type TaxFactsView } from '@shop/shared/schemas/tax-facts.ts'
import { SettingsPage, type SettingsSection } from '../../kit/settings-page.tsx'
import { TextAreaField } from '../../kit/text-area-field.tsx'
import { fetchTaxFacts, saveTaxFacts } from '../api/tax-facts.ts'

type FieldKey = keyof TaxFacts
type Draft = Record<FieldKey, string>

type InputKey = Exclude<FieldKey, 'invoiceFooter'>

const SECTIONS: SettingsSection<InputKey>[] = [
  {
    title: text.taxFactsCompanySection,
    fields: [
      { key: 'legalName', label: text.legalName, isRequired: true, isWide: true },
      { key: 'address', label: text.address, isRequired: true },
      { key: 'city', label: text.city, hint: text.cityHint, isRequired: true },
    ],
  },
  {
    title: text.taxFactsTaxSection,
    fields: [
      {
        key: 'idNumber',
        label: text.idNumber,
        hint: text.idNumberHint,
        input: { inputMode: 'numeric' },
        isRequired: true,
      },
      {
        key: 'vatNumber',
        label: text.vatNumber,
        hint: text.vatNumberHint,
        input: { inputMode: 'numeric' },
        isRequired: true,
      },
      { key: 'bankAccount', label: text.bankAccount, hint: text.bankAccountHint, isRequired: true },
      { key: 'bankName', label: text.bankName },
    ],
  },
  {
    title: text.taxFactsInvoiceSection,
    fields: [{ key: 'vatRate', label: text.vatRate, input: { inputMode: 'decimal' }, isRequired: true }],
  },
]

function toDraft(view: TaxFactsView): Draft {
  return {
    legalName: view.legalName,
    address: view.address,
    city: view.city,
    idNumber: view.idNumber,
    vatNumber: view.vatNumber,
    bankName: view.bankName,
    bankAccount: view.bankAccount ? formatBankAccount(view.bankAccount) : '',
    vatRate: String(view.vatRate).replace('.', ','),
    invoiceFooter: view.invoiceFooter,
  }
}

/**
 * docs/decisions.md, 'Invoices and packing slips': the company's tax facts that every invoice prints as
 * the seller (store managers and admins), one draft saved whole with PUT /api/settings/tax-facts.
 */
export function AdminTaxFactsPage() {
  return (
    <SettingsPage
      texts={text.taxFactsPage}
      back={{ to: '/admin/orders', label: text.taxFactsBack }}
      document={{ name: 'tax-facts', fetch: fetchTaxFacts, save: saveTaxFacts }}
      draft={{ toDraft, schema: taxFactsInput }}
      sections={() => SECTIONS}
    >
      {(form) => (
        <TextAreaField
          label={text.invoiceFooter}
          hint={text.invoiceFooterHint}
          error={form.errors.invoiceFooter ?? null}
          name="invoiceFooter"
          rows={3}
          value={form.value.invoiceFooter}
          onChange={(value) => form.change('invoiceFooter', value)}
        />
      )}
    </SettingsPage>
  )
}
