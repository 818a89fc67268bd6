/**
 * An ISO instant as a datetime-local input's value in the browser's time zone ('2026-05-01T08:00',
 * with ':ss' only when the seconds are not 0: a sale may start at an exact second).
 */
export function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const pad = (value: number) => String(value).padStart(2, '0')
  const seconds = date.getSeconds() === 0 ? '' : `:${pad(date.getSeconds())}`
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}${seconds}`
}

/** A datetime-local value as an ISO instant; '' stays null, a date alone stays as it is (the server reads it). */
export function fromLocalInput(value: string): string | null {
  if (!value.trim()) return null
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : date.toISOString()
}

/** A sale date for people: '1. 5. 2026. 08:00' (Croatian locale, as the home page shows sale dates). */
export function formatSaleDateTime(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString('hr-HR', { dateStyle: 'short', timeStyle: 'short' })
}
