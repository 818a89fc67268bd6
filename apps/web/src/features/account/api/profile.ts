import type { ChangePasswordInput } from '@shop/shared/schemas/auth.ts'
import type { ProfileUpdate, ProfileWithEmail } from '@shop/shared/schemas/profile.ts'
import { api } from '../../../lib/api-client.ts'
import { saveFile } from '../../../lib/save-file.ts'

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

/**
 * GET /api/account/export, saved as the file the server names (docs/decisions.md, 'Their own data'): read
 * through the API client for the session's token, then handed to the browser as a download.
 */
export async function downloadOwnData(): Promise<void> {
  const data = await api.get<{ exportedAt: string }>('/api/account/export')
  const file = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' })
  saveFile(file, `moji-podaci-${data.exportedAt.slice(0, 10)}.json`)
}

/** POST /api/account/delete: the password again; the server mails the link that deletes the account. */
export function requestAccountDeletion(password: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/account/delete', { password })
}

/** POST /api/account/delete/confirm: the mailed link followed. */
export function confirmAccountDeletion(token: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/account/delete/confirm', { token })
}
