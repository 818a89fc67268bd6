import { useState } from 'react'
import { Link } from 'react-router'
import { format } from '@shop/shared/messages/format.ts'
import { orderLimits as text } from '@shop/shared/messages/bs/order-limits.ts'
import type { OrderLimitSettings } from '@shop/shared/rules/order-limits.ts'
import { orderLimitSettingsInput, type OrderLimitSettingsView } from '@shop/shared/schemas/order-limits.ts'
import { Alert } from '../../../../ui/alert.tsx'
import { Button, buttonClassName } from '../../../../ui/button.tsx'
import { Field, Input } from '../../../../ui/field.tsx'
import { useLoad } from '../../../../lib/use-load.ts'
import { StaffForm } from '../../kit/staff-form.tsx'
import { StaffFrame } from '../../kit/staff-frame.tsx'
import { useDraft } from '../../kit/use-draft.ts'
import { useLeaveGuard } from '../../kit/use-leave-guard.tsx'
import { useStaffAction } from '../../kit/use-staff-action.ts'
import { fetchOrderLimits, saveOrderLimits } from '../api/order-limits.ts'
import './order-limits-page.css'

type Draft = Record<keyof OrderLimitSettings, string>
type FieldKey = keyof OrderLimitSettings

const SECTIONS: { title: string; fields: FieldKey[] }[] = [
  {
    title: text.orderSection,
    fields: ['maxQuantityPerLine', 'maxLinesPerOrder', 'maxOrderTotalGuest', 'maxOrderTotalCustomer'],
  },
  { title: text.clientSection, fields: ['maxOrdersPerAddressPerHour', 'maxOrdersPerEmailPerHour'] },
]

function toDraft(view: OrderLimitSettingsView): Draft {
  const draft = {} as Draft
  for (const { fields } of SECTIONS) for (const key of fields) draft[key] = String(view[key])
  return draft
}

/**
 * docs/decisions.md, Order limits and suspicious orders: the limits on one order and one client (store managers and admins), one draft
 * saved whole with PUT /api/settings/order-limits, like the shipping and work hours pages.
 */
export function AdminOrderLimitsPage() {
  const saved = useLoad(fetchOrderLimits, 'order-limits')
  return (
    <StaffFrame
      title={text.title}
      actions={
        <Link to="/admin/orders" className={buttonClassName({ variant: 'secondary' })}>
          {text.back}
        </Link>
      }
      loads={[{ load: saved, failed: text.loadFailed }]}
    >
      {saved.data && <OrderLimitsForm initial={saved.data} />}
    </StaffFrame>
  )
}

/** The form, mounted with the loaded limits; leaving it with unsaved changes asks first. */
function OrderLimitsForm({ initial }: { initial: OrderLimitSettingsView }) {
  const draft = useDraft(toDraft(initial))
  const [environmentLimit, setEnvironmentLimit] = useState(initial.addressLimitFromEnvironment)
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({})
  const saving = useStaffAction()
  const leaveGuard = useLeaveGuard(draft.isDirty)

  function change(key: FieldKey, value: string) {
    draft.patch({ [key]: value })
  }

  async function submit(current: Draft) {
    const checked = orderLimitSettingsInput.safeParse(current)
    if (!checked.success) {
      const found: Partial<Record<FieldKey, string>> = {}
      for (const issue of checked.error.issues) found[issue.path[0] as FieldKey] ??= issue.message
      setErrors(found)
      return
    }
    setErrors({})
    const outcome = await saving.run(() => saveOrderLimits(checked.data), { failed: text.saveFailed, done: text.saved })
    if (!outcome.ok) return
    draft.reset(toDraft(outcome.value))
    setEnvironmentLimit(outcome.value.addressLimitFromEnvironment)
  }

  const values = draft.value
  return (
    <StaffForm className="ui-card staff-form order-limits" onSubmit={() => void submit(values)}>
      <p className="order-limits__intro">{text.intro}</p>
      {saving.error && <Alert tone="danger">{saving.error}</Alert>}
      {SECTIONS.map((section) => (
        <fieldset key={section.title} className="order-limits__section">
          <legend>{section.title}</legend>
          <div className="order-limits__fields">
            {section.fields.map((key) => (
              <Field
                key={key}
                label={text[key]}
                error={errors[key] ?? null}
                hint={
                  key === 'maxOrdersPerAddressPerHour' && environmentLimit !== null
                    ? format(text.addressFromEnvironment, { value: environmentLimit })
                    : undefined
                }
              >
                {(control) => (
                  <Input
                    {...control}
                    name={key}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    value={values[key]}
                    onChange={(event) => change(key, event.target.value)}
                  />
                )}
              </Field>
            ))}
          </div>
        </fieldset>
      ))}
      <div className="order-limits__footer">
        {draft.isDirty && <p className="order-limits__unsaved">{text.unsaved}</p>}
        <Button type="submit" isLoading={saving.isBusy}>
          {text.save}
        </Button>
      </div>
      {leaveGuard}
    </StaffForm>
  )
}
