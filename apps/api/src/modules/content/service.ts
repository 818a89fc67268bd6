import { staffWrite } from '../../platform/staff-write.ts'
import { staffRecords } from '../../platform/staff-records.ts'
import { findVersion } from '../../platform/record-version.ts'
import type { Actor } from '../../platform/actor.ts'
import { messages } from '@shop/shared/messages/bs.ts'
import type { Slide as PublicSlide } from '@shop/shared/schemas/catalogue.ts'
import type { SlideValues } from '@shop/shared/schemas/slide-form.ts'
import { WORK_HOURS_SECTIONS, type WorkHoursEntry } from '@shop/shared/schemas/work-hours.ts'
import type { Database, Queryable } from '../../platform/db.ts'
import { notFound } from '../../platform/errors.ts'
import { enqueueMail } from '../../platform/outbox.ts'
import { contactMessageMail } from './mail.ts'
import {
  findActiveSlides,
  findCompanySettings,
  findWorkHours,
  insertContactMessage,
  deleteSlide as deleteSlideRow,
  insertSlide,
  listAllSlides,
  lockSlide,
  updateSlide as updateSlideRow,
  lockWorkHours,
  saveWorkHours,
  type Slide,
  type NewContactMessage,
  findTaxFactsSettings,
  TAX_FACTS_KEY,
  saveTaxFactsSettings,
} from './repo.ts'
import { toTaxFactsView, type TaxFacts, type TaxFactsView } from '@shop/shared/schemas/tax-facts.ts'

// ---- Slides, work hours and company facts ----
/** staff-and-content.md §9 default work hours, written as the shop writes them (seed/data/settings.ts). */
export const DEFAULT_WORK_HOURS: Record<(typeof WORK_HOURS_SECTIONS)[number], string> = {
  store: 'Pon-Pet 08:00-20:00, Sub 08:00-15:00, Ned zatvoreno',
  restaurant: 'Pon-Sub 08:00-22:00, Ned zatvoreno',
  wholesale: 'Pon-Pet 08:00-16:30, vikend zatvoreno',
}

export async function listActiveSlides(db: Database): Promise<PublicSlide[]> {
  return findActiveSlides(db)
}

/** One entry per section, in the order store, restaurant, wholesale; a section never saved shows its default. */
export async function listWorkHours(db: Queryable): Promise<(WorkHoursEntry & { version: number })[]> {
  const saved = new Map((await findWorkHours(db)).map((row) => [row.section, row]))
  // docs/decisions.md ('Edits that never overwrite each other'): a section never saved has version 0.
  return WORK_HOURS_SECTIONS.map((section) => ({
    section,
    hours: saved.get(section)?.hours ?? DEFAULT_WORK_HOURS[section],
    version: saved.get(section)?.version ?? 0,
  }))
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The 'company' settings object (address, contacts, links); {} before staff or the seed saves one. */
export async function getCompanySettings(db: Database): Promise<Record<string, unknown>> {
  const stored = await findCompanySettings(db)
  return isRecord(stored) ? stored : {}
}

// ---- Contact form ----
/** Stores the message and, in the same transaction, mails it to the shop with reply-to the sender. */
export async function receiveContactMessage(
  db: Database,
  shopEmail: string,
  message: NewContactMessage,
): Promise<string> {
  return db.transaction(async (client) => {
    const id = await insertContactMessage(client, message)
    await enqueueMail(client, contactMessageMail(shopEmail, message))
    return id
  })
}

// ---- Home slides (staff) ----
const text = messages.admin.slide
const SLIDE = staffRecords<Slide>({
  entity: 'slide',
  record: 'slide',
  lock: lockSlide,
  notFound: () => notFound(text.notFound, 'SLIDE_NOT_FOUND'),
})

/** docs/decisions.md, 'Their own data': the messages an account's e-mail sent, for its export and deletion. */
export { listContactMessagesFrom, deleteContactMessagesFrom } from './repo.ts'

export async function findAllSlides(db: Database): Promise<Slide[]> {
  return listAllSlides(db)
}

/** The slide schema has already set the link of a slide with a category to the filtered store. */
export async function createSlide(db: Database, actor: Actor, input: SlideValues): Promise<Slide> {
  return SLIDE.create(db, actor, ({ client }) => insertSlide(client, input))
}

export async function replaceSlide(
  db: Database,
  actor: Actor,
  id: string,
  { version, ...input }: SlideValues & { version: number },
): Promise<Slide> {
  return SLIDE.update(db, actor, { id, version }, ({ client }) => updateSlideRow(client, id, input))
}

export async function deleteSlide(db: Database, actor: Actor, id: string): Promise<{ id: string; message: string }> {
  return SLIDE.delete(db, actor, { id, message: text.deleted }, async ({ client }, before) => {
    await deleteSlideRow(client, id)
    return before
  })
}

// ---- Work hours (staff) ----
/**
 * POST /api/work-hours: every section sent is saved in one transaction, each with its own
 * audit line; the answer carries the whole list as it now stands.
 */
export async function updateWorkHours(
  db: Database,
  actor: Actor,
  entries: (WorkHoursEntry & { version: number })[],
): Promise<{ message: string; hours: (WorkHoursEntry & { version: number })[] }> {
  return staffWrite(db, actor, 'public-reads', async ({ client, audit, claimVersion }) => {
    const saved = await lockWorkHours(client)
    for (const { version, ...entry } of entries) {
      const before = saved.find((row) => row.section === entry.section) ?? null
      await claimVersion({ record: 'workHours', id: entry.section, version, mayBeMissing: true })
      await saveWorkHours(client, entry)
      await audit({
        action: before ? 'update' : 'create',
        entity: 'work_hours',
        entityId: entry.section,
        before,
        after: entry,
      })
    }
    return { message: messages.admin.workHours.saved, hours: await listWorkHours(client) }
  })
}

// ---- Company tax facts (staff) ----
/**
 * The seller on every invoice (docs/decisions.md, 'Invoices and packing slips'). Takes a Queryable so
 * that a status change can read the PDV rate inside its own transaction.
 */
export async function findTaxFacts(db: Queryable): Promise<TaxFactsView> {
  return toTaxFactsView(await findTaxFactsSettings(db, { lock: false }))
}

/** GET /api/settings/tax-facts: the facts with the version the staff form sends back (docs/decisions.md ('Edits that never overwrite each other')). */
export async function findTaxFactsForStaff(db: Database): Promise<TaxFactsView & { version: number }> {
  return { ...(await findTaxFacts(db)), version: await findVersion(db, 'settings', TAX_FACTS_KEY) }
}

/** PUT /api/settings/tax-facts: the whole object replaces the stored one; one audit line with before and after. */
export async function updateTaxFacts(
  db: Database,
  actor: Actor,
  { version, ...input }: TaxFacts & { version: number },
): Promise<TaxFactsView & { version: number }> {
  return staffWrite(db, actor, 'staff-only', async ({ client, auditSettings, claimVersion }) => {
    const before = await findTaxFactsSettings(client, { lock: true })
    const saved = await claimVersion({ record: 'settings', id: TAX_FACTS_KEY, version, mayBeMissing: true })
    await saveTaxFactsSettings(client, input)
    await auditSettings(TAX_FACTS_KEY, before, input)
    return { ...toTaxFactsView(input), version: saved }
  })
}
