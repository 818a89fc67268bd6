import type { ProfileWithEmail } from '@shop/shared/schemas/profile.ts'
import { api } from '../../../lib/api-client.ts'

export type SavedAddress = Pick<
  ProfileWithEmail,
  'full_name' | 'phone_number' | 'street_address' | 'city' | 'state' | 'zip_code'
>

/** GET /api/profile/{email}: the address a signed-in customer saved, to fill the checkout form. */
export async function fetchSavedAddress(email: string, signal?: AbortSignal): Promise<SavedAddress> {
  const profile = await api.get<ProfileWithEmail>(`/api/profile/${encodeURIComponent(email)}`, { signal })
  return {
    full_name: profile.full_name,
    phone_number: profile.phone_number,
    street_address: profile.street_address,
    city: profile.city,
    state: profile.state,
    zip_code: profile.zip_code,
  }
}
