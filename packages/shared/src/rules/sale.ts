import type { SaleConfig } from '../schemas/catalogue.ts'
import { SHOP_TIME_ZONE } from './date-of-birth.ts'

// staff-and-content.md §4 Sale and customer-side.md §4 Home carousels: when a sale is active.

export type SaleWindowConfig = Pick<SaleConfig, 'isActive' | 'startDate' | 'endDate'>
export type SaleStatus = 'inactive' | 'scheduled' | 'active' | 'ended'

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/

/** One formatter per time zone: building one costs far more than using it (every product card asks). */
const wallClocks = new Map<string, Intl.DateTimeFormat>()

function wallClockIn(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
    wallClocks.set(timeZone, format)
  }
  return format
}

/** The instant a calendar day begins in timeZone (the shop's: Bosnia's midnight, not UTC's). */
function startOfDayIn(year: number, month: number, day: number, timeZone: string): number {
  const utcMidnight = Date.UTC(year, month - 1, day)
  const parts = wallClockIn(timeZone).formatToParts(utcMidnight)
  const part = (type: string) => Number(parts.find((each) => each.type === type)?.value)
  const shownAsUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'))
  return utcMidnight - (shownAsUtc - utcMidnight)
}

/**
 * A sale date as an instant: a date without a time is a whole day of the shop's time zone, its
 * first millisecond for a start and its last for an end (customer-side.md §4: "an end date
 * without time means the end of that day"). Unreadable or empty values give null.
 */
export function saleBoundaryTime(
  value: string | null | undefined,
  edge: 'start' | 'end',
  timeZone = SHOP_TIME_ZONE,
): number | null {
  if (!value) return null
  const day = DATE_ONLY.exec(value.trim())
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])]
    if (edge === 'start') return startOfDayIn(year, month, date, timeZone)
    // The next day's start minus 1 ms: right across a daylight-saving change too.
    const next = new Date(Date.UTC(year, month - 1, date + 1))
    return startOfDayIn(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone) - 1
  }
  const time = Date.parse(value)
  return Number.isNaN(time) ? null : time
}

/** Active only when isActive is set and now lies in [startDate, endDate], both ends included. */
export function isSaleActive(config: SaleWindowConfig, now: number): boolean {
  return saleStatus(config, now) === 'active'
}

/**
 * 'scheduled' is isActive outside the window before it opens (staff-and-content.md §4: shown as
 * 'Akcija je zakazana'); after the window closes it is 'ended'. A sale without both dates never runs.
 */
export function saleStatus(config: SaleWindowConfig, now: number): SaleStatus {
  if (!config.isActive) return 'inactive'
  const start = saleBoundaryTime(config.startDate, 'start')
  const end = saleBoundaryTime(config.endDate, 'end')
  if (start === null || end === null || end < start) return 'inactive'
  if (now < start) return 'scheduled'
  if (now > end) return 'ended'
  return 'active'
}

/**
 * The next instant after now at which the sale's state changes: its start, or the first
 * millisecond after its end. Null when nothing is due (inactive, or already ended).
 */
export function nextSaleTransition(config: SaleWindowConfig, now: number): number | null {
  const status = saleStatus(config, now)
  if (status === 'scheduled') return saleBoundaryTime(config.startDate, 'start')
  if (status === 'active') return (saleBoundaryTime(config.endDate, 'end') ?? now) + 1
  return null
}
