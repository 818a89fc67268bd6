import { returns as text } from '@shop/shared/messages/bs/returns.ts'
import { format } from '@shop/shared/messages/format.ts'
import type { BuyerReturnView } from '@shop/shared/schemas/returns.ts'
import { Badge } from '../../../ui/badge.tsx'
import { formatDate } from '../format-date.ts'
import { returnStatusTone } from '../return-steps.ts'
import { Timeline } from './order-timeline.tsx'
import { ReturnLines } from './return-lines.tsx'
import { ReturnPhotos } from './return-photos.tsx'
import { ReturnRejection } from './return-rejection.tsx'

/** One complaint as the buyer sees it: status, lines, reason, photos and every step with its time. */
export function ReturnCard({ filed, headingLevel = 3 }: { filed: BuyerReturnView; headingLevel?: 3 | 4 }) {
  const Heading = `h${headingLevel}` as const
  return (
    <article className="return-card" aria-label={format(text.filedOn, { date: formatDate(filed.createdAt) })}>
      <header className="ui-split return-card__header">
        <Heading className="return-card__title">{text.reasons[filed.reason]}</Heading>
        <Badge tone={returnStatusTone(filed.status)}>{text.statuses[filed.status]}</Badge>
      </header>
      <ReturnLines lines={filed.lines} className="return-card__lines" />
      <p className="return-card__description">{filed.description}</p>
      <ReturnPhotos photos={filed.photos} altOf={(index) => format(text.photoAlt, { index })} />
      <ReturnRejection reason={filed.rejectionReason} />
      <Timeline
        steps={filed.history}
        label={text.adminHistory}
        statusLabel={(status) => text.statuses[status]}
        isStop={(status) => status === 'rejected'}
      />
    </article>
  )
}
