import type { HTMLAttributes, ReactNode } from 'react'

/** One row of a description list; className marks a row the page styles apart (a total, say). */
export type Description = { term: ReactNode; details: ReactNode; className?: string; detailsClassName?: string }

type DescriptionListProps = { items: Description[] } & HTMLAttributes<HTMLDListElement>

/** A <dl> whose every term and description share a <div>, so that a row can be laid out as one. */
export function DescriptionList({ items, ...rest }: DescriptionListProps) {
  return (
    <dl {...rest}>
      {items.map((item, index) => (
        <div key={index} className={item.className}>
          <dt>{item.term}</dt>
          <dd className={item.detailsClassName}>{item.details}</dd>
        </div>
      ))}
    </dl>
  )
}
