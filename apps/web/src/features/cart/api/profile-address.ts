import type { ProfileWithEmail } from '@shop/shared/schemas/profile.ts'
import { api } from '../../../lib/api-client.ts'
import { savedAddressOf, type SavedAddress } from '../../../lib/saved-address.ts'

/** GET /api/profile/{email}: the address a signed-in customer saved, to fill the checkout form. */
export async function fetchSavedAddress(email: string, signal?: AbortSignal): Promise<SavedAddress> {
  const profile = await api.get<ProfileWithEmail>(`/api/profile/${encodeURIComponent(email)}`, { signal })
  return savedAddressOf(profile)
}
