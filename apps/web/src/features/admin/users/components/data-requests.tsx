import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { adminUsers } from '@shop/shared/messages/bs/admin-users.ts'
import { calendarDateIn, isoToDisplayDate } from '@shop/shared/rules/date-of-birth.ts'
import { useLoad } from '../../../../lib/use-load.ts'
import { RetryAlert } from '../../../../ui/alert.tsx'
import { fetchDataRequests } from '../api/users.ts'

const text = adminUsers.dataRequests
const day = (instant: string) => isoToDisplayDate(calendarDateIn(new Date(instant)))

/** The customers' data requests (docs/decisions.md, 'Their own data'), under the users list. */
export function DataRequests() {
  const requests = useLoad((signal) => fetchDataRequests(signal), 'data-requests')
  return (
    <section className="admin-data-requests ui-card" aria-labelledby="admin-data-requests-title">
      <h2 id="admin-data-requests-title">{text.title}</h2>
      <p>{text.intro}</p>
      {requests.status === 'error' && (
        <RetryAlert message={<p>{text.loadFailed}</p>} retryLabel={admin.staff.tryAgain} onRetry={requests.reload} />
      )}
      {requests.data?.length === 0 && <p>{text.empty}</p>}
      {requests.data && requests.data.length > 0 && (
        <ul className="admin-data-requests__list">
          {requests.data.map((request) => (
            <li key={request.id}>
              <p className="admin-data-requests__who">
                <strong>{text.kinds[request.kind]}</strong> · {request.email}
              </p>
              <p className="admin-data-requests__when">
                {text.requestedAt}: {day(request.requestedAt)} · {text.answerBy}: {day(request.answerBy)} ·{' '}
                {request.completedAt ? format(text.done, { date: day(request.completedAt) }) : text.waiting}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
