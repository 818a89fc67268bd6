import { useState } from 'react'
import { wholesale, type CATALOGS } from '@shop/shared/messages/bs/wholesale.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { saveFile } from '../../../lib/save-file.ts'
import { useBusy } from '../../../lib/use-busy.ts'
import { downloadCatalog } from '../api/wholesale.ts'
import { DownloadIcon } from '../../../ui/icons.tsx'

const text = wholesale.catalogs
const [labelBefore, labelAfter] = text.downloadLabel.split('{title}') as [string, string]

/** One catalogue: its title and contents, and a download button that shows 'Preuzimanje...' while it runs. */
export function CatalogCard({ catalog, index }: { catalog: (typeof CATALOGS)[number]; index: number }) {
  const [isDownloading, whileDownloading] = useBusy()
  const [error, setError] = useState<string>()
  const titleId = `catalog-${index}`

  async function download() {
    setError(undefined)
    try {
      saveFile(await whileDownloading(() => downloadCatalog(catalog.file)), catalog.file)
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : text.failed)
    }
  }

  return (
    <article className="catalog-card ui-card" aria-labelledby={titleId}>
      <div className="catalog-card__badge" aria-hidden="true">
        <span>PDF</span>
        {String(index + 1).padStart(2, '0')}
      </div>
      <div className="catalog-card__body">
        <h3 id={titleId}>{catalog.title}</h3>
        <p>{catalog.text}</p>
      </div>
      <Button
        variant="secondary"
        className="catalog-card__button"
        isLoading={isDownloading}
        onClick={() => void download()}
      >
        {isDownloading ? (
          <span role="status">{text.downloading}</span>
        ) : (
          <>
            <DownloadIcon size={18} />
            {/* The name comes from the text, so that it contains what is shown (WCAG 2.5.3): 'Preuzmi
                katalog (PDF)' on the button, the catalogue's title between for a screen reader. */}
            <span>
              {labelBefore}
              <span className="visually-hidden">{catalog.title}</span>
              {labelAfter}
            </span>
          </>
        )}
      </Button>
      {error && <Alert tone="danger">{error}</Alert>}
    </article>
  )
}
