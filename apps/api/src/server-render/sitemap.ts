import type { ServerEntry } from '@shop/web/server/contract'
import type { Database } from '../platform/db.ts'
import { listSitemapProducts } from './repo.ts'

/** /sitemap.xml: the route table's pages and one address per product, canonical addresses only. */
export async function buildSitemap(db: Database, entry: ServerEntry, publicUrl: string): Promise<string> {
  const products = await listSitemapProducts(db)
  const line = (loc: string, lastmod?: Date) =>
    `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entry.sitemap({ products }).map(({ path, lastModified }) => line(`${publicUrl}${path}`, lastModified)),
    '</urlset>',
    '',
  ].join('\n')
}

/** robots.txt: the pages the route table closes to crawlers, and the API but its images. */
export function buildRobots(entry: ServerEntry, publicUrl: string): string {
  return [
    'User-agent: *',
    ...entry.crawlerDisallowedPaths().map((path) => `Disallow: ${path}`),
    // Product pictures (JSON-LD image, og:image) live under /api/images/: crawlers may fetch them.
    'Allow: /api/images/',
    'Disallow: /api/',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n')
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
