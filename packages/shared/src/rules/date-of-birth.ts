// Dates of birth (customer-side.md §5 Registration and Account profile): typed as DD/MM/GGGG
// with a 19xx or 20xx year, sent and stored as YYYY-MM-DD, and the person must be 18.
export const MINIMUM_AGE = 18
/** The shop's calendar: "today" for an age check is the date in Herzegovina. */
export const SHOP_TIME_ZONE = 'Europe/Sarajevo'

export type DateParse = { ok: true; isoDate: string } | { ok: false; reason: 'required' | 'format' | 'invalid' }

const DISPLAY_FORMAT = /^(?<day>\d{2})\/(?<month>\d{2})\/(?<year>(?:19|20)\d{2})$/
const ISO_FORMAT = /^(?<year>(?:19|20)\d{2})-(?<month>\d{2})-(?<day>\d{2})$/

export function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return day <= daysInMonth
}

/** A date typed in `format`, whose named groups are its year, month and day. */
function parseDate(text: string, format: RegExp): DateParse {
  const value = text.trim()
  if (!value) return { ok: false, reason: 'required' }
  const { year = '', month = '', day = '' } = format.exec(value)?.groups ?? {}
  if (!year) return { ok: false, reason: 'format' }
  if (!isRealDate(Number(year), Number(month), Number(day))) return { ok: false, reason: 'invalid' }
  return { ok: true, isoDate: `${year}-${month}-${day}` }
}

/** The form's 'DD/MM/GGGG' text -> 'YYYY-MM-DD'. */
export function parseDisplayDate(text: string): DateParse {
  return parseDate(text, DISPLAY_FORMAT)
}

/** The API's 'YYYY-MM-DD', held to the same year range as the form. */
export function parseIsoDate(text: string): DateParse {
  return parseDate(text, ISO_FORMAT)
}

/** 'YYYY-MM-DD' -> 'DD/MM/GGGG' for the form; anything else is returned as it is. */
export function isoToDisplayDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate)
  return match ? `${match[3]}/${match[2]}/${match[1]}` : isoDate
}

/** Inserts the slashes while a date is typed, at most 10 characters (customer-side.md §5). */
export function formatDateOfBirthTyping(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 8)
  if (digits.length <= 2) return digits
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`
}

/**
 * Both dates are 'YYYY-MM-DD'; the caller passes today so that the rule has no clock.
 * Someone born on 29 February comes of age on 1 March in a common year.
 */
export function isAdult(birthDate: string, today: string, minimumAge = MINIMUM_AGE): boolean {
  const [birthYear, birthMonthDay] = [Number(birthDate.slice(0, 4)), birthDate.slice(5)]
  const [year, monthDay] = [Number(today.slice(0, 4)), today.slice(5)]
  const age = year - birthYear - (monthDay < birthMonthDay ? 1 : 0)
  return age >= minimumAge
}

/** One formatter per time zone: building one costs far more than using it. */
const calendars = new Map<string, Intl.DateTimeFormat>()

/** The calendar date 'YYYY-MM-DD' of an instant in a time zone (the shop's by default). */
export function calendarDateIn(instant: Date | number, timeZone = SHOP_TIME_ZONE): string {
  let calendar = calendars.get(timeZone)
  if (!calendar) {
    calendar = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    calendars.set(timeZone, calendar)
  }
  const parts = calendar.formatToParts(instant)
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}
