import type { AdminProfileUpdate, ProfileWithEmail } from '@shop/shared/schemas/profile.ts'
import type { AdminUserList, AdminUserView, ManagedRole, RoleAction } from '@shop/shared/schemas/admin-users.ts'
import { api, toList, unwrapData } from '../../../../lib/api-client.ts'

export type UserListQuery = { query: string; page: number }

/**
 * GET /api/users, or GET /api/users/search?query= while a search is typed (staff-and-content.md §7).
 * The list may come as an array or under a named key; the pager's numbers when the server sends them.
 */
export async function fetchUsers({ query, page }: UserListQuery, signal?: AbortSignal): Promise<AdminUserList> {
  const search = query.trim()
  const body = await api.get<unknown>(search ? '/api/users/search' : '/api/users', {
    query: { query: search || undefined, page },
    signal,
    unwrap: false,
  })
  return toUserList(unwrapData(body), page)
}

/**
 * §7: the list as an array, under 'users' (or another single list key), or with numeric keys; the
 * pager's numbers when the server sends them, else one page of what came.
 */
export function toUserList(body: unknown, page: number): AdminUserList {
  const fields: Partial<AdminUserList> = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}
  const users = toList<AdminUserView>(body, 'users')
  return {
    users,
    total: fields.total ?? users.length,
    isTotalExact: fields.isTotalExact ?? true,
    page: fields.page ?? page,
    pages: Math.max(1, fields.pages ?? 1),
    pageSize: fields.pageSize ?? users.length,
  }
}

/** POST /api/users/{id}/roles/{role}/{add|remove} with an empty body: one role per call (§4 User roles). */
export function changeUserRole(id: string, role: ManagedRole, action: RoleAction): Promise<AdminUserView> {
  return api.post<AdminUserView>(
    `/api/users/${encodeURIComponent(id)}/roles/${encodeURIComponent(role)}/${action}`,
    undefined,
  )
}

/** PUT /api/users/{email}/password with field password (§5 Password change by admin). */
export function setUserPassword(email: string, password: string): Promise<unknown> {
  return api.put(`/api/users/${encodeURIComponent(email)}/password`, { password })
}

/** POST /api/users/{id}/disable or /enable (beyond the specification, docs/decisions.md, Users admin). */
export function setUserDisabled(id: string, isDisabled: boolean): Promise<AdminUserView> {
  return api.post<AdminUserView>(`/api/users/${encodeURIComponent(id)}/${isDisabled ? 'disable' : 'enable'}`, undefined)
}

/** GET /api/profile/{email}: the profile the edit dialog starts from. */
export function fetchUserProfile(email: string, signal?: AbortSignal): Promise<ProfileWithEmail> {
  return api.get<ProfileWithEmail>(`/api/profile/${encodeURIComponent(email)}`, { signal })
}

/** PUT /api/profile/{email}: an admin's edit wraps the fields in 'data' (§7 Users and profiles). */
export function saveUserProfile(email: string, data: AdminProfileUpdate, version: number): Promise<ProfileWithEmail> {
  return api.put<ProfileWithEmail>(`/api/profile/${encodeURIComponent(email)}`, { data, version })
}

/** docs/decisions.md, 'Their own data': one export or deletion of an account, with the date its answer is due. */
export type DataRequestView = {
  id: string
  email: string
  kind: 'export' | 'delete'
  requestedAt: string
  answerBy: string
  completedAt: string | null
  isAccountDeleted: boolean
}

/** GET /api/users/data-requests (admins). */
export function fetchDataRequests(signal?: AbortSignal): Promise<DataRequestView[]> {
  return api.get<DataRequestView[]>('/api/users/data-requests', { signal })
}
