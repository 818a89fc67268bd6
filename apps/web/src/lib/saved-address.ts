import type { ProfileWithEmail } from '@shop/shared/schemas/profile.ts'

/** The name, phone and address a profile holds (customer-side.md §3 Profile). */
export type SavedAddress = Pick<
  ProfileWithEmail,
  'full_name' | 'phone_number' | 'street_address' | 'city' | 'state' | 'zip_code'
>

/** Only the address part of a profile: what the checkout form fills in and a staff profile edit starts from. */
export function savedAddressOf(profile: SavedAddress): SavedAddress {
  return {
    full_name: profile.full_name,
    phone_number: profile.phone_number,
    street_address: profile.street_address,
    city: profile.city,
    state: profile.state,
    zip_code: profile.zip_code,
  }
}

/** A form's name, phone and address before anything is typed or loaded. */
export const EMPTY_SAVED_ADDRESS = {
  full_name: '',
  phone_number: '',
  street_address: '',
  city: '',
  state: '',
  zip_code: '',
} as const satisfies SavedAddress
