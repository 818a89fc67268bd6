import { WORK_HOURS_SECTIONS, type WorkHoursEntry, type WorkHoursSection } from '@shop/shared/schemas/work-hours.ts'
import { api, toList } from '../../../lib/api-client.ts'

export type WorkHoursDraft = Record<WorkHoursSection, string>
/** docs/decisions.md ('Edits that never overwrite each other'): each section's version (0 for one never saved). */
export type WorkHoursVersions = Record<WorkHoursSection, number>
type VersionedEntry = WorkHoursEntry & { version: number }

/** GET /api/work-hours: a list of {section, hours, version}; a missing section starts empty. */
export async function fetchWorkHours(
  signal?: AbortSignal,
): Promise<{ draft: WorkHoursDraft; versions: WorkHoursVersions }> {
  const draft: WorkHoursDraft = { store: '', restaurant: '', wholesale: '' }
  const versions: WorkHoursVersions = { store: 0, restaurant: 0, wholesale: 0 }
  for (const entry of toList<Partial<VersionedEntry>>(
    await api.get<unknown>('/api/work-hours', { signal }),
    'workHours',
  )) {
    const section = WORK_HOURS_SECTIONS.find((known) => known === entry.section?.toLowerCase())
    if (section && typeof entry.hours === 'string') draft[section] = entry.hours
    if (section && typeof entry.version === 'number') versions[section] = entry.version
  }
  return { draft, versions }
}

/** POST /api/work-hours with the sections the editor changed, each with the version the form was opened with. */
export function saveWorkHours(entries: VersionedEntry[]): Promise<{ message?: string; hours?: VersionedEntry[] }> {
  return api.post('/api/work-hours', entries)
}
