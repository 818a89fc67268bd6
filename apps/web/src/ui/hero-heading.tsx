import type { ReactNode } from 'react'

type HeroHeadingProps = {
  eyebrow: ReactNode
  title: ReactNode
  /** The h1's id, which the hero section names itself by (aria-labelledby). */
  titleId: string
  lead: ReactNode
  /** Between the title and the lead, such as a second heading line. */
  children?: ReactNode
}

/** The words of a hero band (.ui-hero): the eyebrow pill, the page's h1 and the lead. */
export function HeroHeading({ eyebrow, title, titleId, lead, children }: HeroHeadingProps) {
  return (
    <>
      <p className="ui-hero__eyebrow">{eyebrow}</p>
      <h1 id={titleId}>{title}</h1>
      {children}
      <p className="ui-hero__lead">{lead}</p>
    </>
  )
}
