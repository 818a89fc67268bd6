import { courier as text } from '@shop/shared/messages/bs/courier.ts'
import {
  courierSettingsInput,
  type CourierSettingsInput,
  type CourierSettingsView,
} from '@shop/shared/schemas/courier.ts'
import { useLoad } from '../../../../lib/use-load.ts'
import { SettingsForm, SettingsPage, type SettingsSection } from '../../kit/settings-form.tsx'
import { useStaffForm } from '../../kit/use-staff-form.ts'
import { fetchCourierSettings, saveCourierSettings } from '../api/courier.ts'

/** The form's draft: one field per courier's pattern ('url:<shipping option id>'), the default one and the days. */
type Draft = Record<string, string>
const URL_PREFIX = 'url:'

function toDraft(view: CourierSettingsView): Draft {
  const draft: Draft = { defaultTrackingUrl: view.defaultTrackingUrl, unpaidAfterDays: String(view.unpaidAfterDays) }
  for (const courier of view.couriers) draft[`${URL_PREFIX}${courier.id}`] = view.trackingUrls[courier.id] ?? ''
  return draft
}

function toInput(draft: Draft): CourierSettingsInput {
  const trackingUrls: Record<string, string> = {}
  for (const [key, value] of Object.entries(draft)) {
    if (key.startsWith(URL_PREFIX)) trackingUrls[key.slice(URL_PREFIX.length)] = value
  }
  return {
    trackingUrls,
    defaultTrackingUrl: draft.defaultTrackingUrl ?? '',
    unpaidAfterDays: draft.unpaidAfterDays ?? '',
  }
}

/** The server's schema, read from the flat draft; an error on trackingUrls.<id> shows under that courier's field. */
const draftSchema = {
  safeParse(draft: unknown) {
    const checked = courierSettingsInput.safeParse(toInput(draft as Draft))
    if (checked.success) return checked
    const issues = checked.error.issues.map((issue) => ({
      message: issue.message,
      path: issue.path[0] === 'trackingUrls' ? [`${URL_PREFIX}${String(issue.path[1])}`] : issue.path,
    }))
    return { success: false as const, error: { issues } }
  },
}

const URL_INPUT = { type: 'url', inputMode: 'url' } as const

/** docs/decisions.md, 'Courier hand-off, tracking and payouts': the couriers' tracking links and the payout reminder. */
export function AdminCourierSettingsPage() {
  const saved = useLoad(fetchCourierSettings, 'courier-settings')
  return (
    <SettingsPage
      title={text.settingsTitle}
      back={{ to: '/admin/orders', label: text.settingsBack }}
      load={saved}
      failed={text.settingsLoadFailed}
    >
      {(settings) => <CourierSettingsForm initial={settings} />}
    </SettingsPage>
  )
}

function CourierSettingsForm({ initial }: { initial: CourierSettingsView }) {
  const form = useStaffForm({
    initial: toDraft(initial),
    schema: draftSchema,
    save: saveCourierSettings,
    texts: { failed: text.settingsSaveFailed, done: text.settingsSaved },
    onSaved: (settings) => form.reset(toDraft(settings)),
  })
  const sections: SettingsSection<string>[] = [
    {
      title: text.trackingSection,
      fields: [
        ...initial.couriers.map((courier) => ({
          key: `${URL_PREFIX}${courier.id}`,
          label: courier.name,
          hint: text.trackingUrlHint,
          isWide: true,
          input: URL_INPUT,
        })),
        {
          key: 'defaultTrackingUrl',
          label: text.defaultTrackingUrl,
          hint: text.trackingUrlHint,
          isWide: true,
          input: URL_INPUT,
        },
      ],
    },
    {
      title: text.payoutSection,
      fields: [
        {
          key: 'unpaidAfterDays',
          label: text.unpaidAfterDays,
          input: { type: 'number', inputMode: 'numeric', min: 1, step: 1 },
        },
      ],
    },
  ]
  return (
    <SettingsForm
      intro={text.settingsIntro}
      sections={sections}
      form={form}
      texts={{ unsaved: text.settingsUnsaved, save: text.settingsSave }}
    />
  )
}
