import { courier as text } from '@shop/shared/messages/bs/courier.ts'
import {
  courierSettingsInput,
  type CourierSettingsInput,
  type CourierSettingsView,
} from '@shop/shared/schemas/courier.ts'
import { SettingsPage, type SettingsSection } from '../../kit/settings-page.tsx'
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

/** The sections: a tracking link per courier and the default one, and the payout reminder's days. */
function sectionsOf(settings: CourierSettingsView): SettingsSection<string>[] {
  return [
    {
      title: text.trackingSection,
      fields: [
        ...settings.couriers.map((courier) => ({
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
}

/** docs/decisions.md, 'Courier hand-off, tracking and payouts': the couriers' tracking links and the payout reminder. */
export function AdminCourierSettingsPage() {
  return (
    <SettingsPage
      texts={text.settingsPage}
      back={{ to: '/admin/orders', label: text.settingsBack }}
      document={{ name: 'courier-settings', fetch: fetchCourierSettings, save: saveCourierSettings }}
      draft={{ toDraft, schema: draftSchema }}
      sections={sectionsOf}
    />
  )
}
