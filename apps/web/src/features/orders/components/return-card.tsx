import { returns as text } from '@shop/shared/messages/bs/returns.ts'
import { orders as orderText } from '@shop/shared/messages/bs/orders.ts'
import { format } from '@shop/shared/messages/format.ts'
import type { BuyerReturnView } from '@shop/shared/schemas/returns.ts'
import { Badge } from '../../../ui/badge.tsx'
import { formatDate, formatTime } from '../format-date.ts'
import { returnStatusTone } from '../return-steps.ts'
import { ReturnLines } from './return-lines.tsx'
import { ReturnPhotos } from './return-photos.tsx'
import { ReturnRejection } from './return-rejection.tsx'

/** One complaint as the buyer sees it: status, lines, reason, photos and every step with its time. */
export function ReturnCard({ filed, headingLevel = 3 }: { filed: BuyerReturnView; headingLevel?: 3 | 4 }) {
  const Heading = `h${headingLevel}` as const
  return (
    <article className="return-card" aria-label={format(text.filedOn, { date: formatDate(filed.createdAt) })}>
      <header className="return-card__header">
        <Heading className="return-card__title">{text.reasons[filed.reason]}</Heading>
        <Badge tone={returnStatusTone(filed.status)}>{text.statuses[filed.status]}</Badge>
      </header>
      <ReturnLines lines={filed.lines} className="return-card__lines" />
      <p className="return-card__description">{filed.description}</p>
      <ReturnPhotos photos={filed.photos} altOf={(index) => format(text.photoAlt, { index })} />
      <ReturnRejection reason={filed.rejectionReason} />
      <ol className="order-timeline" aria-label={text.adminHistory}>
        {filed.history.map((step, index) => {
          const isCurrent = index === filed.history.length - 1
          return (
            <li
              key={`${step.status}-${step.at}`}
              className={`order-timeline__step${isCurrent ? ' order-timeline__step--current' : ''}${
                step.status === 'rejected' ? ' order-timeline__step--cancelled' : ''
              }`}
              aria-current={isCurrent ? 'step' : undefined}
            >
              <span className="order-timeline__dot" aria-hidden="true" />
              <span className="order-timeline__body">
                <span className="order-timeline__status">{text.statuses[step.status]}</span>
                <time className="order-timeline__time" dateTime={step.at}>
                  {format(orderText.timelineDateTime, { date: formatDate(step.at), time: formatTime(step.at) })}
                </time>
              </span>
            </li>
          )
        })}
      </ol>
    </article>
  )
}
