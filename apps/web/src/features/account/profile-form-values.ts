import { format } from '@shop/shared/messages/format.ts'
import { account } from '@shop/shared/messages/bs/account.ts'
import { isoToDisplayDate } from '@shop/shared/rules/date-of-birth.ts'
import { CANTONS, type Canton, type ProfileView, type profileForm } from '@shop/shared/schemas/profile.ts'
import type { z } from 'zod'
import { ApiError } from '../../lib/api-client.ts'

export type ProfileFormValues = z.input<typeof profileForm>

const isCanton = (value: string): value is Canton => (CANTONS as readonly string[]).includes(value)

/**
 * The saved profile as the account form shows it: the date of birth typed as DD/MM/GGGG; a stored
 * state that is not one of the 14 cantons shows as unchosen (the list is the only allowed value).
 */
export function profileToFormValues(profile: ProfileView): ProfileFormValues {
  return {
    full_name: profile.full_name,
    phone_number: profile.phone_number,
    street_address: profile.street_address,
    city: profile.city,
    state: isCanton(profile.state) ? profile.state : '',
    zip_code: profile.zip_code,
    gender: profile.gender,
    date_of_birth: profile.date_of_birth ? isoToDisplayDate(profile.date_of_birth) : '',
    newsletter_subscription: profile.newsletter_subscription,
  }
}

export type ProfileSaveFailure = { message: string; isSessionExpired: boolean }

/** customer-side.md §8 Account: a 401 means the session ended; anything else names the server's reason. */
export function describeProfileSaveError(error: unknown): ProfileSaveFailure {
  if (error instanceof ApiError && error.status === 401) {
    return { message: account.sessionExpiredOnSave, isSessionExpired: true }
  }
  const reason = error instanceof Error ? error.message : String(error)
  return { message: format(account.profileSaveFailed, { message: reason }), isSessionExpired: false }
}

/** customer-side.md §8 Account: the server's reason (e.g. a wrong current password), else the fallback. */
export function describePasswordChangeError(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message
  return account.passwordChangeFailed
}
