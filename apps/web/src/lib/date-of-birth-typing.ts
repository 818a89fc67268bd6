import type { UseFormRegisterReturn } from 'react-hook-form'

/** The fields of DD/MM/GGGG and how many digits each holds. */
const FIELD_LENGTHS = [2, 2, 4] as const
/** The same date typed year first, as in the API and many forms: YYYY-MM-DD. */
const YEAR_FIRST_LENGTHS = [4, 2, 2] as const
/** A pasted ISO date ('1990-03-15'), the form the API and many forms on the web use. */
const PASTED_ISO_DATE = /^((?:19|20)\d{2})-(\d{1,2})-(\d{1,2})$/
/** What a person types between day, month and year: a slash, but also a dot, a dash or a space. */
const SEPARATOR = /[/.\-\s]/
const YEAR = /^(?:19|20)\d{2}$/

/**
 * Splits what was typed into fields of the given lengths: too many digits spill over into the next
 * field, and a separator closes a day or a month of one digit, padded ('3/' -> '03').
 */
function fieldsOf(text: string, lengths: readonly number[], closable: (index: number) => boolean) {
  const segments = text.split(/[^\d]+/)
  const fields: string[] = []
  let current = ''
  segments.forEach((segment, segmentIndex) => {
    for (const digit of segment) {
      const length = lengths[fields.length]
      if (length === undefined) return
      current += digit
      if (current.length === length) {
        fields.push(current)
        current = ''
      }
    }
    const isClosed = segmentIndex < segments.length - 1
    if (isClosed && current !== '' && closable(fields.length) && current.length < (lengths[fields.length] ?? 0)) {
      fields.push(current.padStart(2, '0'))
      current = ''
    }
  })
  return { fields, current }
}

/**
 * Typed year first ('1990-03-15'): shown as typed, YYYY-MM-DD, until the day is complete, then turned
 * round to DD/MM/GGGG. Year first is when the first four digits are a 19xx/20xx year and cannot be a day
 * and month ('1990': no month 90), when a separator follows four digits, or when eight digits end in no year
 * ('20/05/0601', typed as 2005-06-01). Null when the date is typed day first.
 */
function typeYearFirst(text: string, endsWithSeparator: boolean): string | null {
  const digits = text.replace(/\D/g, '')
  if (digits.length < 4 || !YEAR.test(digits.slice(0, 4))) return null
  const month = Number(digits.slice(2, 4))
  const isNoDayAndMonth = month === 0 || month > 12
  const isYearTyped = /^\d{4}[^\d]/.test(text)
  const hasNoYearAtEnd = digits.length >= 8 && !YEAR.test(digits.slice(4, 8))
  if (!isNoDayAndMonth && !isYearTyped && !hasNoYearAtEnd) return null
  // The day first's slashes may sit inside the year ('19/90'): only separators after the year count.
  const afterYear = text.replace(/^(\D*\d){4}/, '')
  const { fields, current } = fieldsOf(`${digits.slice(0, 4)}-${afterYear}`, YEAR_FIRST_LENGTHS, (index) => index > 0)
  const [year = '', monthField, day] = fields
  if (day !== undefined && monthField !== undefined) return `${day}/${monthField}/${year}`
  if (current !== '') return [...fields, current].join('-')
  return fields.join('-') + (endsWithSeparator && fields.length < 3 ? '-' : '')
}

/**
 * customer-side.md §5: the date of birth gets its slashes while it is typed (DD/MM/GGGG, at most 10
 * characters). Digits alone get their slashes inserted ('15031990' -> '15/03/1990'); a separator the
 * person types closes the day or month, so a single digit is padded ('15/3/1990' -> '15/03/1990');
 * a pasted or typed '1990-03-15' is turned round. Too many digits for a field spill over into the next one.
 */
export function typeDateOfBirth(raw: string): string {
  const text = raw.trim()
  const endsWithSeparator = text !== '' && SEPARATOR.test(text.slice(-1))
  const iso = PASTED_ISO_DATE.exec(text)
  // A one-digit day is complete only when something follows it (a paste's trailing space); typed, it may go on.
  if (iso && (iso[3]?.length === 2 || raw !== raw.trimEnd())) {
    const [, year = '', month = '', day = ''] = iso
    return `${day.padStart(2, '0')}/${month.padStart(2, '0')}/${year}`
  }
  const yearFirst = typeYearFirst(text, endsWithSeparator)
  if (yearFirst !== null) return yearFirst
  const { fields, current } = fieldsOf(text, FIELD_LENGTHS, (index) => index < 2)
  if (current !== '') return [...fields, current].join('/')
  return fields.join('/') + (endsWithSeparator && fields.length > 0 && fields.length < 3 ? '/' : '')
}

/**
 * Wraps a react-hook-form registration of a text input with `typeDateOfBirth`; used by the
 * registration page and the account page's profile form.
 */
export function withDateTyping<Name extends string>(
  registration: UseFormRegisterReturn<Name>,
): UseFormRegisterReturn<Name> {
  return {
    ...registration,
    onChange: (event: { target: unknown; type?: unknown }) => {
      if (event.target instanceof HTMLInputElement) event.target.value = typeDateOfBirth(event.target.value)
      return registration.onChange(event)
    },
  }
}
