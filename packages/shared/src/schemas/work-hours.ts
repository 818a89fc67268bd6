import { z } from 'zod'
import { messages } from '../messages/bs.ts'
import { requiredText } from './taxonomy.ts'
import { recordVersion } from './record-version.ts'

const text = messages.admin.workHours

/** staff-and-content.md §3 Work hours: one free-text entry per section. */
export const WORK_HOURS_SECTIONS = ['store', 'restaurant', 'wholesale'] as const
export type WorkHoursSection = (typeof WORK_HOURS_SECTIONS)[number]

const workHoursEntry = z.object({
  section: z.enum(WORK_HOURS_SECTIONS, { error: text.sectionInvalid }),
  hours: requiredText(text.hoursRequired, 1_000, text.hoursTooLong),
})

/**
 * The work hours form and the body of POST /api/work-hours: the list of {section, hours}
 * (§7), each section at most once. A body {hours: [...]} is read as the list too, since list
 * answers in this API may come wrapped (§7).
 */
export const workHoursInput = z.preprocess(
  unwrapHours,
  z
    .array(workHoursEntry, { error: text.listRequired })
    .min(1, text.listRequired)
    .refine(hasUniqueSections, text.sectionDuplicate),
)

/**
 * The staff save (docs/decisions.md ('Edits that never overwrite each other')): the sections the editor changed, each with the version it
 * was opened with.
 */
export const workHoursEdit = z.preprocess(
  unwrapHours,
  z
    .array(workHoursEntry.extend({ version: recordVersion }), { error: text.listRequired })
    .min(1, text.listRequired)
    .refine(hasUniqueSections, text.sectionDuplicate),
)

function unwrapHours(value: unknown): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'hours' in value ? value.hours : value
}

function hasUniqueSections(entries: readonly { section: string }[]): boolean {
  return new Set(entries.map((entry) => entry.section)).size === entries.length
}

export type WorkHoursEntry = z.output<typeof workHoursEntry>
export type WorkHoursInput = z.input<typeof workHoursInput>
