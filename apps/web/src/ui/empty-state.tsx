import type { ReactNode } from 'react'
import { classNames } from './class-names.ts'

type EmptyStateProps = {
  title: ReactNode
  text?: ReactNode
  icon?: ReactNode
  actions?: ReactNode
  /** 1 when the state is the whole page, so that the page keeps one h1. */
  headingLevel?: 1 | 2 | 3
  className?: string
}

export function EmptyState({ title, text, icon, actions, headingLevel = 2, className }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const
  return (
    <section className={classNames('ui-empty-state', className)}>
      {icon && <div className="ui-empty-state__icon">{icon}</div>}
      <Heading className="ui-empty-state__title">{title}</Heading>
      {text && <p className="ui-empty-state__text">{text}</p>}
      {actions && <div className="ui-empty-state__actions">{actions}</div>}
    </section>
  )
}

/** An empty state that is the whole page: in the page's container, with the page's one h1. */
export function PageEmptyState(props: Omit<EmptyStateProps, 'headingLevel'>) {
  return (
    <div className="container page">
      <EmptyState {...props} headingLevel={1} />
    </div>
  )
}
