import type { ReactNode } from 'react'
import type { LegalDocument } from '@shop/shared/messages/bs/legal.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import './legal-document.css'

/**
 * A legal page: title, introduction, numbered sections of paragraphs and points. `extras` adds
 * content (e.g. a table) at the end of the section with that heading.
 */
export function LegalDocumentPage({
  document,
  extras = {},
}: {
  document: LegalDocument
  extras?: Readonly<Record<string, ReactNode>>
}) {
  usePageTitle(document.title)
  return (
    <article className="container page legal">
      <header className="legal__header">
        <h1>{document.title}</h1>
        <p className="legal__intro">{document.intro}</p>
        <p className="legal__updated">{document.updated}</p>
      </header>
      <ol className="legal__sections">
        {document.sections.map((section) => (
          <li key={section.heading} className="ui-card legal__section">
            <h2>{section.heading}</h2>
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.points && (
              <ul>
                {section.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            )}
            {extras[section.heading]}
          </li>
        ))}
      </ol>
    </article>
  )
}
