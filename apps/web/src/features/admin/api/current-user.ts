import { readCurrentUser } from '../../../app/session/session-provider.tsx'
import type { SessionUser } from '../../../lib/auth-storage.ts'
import { api } from '../../../lib/api-client.ts'

/** GET /api/auth/me: the roles as the server sees them now, which decide the dashboard's tiles. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<SessionUser> {
  const user = readCurrentUser(await api.get<unknown>('/api/auth/me', { signal }))
  if (!user) throw new Error('No user in the answer')
  return user
}
