import type { ReactNode } from 'react'
import { classNames } from './class-names.ts'

export type IconCard = { key: string; icon: ReactNode; title: ReactNode; text: ReactNode }

type IconCardListProps = {
  cards: readonly IconCard[]
  className?: string
  /** Added to each card's ui-card. */
  cardClassName?: string
  /** The box around each card's icon. */
  iconClassName: string
}

/** A list of cards, each an icon, a short title and a sentence: values, reasons. */
export function IconCardList({ cards, className, cardClassName, iconClassName }: IconCardListProps) {
  return (
    <ul className={className}>
      {cards.map(({ key, icon, title, text }) => (
        <li key={key} className={classNames('ui-card', cardClassName)}>
          <span className={iconClassName}>{icon}</span>
          <h3>{title}</h3>
          <p>{text}</p>
        </li>
      ))}
    </ul>
  )
}
