import { admin } from '@shop/shared/messages/bs/admin.ts'
import type { ShippingSettingsInput } from '@shop/shared/schemas/shipping-settings.ts'
import { api, ApiError } from '../../../../lib/api-client.ts'
import { toSettingsDraft, type SettingsDraft } from '../shipping-draft.ts'

const text = admin.shipping

/** GET /api/settings/shipping, read into the page's draft; an answer that is not settings is refused (§8). */
export async function fetchShippingSettings(signal?: AbortSignal): Promise<SettingsDraft> {
  const draft = toSettingsDraft(await api.get<unknown>('/api/settings/shipping', { signal }))
  if (!draft) throw new Error(text.invalidData)
  return draft
}

/** PATCH /api/settings/shipping with the whole object (§7); answers the saved object as the page's draft. */
export async function saveShippingSettings(settings: ShippingSettingsInput, version: number): Promise<SettingsDraft> {
  const draft = toSettingsDraft(await api.patch<unknown>('/api/settings/shipping', { ...settings, version }))
  if (!draft) throw new Error(text.invalidData)
  return draft
}

/**
 * §8 Shipping: no answer at all reads 'No response received from server'; otherwise the
 * error's own message (the server's, or 'Invalid shipping settings data received'), else the fallback.
 */
export function shippingFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.status === 0 ? text.noResponse : error.message || fallback
  if (error instanceof Error && error.message) return error.message
  return fallback
}
