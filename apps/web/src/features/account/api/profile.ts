import type { ChangePasswordInput } from '@shop/shared/schemas/auth.ts'
import type { ProfileUpdate, ProfileWithEmail } from '@shop/shared/schemas/profile.ts'
import { api } from '../../../lib/api-client.ts'

const profilePath = (email: string) => `/api/profile/${encodeURIComponent(email)}`

/** GET /api/profile/{email}: the signed-in user's own profile (customer-side.md §7). */
export function fetchProfile(email: string, signal?: AbortSignal): Promise<ProfileWithEmail> {
  return api.get<ProfileWithEmail>(profilePath(email), { signal })
}

/** PUT /api/profile/{email} with the profile fields directly (staff-and-content.md §7: not wrapped in {data}). */
export function saveProfile(email: string, update: ProfileUpdate): Promise<ProfileWithEmail> {
  return api.put<ProfileWithEmail>(profilePath(email), update)
}

/**
 * PATCH /api/auth/password. The change signs every older token out (ARCHITECTURE: token version), so
 * the answer carries the new token that keeps this session signed in.
 */
export async function changePassword(input: ChangePasswordInput): Promise<{ token: string | null }> {
  const body = await api.patch<{ token?: unknown }>('/api/auth/password', input)
  return { token: typeof body.token === 'string' && body.token !== '' ? body.token : null }
}
