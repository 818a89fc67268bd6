import { format } from '@shop/shared/messages/format.ts'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import { customerStatusLabel } from '@shop/shared/rules/order-status.ts'
import type { OrderPageView } from '@shop/shared/schemas/orders.ts'
import { classNames } from '../../../ui/class-names.ts'
import { formatDate, formatTime } from '../format-date.ts'

type TimelineProps<Status extends string> = {
  steps: ReadonlyArray<{ status: Status; at: string }>
  label: string
  statusLabel: (status: Status) => string
  /** A step that ends the way (an order cancelled, a complaint rejected) is drawn apart. */
  isStop: (status: Status) => boolean
}

/** Each status reached, oldest first, with its date and time; the last one is the current step. */
export function Timeline<Status extends string>({ steps, label, statusLabel, isStop }: TimelineProps<Status>) {
  return (
    <ol className="order-timeline" aria-label={label}>
      {steps.map((step, index) => {
        const isCurrent = index === steps.length - 1
        return (
          <li
            key={`${step.status}-${step.at}-${index}`}
            className={classNames(
              'order-timeline__step',
              isCurrent && 'order-timeline__step--current',
              isStop(step.status) && 'order-timeline__step--cancelled',
            )}
            aria-current={isCurrent ? 'step' : undefined}
          >
            <span className="order-timeline__dot" aria-hidden="true" />
            <span className="order-timeline__body">
              <span className="order-timeline__status">{statusLabel(step.status)}</span>
              <time className="order-timeline__time" dateTime={step.at}>
                {format(text.timelineDateTime, { date: formatDate(step.at), time: formatTime(step.at) })}
              </time>
            </span>
          </li>
        )
      })}
    </ol>
  )
}

/** Each status the order reached (docs/decisions.md, 'The private order page'). */
export function OrderTimeline({ steps }: { steps: OrderPageView['timeline'] }) {
  return (
    <Timeline
      steps={steps}
      label={text.timelineTitle}
      statusLabel={customerStatusLabel}
      isStop={(status) => status === 'cancelled'}
    />
  )
}
