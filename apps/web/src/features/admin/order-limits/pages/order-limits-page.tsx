import { useState } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { orderLimits as text } from '@shop/shared/messages/bs/order-limits.ts'
import type { OrderLimitSettings } from '@shop/shared/rules/order-limits.ts'
import { orderLimitSettingsInput, type OrderLimitSettingsView } from '@shop/shared/schemas/order-limits.ts'
import { useLoad } from '../../../../lib/use-load.ts'
import { SettingsForm, SettingsPage, type SettingsSection } from '../../kit/settings-form.tsx'
import { useStaffForm } from '../../kit/use-staff-form.ts'
import { fetchOrderLimits, saveOrderLimits } from '../api/order-limits.ts'

type Draft = Record<keyof OrderLimitSettings, string>
type FieldKey = keyof OrderLimitSettings

const SECTIONS: { title: string; fields: FieldKey[] }[] = [
  {
    title: text.orderSection,
    fields: ['maxQuantityPerLine', 'maxLinesPerOrder', 'maxOrderTotalGuest', 'maxOrderTotalCustomer'],
  },
  { title: text.clientSection, fields: ['maxOrdersPerAddressPerHour', 'maxOrdersPerEmailPerHour'] },
  { title: text.buyerDaySection, fields: ['maxPerProductPerBuyerPerDay'] },
]

function toDraft(view: OrderLimitSettingsView): Draft {
  const draft = {} as Draft
  for (const { fields } of SECTIONS) for (const key of fields) draft[key] = String(view[key] ?? '')
  return draft
}

/** The hint under a field: where the operator's environment wins, or what the daily cap counts. */
function hintOf(key: FieldKey, environmentLimit: number | null): string | undefined {
  if (key === 'maxOrdersPerAddressPerHour' && environmentLimit !== null) {
    return format(text.addressFromEnvironment, { value: environmentLimit })
  }
  return key === 'maxPerProductPerBuyerPerDay' ? text.maxPerProductPerBuyerPerDayHint : undefined
}

/** Whole numbers of one or more. */
const NUMBER_INPUT = { type: 'number', inputMode: 'numeric', min: 1, step: 1 } as const

/**
 * docs/decisions.md, Order limits and suspicious orders: the limits on one order and one client (store managers and admins), one draft
 * saved whole with PUT /api/settings/order-limits, like the shipping and work hours pages.
 */
export function AdminOrderLimitsPage() {
  const saved = useLoad(fetchOrderLimits, 'order-limits')
  return (
    <SettingsPage
      title={text.title}
      back={{ to: '/admin/orders', label: text.back }}
      load={saved}
      failed={text.loadFailed}
    >
      {(settings) => <OrderLimitsForm initial={settings} />}
    </SettingsPage>
  )
}

/** The form, mounted with the loaded limits. */
function OrderLimitsForm({ initial }: { initial: OrderLimitSettingsView & { version: number } }) {
  const [environmentLimit, setEnvironmentLimit] = useState(initial.addressLimitFromEnvironment)
  const form = useStaffForm({
    initial: toDraft(initial),
    schema: orderLimitSettingsInput,
    save: (values, edit) => saveOrderLimits(values, edit.version),
    versioned: {
      version: initial.version,
      reload: async () => {
        const latest = await fetchOrderLimits()
        return { draft: toDraft(latest), version: latest.version }
      },
    },
    texts: { failed: text.saveFailed, done: text.saved },
    onSaved: (limits) => {
      form.reset(toDraft(limits))
      form.setVersion(limits.version)
      setEnvironmentLimit(limits.addressLimitFromEnvironment)
    },
  })
  const sections: SettingsSection<FieldKey>[] = SECTIONS.map(({ title, fields }) => ({
    title,
    fields: fields.map((key) => ({ key, label: text[key], hint: hintOf(key, environmentLimit), input: NUMBER_INPUT })),
  }))
  return (
    <SettingsForm
      intro={text.intro}
      sections={sections}
      form={form}
      texts={{ unsaved: text.unsaved, save: text.save }}
    />
  )
}
