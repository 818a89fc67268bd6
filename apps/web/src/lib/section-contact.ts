import { api, toList } from './api-client.ts'

/** A setting's text, trimmed; undefined when it is missing or blank, so that the caller keeps its default. */
export function settingText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

export type SectionContact = {
  /** The section's line of GET /api/work-hours, when it answers with one. */
  hours: string | undefined
  /** GET /api/settings/company's fields; empty when it does not answer. */
  company: Record<string, unknown>
}

/**
 * One section's work hours and the company settings, asked together; whatever does not answer comes
 * back empty, so that the page keeps the footer's defaults (staff-and-content.md §9).
 */
export async function fetchSectionContact(
  section: 'restaurant' | 'wholesale',
  signal?: AbortSignal,
): Promise<SectionContact> {
  const [hours, company] = await Promise.all([
    api.get<unknown>('/api/work-hours', { signal }).catch(() => undefined),
    api.get<unknown>('/api/settings/company', { signal }).catch(() => undefined),
  ])
  const entry = toList<{ section?: unknown; hours?: unknown }>(hours, 'workHours').find(
    (row) => typeof row.section === 'string' && row.section.toLowerCase() === section,
  )
  return {
    hours: settingText(entry?.hours),
    company: typeof company === 'object' && company !== null ? (company as Record<string, unknown>) : {},
  }
}
