import { WORK_HOURS_SECTIONS, type WorkHoursEntry, type WorkHoursSection } from '@shop/shared/schemas/work-hours.ts'
import { api, toList } from '../../../lib/api-client.ts'

export type WorkHoursDraft = Record<WorkHoursSection, string>

/** GET /api/work-hours: a list of {section, hours}; a missing section starts empty. */
export async function fetchWorkHours(signal?: AbortSignal): Promise<WorkHoursDraft> {
  const draft: WorkHoursDraft = { store: '', restaurant: '', wholesale: '' }
  for (const entry of toList<Partial<WorkHoursEntry>>(
    await api.get<unknown>('/api/work-hours', { signal }),
    'workHours',
  )) {
    const section = WORK_HOURS_SECTIONS.find((known) => known === entry.section?.toLowerCase())
    if (section && typeof entry.hours === 'string') draft[section] = entry.hours
  }
  return draft
}

/** POST /api/work-hours with the whole list, one save for all three sections. */
export function saveWorkHours(entries: WorkHoursEntry[]): Promise<{ message?: string; hours?: WorkHoursEntry[] }> {
  return api.post('/api/work-hours', entries)
}
