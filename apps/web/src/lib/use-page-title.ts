import { useEffect } from 'react'
import { seo } from '@shop/shared/messages/bs/seo.ts'

/** The same '<page> | <shop>' form as the titles the server puts into index.html (modules/seo). */
export function formatPageTitle(title?: string): string {
  const { siteName, pages } = seo
  return title ? `${title} | ${siteName}` : `${siteName} — ${pages['/']?.title ?? ''}`
}

export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = formatPageTitle(title)
  }, [title])
}
