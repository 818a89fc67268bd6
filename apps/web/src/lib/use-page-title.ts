import { useEffect } from 'react'
import { seo } from '@shop/shared/messages/bs/seo.ts'

/** The '<page> | <shop>' form of a title; the server render's head (server/page-head.ts) uses it too. */
export function formatPageTitle(title?: string): string {
  const { siteName, pages } = seo
  return title ? `${title} | ${siteName}` : `${siteName} — ${pages.home.title}`
}

export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = formatPageTitle(title)
  }, [title])
}
