import type { UseFormRegisterReturn } from 'react-hook-form'

/** The fields of DD/MM/GGGG and how many digits each holds. */
const FIELD_LENGTHS = [2, 2, 4] as const
/** A pasted ISO date ('1990-03-15'), the form the API and many forms on the web use. */
const PASTED_ISO_DATE = /^((?:19|20)\d{2})-(\d{1,2})-(\d{1,2})$/
/** What a person types between day, month and year: a slash, but also a dot, a dash or a space. */
const SEPARATOR = /[/.\-\s]/

/**
 * customer-side.md §5: the date of birth gets its slashes while it is typed (DD/MM/GGGG, at most 10
 * characters). Digits alone get their slashes inserted ('15031990' -> '15/03/1990'); a separator the
 * person types closes the day or month, so a single digit is padded ('15/3/1990' -> '15/03/1990');
 * a pasted '1990-03-15' is turned round. Too many digits for a field spill over into the next one.
 */
export function typeDateOfBirth(raw: string): string {
  const text = raw.trim()
  const iso = PASTED_ISO_DATE.exec(text)
  if (iso) {
    const [, year = '', month = '', day = ''] = iso
    return `${day.padStart(2, '0')}/${month.padStart(2, '0')}/${year}`
  }
  const segments = text.split(/[^\d]+/)
  const fields: string[] = []
  let current = ''
  segments.forEach((segment, segmentIndex) => {
    for (const digit of segment) {
      const length = FIELD_LENGTHS[fields.length]
      if (length === undefined) return
      current += digit
      if (current.length === length) {
        fields.push(current)
        current = ''
      }
    }
    // A separator after it closes a day or a month of one digit.
    const isClosed = segmentIndex < segments.length - 1
    if (isClosed && current !== '' && fields.length < 2) {
      fields.push(current.padStart(2, '0'))
      current = ''
    }
  })
  if (current !== '') return [...fields, current].join('/')
  const endsWithSeparator = text !== '' && SEPARATOR.test(text.slice(-1))
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
