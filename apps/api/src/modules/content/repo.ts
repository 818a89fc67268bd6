import type { Slide as PublicSlide } from '@shop/shared/schemas/catalogue.ts'
import type { SlideValues } from '@shop/shared/schemas/slide-form.ts'
import type { WorkHoursEntry, WorkHoursSection } from '@shop/shared/schemas/work-hours.ts'
import type { Queryable } from '../../platform/db.ts'
import { findSettingsDocument, saveSettingsDocument } from '../../platform/settings-documents.ts'
import { queryMany, queryOne, queryReturning, queryRows } from '../../platform/mapped-rows.ts'

// ---- Slides, work hours and company facts ----
// The only file of the content reads with SQL; rows leave with the specification's field names.

/** Active slides by their order (customer-side.md §9: only is_active, sorted by order ascending). */
export async function findActiveSlides(db: Queryable): Promise<PublicSlide[]> {
  return queryRows<PublicSlide>(
    db,
    `select id, title, description, image_url, mobile_image_url, link, is_active, sort_order as "order",
            category_id as "categoryId"
       from slides where is_active order by sort_order, created_at, id`,
  )
}

/** The 'company' settings document, or undefined when staff or the seed never saved one. */
export function findCompanySettings(db: Queryable): Promise<unknown> {
  return findSettingsDocument(db, 'company')
}

// ---- Contact form ----
export type NewContactMessage = {
  name: string
  email: string
  phone: string
  message: string
  productName: string
  ip: string
}

export async function insertContactMessage(client: Queryable, message: NewContactMessage): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into contact_messages (name, email, phone, message, product_name, ip)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [message.name, message.email, message.phone, message.message, message.productName, message.ip],
  )
  return rows[0]!.id
}

/** A sender's contact messages, for her account's data export (docs/decisions.md, 'Their own data'). */
export async function listContactMessagesFrom(db: Queryable, email: string) {
  const { rows } = await db.query<{
    name: string
    phone: string
    message: string
    product_name: string
    created_at: Date
  }>(
    `select name, phone, message, product_name, created_at from contact_messages
      where lower(email) = lower($1) order by created_at`,
    [email],
  )
  return rows.map((row) => ({
    name: row.name,
    phone: row.phone,
    message: row.message,
    productName: row.product_name,
    sentAt: row.created_at.toISOString(),
  }))
}

export async function deleteContactMessagesFrom(client: Queryable, email: string): Promise<void> {
  await client.query('delete from contact_messages where lower(email) = lower($1)', [email])
}

// ---- Home slides (staff) ----
/** A slide in the staff list: the public fields and its record's (staff-and-content.md §3 Slide). */
export type Slide = PublicSlide & { _id: string; createdAt: string; updatedAt: string; version: number }

type SlideRow = {
  id: string
  title: string
  description: string | null
  image_url: string
  mobile_image_url: string | null
  sort_order: number
  is_active: boolean
  link: string | null
  category_id: string | null
  created_at: Date
  updated_at: Date
  version: number
}

const SLIDE_COLUMNS =
  'id, title, description, image_url, mobile_image_url, sort_order, is_active, link, category_id, created_at, updated_at, version'

function toSlide(row: SlideRow): Slide {
  return {
    id: row.id,
    _id: row.id,
    title: row.title,
    description: row.description,
    image_url: row.image_url,
    mobile_image_url: row.mobile_image_url,
    order: row.sort_order,
    is_active: row.is_active,
    link: row.link,
    categoryId: row.category_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  }
}

function slideParameters(slide: SlideValues): unknown[] {
  return [
    slide.title,
    slide.description,
    slide.image_url,
    slide.mobile_image_url,
    slide.order,
    slide.is_active,
    slide.link,
    slide.categoryId,
  ]
}

/** Every slide, inactive ones too, in the order the home page shows them. */
export function listAllSlides(client: Queryable): Promise<Slide[]> {
  return queryMany(client, toSlide, `select ${SLIDE_COLUMNS} from slides order by sort_order, created_at, id`)
}

export function lockSlide(client: Queryable, id: string): Promise<Slide | null> {
  return queryOne(client, toSlide, `select ${SLIDE_COLUMNS} from slides where id = $1 for update`, [id])
}

export function insertSlide(client: Queryable, slide: SlideValues): Promise<Slide> {
  return queryReturning(
    client,
    toSlide,
    `insert into slides (title, description, image_url, mobile_image_url, sort_order, is_active, link, category_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${SLIDE_COLUMNS}`,
    slideParameters(slide),
  )
}

export function updateSlide(client: Queryable, id: string, slide: SlideValues): Promise<Slide> {
  return queryReturning(
    client,
    toSlide,
    `update slides
        set title = $1, description = $2, image_url = $3, mobile_image_url = $4, sort_order = $5, is_active = $6,
            link = $7, category_id = $8, updated_at = now()
      where id = $9
      returning ${SLIDE_COLUMNS}`,
    [...slideParameters(slide), id],
  )
}

export async function deleteSlide(client: Queryable, id: string): Promise<void> {
  await client.query('delete from slides where id = $1', [id])
}

// ---- Work hours (staff) ----
type WorkHoursRow = { section: WorkHoursSection; hours: string; version: number }

// store, restaurant, wholesale: the order of the admin page and of §3.
const SECTION_ORDER = `array_position(array['store', 'restaurant', 'wholesale'], section)`

export async function lockWorkHours(client: Queryable): Promise<WorkHoursRow[]> {
  return queryRows<WorkHoursRow>(
    client,
    `select section, hours, version from work_hours order by ${SECTION_ORDER} for update`,
  )
}

export async function saveWorkHours(client: Queryable, entry: WorkHoursEntry): Promise<void> {
  await client.query(
    `insert into work_hours (section, hours) values ($1, $2)
     on conflict (section) do update set hours = excluded.hours, updated_at = now()`,
    [entry.section, entry.hours],
  )
}

export async function findWorkHours(client: Queryable): Promise<WorkHoursRow[]> {
  return queryRows<WorkHoursRow>(client, `select section, hours, version from work_hours order by ${SECTION_ORDER}`)
}

// ---- Company tax facts (staff) ----
export const TAX_FACTS_KEY = 'tax_facts'

/** The stored tax facts document, or undefined when staff never saved one. */
export function findTaxFactsSettings(db: Queryable, { lock }: { lock: boolean }): Promise<unknown> {
  return findSettingsDocument(db, TAX_FACTS_KEY, { lock })
}

export function saveTaxFactsSettings(client: Queryable, value: unknown): Promise<void> {
  return saveSettingsDocument(client, TAX_FACTS_KEY, value)
}
