import type { UseFormRegisterReturn } from 'react-hook-form'
import { formatDateOfBirthTyping } from '@shop/shared/rules/date-of-birth.ts'

/**
 * customer-side.md §5: the date of birth gets its slashes while it is typed (DD/MM/GGGG, at most 10
 * characters). Wraps a react-hook-form registration of a text input; used by the registration page
 * and the account page's profile form.
 */
export function withDateTyping<Name extends string>(
  registration: UseFormRegisterReturn<Name>,
): UseFormRegisterReturn<Name> {
  return {
    ...registration,
    onChange: (event: { target: unknown; type?: unknown }) => {
      if (event.target instanceof HTMLInputElement) event.target.value = formatDateOfBirthTyping(event.target.value)
      return registration.onChange(event)
    },
  }
}
