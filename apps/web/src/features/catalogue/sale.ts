import type { SaleConfig } from '@shop/shared/schemas/catalogue.ts'

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A date without a time is a local calendar day: its start, or its last millisecond for an end. */
function parseSaleTime(value: string | null, isEnd: boolean): number | null {
  if (!value) return null
  const day = DATE_ONLY.exec(value)
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]) - 1, Number(day[3])]
    return isEnd ? new Date(year, month, date, 23, 59, 59, 999).getTime() : new Date(year, month, date).getTime()
  }
  const time = Date.parse(value)
  return Number.isNaN(time) ? null : time
}

/**
 * customer-side.md §4 Home carousels: a sale is active only if isActive is set and now lies
 * between startDate and endDate; an end date without a time means the end of that day.
 */
export function isSaleActive(
  config: Pick<SaleConfig, 'isActive' | 'startDate' | 'endDate'> | undefined,
  now: Date,
): boolean {
  if (!config?.isActive) return false
  const start = parseSaleTime(config.startDate, false)
  const end = parseSaleTime(config.endDate, true)
  if (start === null || end === null) return false
  return start <= now.getTime() && now.getTime() <= end
}

/**
 * The sale's dates as the Croatian locale writes them, e.g. '20. 11. 2026.' (day and month with two
 * digits, as toLocaleDateString('hr-HR') gives), written here: the browser's formatter for that
 * locale costs tens of milliseconds to build on a phone, before the home page can hydrate.
 */
export function formatSaleDate(value: string | null): string {
  const time = parseSaleTime(value, false)
  if (time === null) return ''
  const date = new Date(time)
  const twoDigits = (value: number) => String(value).padStart(2, '0')
  return `${twoDigits(date.getDate())}. ${twoDigits(date.getMonth() + 1)}. ${date.getFullYear()}.`
}
