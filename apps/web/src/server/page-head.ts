import { seo } from '@shop/shared/messages/bs/seo.ts'
import { formatPageTitle } from '../lib/use-page-title.ts'
import type { PageRoute } from '../app/routes.tsx'
import type { PageHead } from './contract.ts'

export type HeadContext = {
  params: Record<string, string | undefined>
  publicUrl: string
  /** The canonical address of the route with these parameters, absolute. */
  canonicalOf: (params: Record<string, string>) => string
  /** The canonical address of the path as asked (query dropped, no trailing slash), absolute. */
  canonical: string
}

/** A page's head and status: a product that does not exist answers 404 with the app's not-found page. */
export type DescribedPage = { status: 200 | 404; head: PageHead }

/** A description as search results show it: one paragraph, list marks dropped, at most 160 characters. */
export function trimDescription(text: string): string {
  const plain = text
    .replace(/^[-*]\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim()
  return plain.length > 160 ? `${plain.slice(0, 157).trimEnd()}...` : plain
}

/** The head of a page without data of its own: its route's entry in messages/bs/seo.ts, or the shop's. */
export function describeFromMessages(route: PageRoute, canonical: string): PageHead {
  const page = route.head ? seo.pages[route.head] : undefined
  return {
    title: formatPageTitle(route.head === 'home' ? undefined : page?.title),
    description: page?.description || seo.defaultDescription,
    canonical,
    type: 'website',
  }
}

/** The head of the address a missing product had (404, the app shows its not-found page). */
export function productNotFoundHead(canonical: string): PageHead {
  return {
    title: formatPageTitle(seo.productNotFoundTitle),
    description: seo.defaultDescription,
    canonical,
    type: 'website',
  }
}
