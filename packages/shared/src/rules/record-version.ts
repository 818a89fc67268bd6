import { format } from '../messages/format.ts'
import { recordVersions } from '../messages/bs/record-versions.ts'

/** The shop's clock on staff pages: dates and times as the staff in Herzegovina read them. */
const SHOP_TIME = new Intl.DateTimeFormat('bs-BA', {
  timeZone: 'Europe/Sarajevo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** '28.11.2026. u 11:05' in the shop's time zone. */
export function formatEditTime(at: Date): string {
  const parts = Object.fromEntries(SHOP_TIME.formatToParts(at).map((part) => [part.type, part.value]))
  return `${parts.day}.${parts.month}.${parts.year}. u ${parts.hour}:${parts.minute}`
}

/**
 * The answer to a save from an older version: who changed the record since (their e-mail, or
 * 'drugi korisnik' when the change predates the record's editor being kept) and when.
 */
export function staleVersionMessage(who: string | null, at: Date): string {
  return format(recordVersions.stale, { who: who ?? recordVersions.someone, when: formatEditTime(at) })
}

/**
 * The fields of `draft` that differ from `saved` (compared as JSON): what a staff save sends, so that a
 * save never writes back a value the editor did not touch.
 */
export function changedFields<T extends Record<string, unknown>>(saved: T, draft: T): Partial<T> {
  const changed: Partial<T> = {}
  for (const key of Object.keys(draft) as (keyof T)[]) {
    if (JSON.stringify(draft[key]) !== JSON.stringify(saved[key])) changed[key] = draft[key]
  }
  return changed
}
