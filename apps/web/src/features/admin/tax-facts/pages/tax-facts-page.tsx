import { documents as text } from '@shop/shared/messages/bs/documents.ts'
import { formatBankAccount, taxFactsInput, type TaxFacts, type TaxFactsView } from '@shop/shared/schemas/tax-facts.ts'
import { useLoad } from '../../../../lib/use-load.ts'
import { SettingsForm, SettingsPage, type SettingsSection } from '../../kit/settings-form.tsx'
import { TextAreaField } from '../../kit/text-area-field.tsx'
import { useStaffForm } from '../../kit/use-staff-form.ts'
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
  const saved = useLoad(fetchTaxFacts, 'tax-facts')
  return (
    <SettingsPage
      title={text.taxFactsTitle}
      back={{ to: '/admin/orders', label: text.taxFactsBack }}
      load={saved}
      failed={text.taxFactsLoadFailed}
    >
      {(settings) => <TaxFactsForm initial={settings} />}
    </SettingsPage>
  )
}

function TaxFactsForm({ initial }: { initial: TaxFactsView & { version: number } }) {
  const form = useStaffForm({
    initial: toDraft(initial),
    schema: taxFactsInput,
    save: (values, edit) => saveTaxFacts(values, edit.version),
    versioned: {
      version: initial.version,
      reload: async () => {
        const latest = await fetchTaxFacts()
        return { draft: toDraft(latest), version: latest.version }
      },
    },
    texts: { failed: text.taxFactsSaveFailed, done: text.taxFactsSaved },
    onSaved: (facts) => {
      form.reset(toDraft(facts))
      form.setVersion(facts.version)
    },
  })
  return (
    <SettingsForm
      intro={text.taxFactsIntro}
      sections={SECTIONS}
      form={form}
      texts={{ unsaved: text.taxFactsUnsaved, save: text.taxFactsSave }}
    >
      <TextAreaField
        label={text.invoiceFooter}
        hint={text.invoiceFooterHint}
        error={form.errors.invoiceFooter ?? null}
        name="invoiceFooter"
        rows={3}
        value={form.value.invoiceFooter}
        onChange={(value) => form.change('invoiceFooter', value)}
      />
    </SettingsForm>
  )
}
