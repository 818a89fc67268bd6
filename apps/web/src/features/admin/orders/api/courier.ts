import type {
  CourierSettingsInput,
  CourierSettingsView,
  PayoutReport,
  TrackingImportReport,
} from '@shop/shared/schemas/courier.ts'
import type { OrderView } from '@shop/shared/schemas/orders.ts'
import { api } from '../../../../lib/api-client.ts'
import { saveFile } from '../../../../lib/save-file.ts'

// docs/decisions.md, 'Courier hand-off, tracking and payouts'.

/** POST /api/orders/shipments.csv: the selected orders as the courier's import file, saved as a download. */
export async function downloadShipments(ids: readonly string[]): Promise<void> {
  const blob = await api.post<Blob>('/api/orders/shipments.csv', { ids }, { responseType: 'blob' })
  saveFile(blob, ids.length === 1 ? 'kurir-posiljka.csv' : `kurir-${ids.length}-posiljki.csv`)
}

/** PUT /api/orders/{id}/tracking ('' clears the number). */
export function saveTracking(id: string, trackingNumber: string): Promise<OrderView> {
  return api.put<OrderView>(`/api/orders/${encodeURIComponent(id)}/tracking`, { trackingNumber })
}

function csvForm(file: File): FormData {
  const form = new FormData()
  form.append('file', file)
  return form
}

/** POST /api/orders/tracking-import with the courier's CSV. */
export function importTracking(file: File): Promise<TrackingImportReport> {
  return api.post<TrackingImportReport>('/api/orders/tracking-import', csvForm(file), { unwrap: false })
}

/** POST /api/orders/cod-payouts with the courier's payout CSV. */
export function importPayouts(file: File): Promise<PayoutReport> {
  return api.post<PayoutReport>('/api/orders/cod-payouts', csvForm(file), { unwrap: false })
}

export function fetchCourierSettings(signal?: AbortSignal): Promise<CourierSettingsView> {
  return api.get<CourierSettingsView>('/api/settings/courier', { signal })
}

export function saveCourierSettings(input: CourierSettingsInput): Promise<CourierSettingsView> {
  return api.put<CourierSettingsView>('/api/settings/courier', input)
}
