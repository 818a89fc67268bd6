import type { WorkHoursEntry, WorkHoursSection } from '@shop/shared/schemas/work-hours.ts'
import type { Queryable } from '../../platform/db.ts'

type WorkHoursRow = { section: WorkHoursSection; hours: string }

// store, restaurant, wholesale: the order of the admin page and of §3.
const SECTION_ORDER = `array_position(array['store', 'restaurant', 'wholesale'], section)`

export async function lockWorkHours(client: Queryable): Promise<WorkHoursEntry[]> {
  const { rows } = await client.query<WorkHoursRow>(
    `select section, hours from work_hours order by ${SECTION_ORDER} for update`,
  )
  return rows
}

export async function saveWorkHours(client: Queryable, entry: WorkHoursEntry): Promise<void> {
  await client.query(
    `insert into work_hours (section, hours) values ($1, $2)
     on conflict (section) do update set hours = excluded.hours, updated_at = now()`,
    [entry.section, entry.hours],
  )
}

export async function listWorkHours(client: Queryable): Promise<WorkHoursEntry[]> {
  const { rows } = await client.query<WorkHoursRow>(`select section, hours from work_hours order by ${SECTION_ORDER}`)
  return rows
}
