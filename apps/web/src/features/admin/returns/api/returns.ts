import type { ReturnStatus } from '@shop/shared/rules/returns.ts'
import type { StaffReturnList, StaffReturnView } from '@shop/shared/schemas/returns.ts'
import { api } from '../../../../lib/api-client.ts'

/** GET /api/returns: newest first, by status and by order number, buyer or e-mail, 20 to a page. */
export function fetchReturns(
  query: { query: string; status: ReturnStatus | ''; page: number },
  signal?: AbortSignal,
): Promise<StaffReturnList> {
  return api.get<StaffReturnList>('/api/returns', {
    query: { query: query.query || undefined, status: query.status || undefined, page: query.page },
    signal,
    unwrap: false,
  })
}

/** PUT /api/returns/{id}: the next step; a rejection carries its reason. */
export async function changeReturnStatus(
  id: string,
  status: Exclude<ReturnStatus, 'requested'>,
  reason?: string,
): Promise<StaffReturnView> {
  const answer = await api.put<{ return: StaffReturnView }>(
    `/api/returns/${encodeURIComponent(id)}`,
    { status, ...(reason ? { reason } : {}) },
    { unwrap: false },
  )
  return answer.return
}
