import { format } from '@shop/shared/messages/format.ts'
import { orderLimits as text } from '@shop/shared/messages/bs/order-limits.ts'
import type { OrderLimitSettings } from '@shop/shared/rules/order-limits.ts'
import { orderLimitSettingsInput, type OrderLimitSettingsView } from '@shop/shared/schemas/order-limits.ts'
import { SettingsPage, type SettingsSection } from '../../kit/settings-page.tsx'
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

/** The sections, with the environment's address limit as the server last answered it. */
function sectionsOf(limits: OrderLimitSettingsView): SettingsSection<FieldKey>[] {
  return SECTIONS.map(({ title, fields }) => ({
    title,
    fields: fields.map((key) => ({
      key,
      label: text[key],
      hint: hintOf(key, limits.addressLimitFromEnvironment),
      input: NUMBER_INPUT,
    })),
  }))
}

/**
 * docs/decisions.md, Order limits and suspicious orders: the limits on one order and one client (store managers and admins), one draft
 * saved whole with PUT /api/settings/order-limits, like the shipping and work hours pages.
 */
export function AdminOrderLimitsPage() {
  return (
    <SettingsPage
      texts={text}
      back={{ to: '/admin/orders', label: text.back }}
      document={{ name: 'order-limits', fetch: fetchOrderLimits, save: saveOrderLimits }}
      draft={{ toDraft, schema: orderLimitSettingsInput }}
      sections={sectionsOf}
    />
  )
}
