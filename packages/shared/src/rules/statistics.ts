import type { OrderStatus } from './order-status.ts'

/**
 * staff-and-content.md §4: the statistics status filter lacks ready_for_pickup. Absent means
 * every order of the range, whatever its status.
 */
export const STATISTICS_STATUSES = [
  'pending',
  'processing',
  'shipped',
  'completed',
  'cancelled',
] as const satisfies readonly OrderStatus[]
export type StatisticsStatus = (typeof STATISTICS_STATUSES)[number]

/** One call answers at most this many days, so that a typo ('0026-…') cannot ask for centuries. */
export const MAX_STATISTICS_DAYS = 1096

const DAY_MS = 24 * 60 * 60 * 1000
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A calendar day 'YYYY-MM-DD' that exists (no 2026-02-30), as midnight UTC; undefined otherwise. */
export function parseUtcDay(value: string): Date | undefined {
  const match = ISO_DAY.exec(value)
  if (!match) return undefined
  const [, year, month, day] = match.map(Number) as [number, number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  const isSameDay = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  return isSameDay && year >= 1 ? date : undefined
}

export function formatUtcDay(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/**
 * staff-and-content.md §9: the range runs from the start of the first day to the end of the
 * last day, in UTC. The end is exclusive (the next midnight), so that 23:59:59.999999 is in.
 */
export function utcDayRange(from: string, to: string): { start: Date; end: Date; days: number } {
  const start = parseUtcDay(from)
  const last = parseUtcDay(to)
  if (!start || !last) throw new RangeError(`Not a day range: ${from}..${to}`)
  const end = new Date(last.getTime() + DAY_MS)
  return { start, end, days: Math.round((end.getTime() - start.getTime()) / DAY_MS) }
}

/** The last `days` days up to and including `today` (UTC): the page's first range. */
export function lastDays(today: Date, days: number): { from: string; to: string } {
  const to = formatUtcDay(today)
  const from = formatUtcDay(new Date(parseUtcDay(to)!.getTime() - (days - 1) * DAY_MS))
  return { from, to }
}

export type DayFigures = { date: string; orders: number; revenue: number }

/** Every day of the range in order, with zeros for the days the database had no orders on. */
export function fillDays(from: string, to: string, rows: readonly DayFigures[]): DayFigures[] {
  const byDate = new Map(rows.map((row) => [row.date, row]))
  const { start, days } = utcDayRange(from, to)
  return Array.from({ length: days }, (_, index) => {
    const date = formatUtcDay(new Date(start.getTime() + index * DAY_MS))
    const row = byDate.get(date)
    return { date, orders: row?.orders ?? 0, revenue: row?.revenue ?? 0 }
  })
}

/** A half-open span of UTC days [from, to): 'to' is the first day after it. Empty when from === to. */
export type DaySpan = { from: string; to: string }

export type RangePlan = {
  /** Days whose totals come from the day roll-up (closed months whose roll-up is current). */
  rolledUpDays: DaySpan[]
  /** Days read from the orders themselves: the live month, and closed months being rebuilt. */
  liveDays: DaySpan[]
  /** Whole months inside the range whose product figures come from the product roll-up. */
  rolledUpMonths: string[]
  /** The rest of the range, whose product figures come from the order lines. */
  lineSpans: DaySpan[]
}

function firstOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`
}

function nextMonth(monthStart: string): string {
  const date = parseUtcDay(monthStart)!
  return formatUtcDay(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)))
}

/** Adds a span, joining it to the last one when they touch, so that the SQL gets few spans. */
function append(spans: DaySpan[], span: DaySpan): void {
  const last = spans.at(-1)
  if (last && last.to === span.from) last.to = span.to
  else spans.push({ ...span })
}

/**
 * How the days [from, end) are read. A month before `closedBefore` (the first day of the live
 * month) whose roll-up is current (`rolledUp`) gives its days from the day roll-up and, when the
 * range holds it whole, its products from the product roll-up; the edges of the range, the live
 * month and any month whose roll-up is missing or outdated are read from the orders and lines.
 */
export function planRange(from: string, end: string, closedBefore: string, rolledUp: ReadonlySet<string>): RangePlan {
  const plan: RangePlan = { rolledUpDays: [], liveDays: [], rolledUpMonths: [], lineSpans: [] }
  for (let month = firstOfMonth(from); month < end; month = nextMonth(month)) {
    const monthEnd = nextMonth(month)
    const span = { from: month < from ? from : month, to: monthEnd > end ? end : monthEnd }
    const isRolledUp = month < closedBefore && rolledUp.has(month)
    append(isRolledUp ? plan.rolledUpDays : plan.liveDays, span)
    const isWhole = span.from === month && span.to === monthEnd
    if (isRolledUp && isWhole) plan.rolledUpMonths.push(month)
    else append(plan.lineSpans, span)
  }
  return plan
}

/** The first days of the months that [from, end) touches, in order. */
export function monthsOf(from: string, end: string): string[] {
  const months: string[] = []
  for (let month = firstOfMonth(from); month < end; month = nextMonth(month)) months.push(month)
  return months
}
