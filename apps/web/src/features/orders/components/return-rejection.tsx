import { returns as text } from '@shop/shared/messages/bs/returns.ts'
import { format } from '@shop/shared/messages/format.ts'
import './return-rejection.css'

/** Why staff rejected a complaint, in the words the buyer reads (the buyer's card and the staff page). */
export function ReturnRejection({ reason }: { reason: string | null | undefined }) {
  if (!reason) return null
  return <p className="return-rejection">{format(text.rejectionReason, { reason })}</p>
}
