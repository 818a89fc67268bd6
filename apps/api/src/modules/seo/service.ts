import { messages } from '@shop/shared/messages/bs.ts'
import { priceSource, publicPrice } from '@shop/shared/rules/pricing.ts'
import type { Database } from '../../platform/db.ts'
import { findProductForHead, listSitemapEntries, type ProductHeadRow } from './repo.ts'

/** What goes into the <head> of the HTML the server sends, so that crawlers and link previews see real pages. */
export type PageHead = {
  title: string
  description: string
  canonical: string
  image?: string
  type: 'website' | 'product'
  jsonLd?: unknown
  status: number
}

function trimDescription(text: string): string {
  const plain = text
    .replace(/^[-*]\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim()
  return plain.length > 160 ? `${plain.slice(0, 157).trimEnd()}...` : plain
}

export async function describePage(db: Database, publicUrl: string, pathname: string): Promise<PageHead> {
  const { seo } = messages
  const canonical = `${publicUrl}${pathname === '/' ? '/' : pathname.replace(/\/$/, '')}`
  const productMatch = /^\/product\/([^/]+)$/.exec(pathname)
  if (productMatch) {
    const product = await findProductForHead(db, productMatch[1] ?? '')
    if (!product) {
      return {
        title: `${seo.productNotFoundTitle} | ${seo.siteName}`,
        description: seo.defaultDescription,
        canonical,
        type: 'website',
        status: 404,
      }
    }
    const price = product.discount_price ?? product.price
    // With S3_PUBLIC_URL an image URL is already absolute (the bucket's or CDN's address).
    const image = product.image_url
      ? /^https?:\/\//i.test(product.image_url)
        ? product.image_url
        : `${publicUrl}${product.image_url}`
      : undefined
    const description = trimDescription(product.short_description || product.description || seo.defaultDescription)
    return {
      title: `${product.name} | ${seo.siteName}`,
      description,
      canonical,
      image,
      type: 'product',
      status: 200,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        sku: product.custom_id,
        description,
        ...(image ? { image: [image] } : {}),
        ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
        ...(product.category ? { category: product.category } : {}),
        offers: productOffers(product, price, canonical),
      },
    }
  }
  const page = seo.pages[pathname]
  return {
    title:
      page && pathname !== '/' ? `${page.title} | ${seo.siteName}` : `${seo.siteName} — ${seo.pages['/']?.title ?? ''}`,
    description: page?.description || seo.defaultDescription,
    canonical,
    type: 'website',
    status: 200,
  }
}

const availability = (isAvailable: boolean) =>
  isAvailable ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock'

/**
 * One Offer for a product without options; for a product with options (each may have its own
 * price) an AggregateOffer with the range and one Offer per option, so that search engines never
 * show a single price for options that cost 24.90–54.90 KM.
 */
function productOffers(product: ProductHeadRow, price: number, url: string): Record<string, unknown> {
  const offer = { priceCurrency: 'BAM', itemCondition: 'https://schema.org/NewCondition', url }
  if (product.options.length === 0) {
    return { '@type': 'Offer', ...offer, price: price.toFixed(2), availability: availability(product.is_available) }
  }
  const offers = product.options.map((option) => ({
    '@type': 'Offer',
    ...offer,
    name: option.size,
    price: publicPrice(priceSource(product, option)).unitPrice.toFixed(2),
    availability: availability(option.is_available),
  }))
  const prices = offers.map((option) => Number(option.price))
  return {
    '@type': 'AggregateOffer',
    priceCurrency: 'BAM',
    lowPrice: Math.min(...prices).toFixed(2),
    highPrice: Math.max(...prices).toFixed(2),
    offerCount: offers.length,
    availability: availability(product.is_available),
    offers,
  }
}

export async function buildSitemap(db: Database, publicUrl: string): Promise<string> {
  const { products } = await listSitemapEntries(db)
  const staticPaths = ['/', '/store', '/restoran', '/veleprodaja', '/about', '/TermsOfService', '/PrivacyPolicy']
  const entry = (loc: string, lastmod?: Date) =>
    `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...staticPaths.map((path) => entry(`${publicUrl}${path}`)),
    ...products.map((product) => entry(`${publicUrl}/product/${product.id}`, product.updated_at)),
    '</urlset>',
    '',
  ].join('\n')
}

export function buildRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /account',
    'Disallow: /cart',
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

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** Replaces the <title> of the built index.html and adds the page's meta tags. */
export function renderHead(indexHtml: string, head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    `<meta property="og:type" content="${head.type}">`,
    `<meta property="og:site_name" content="${escapeHtml(messages.seo.siteName)}">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:url" content="${escapeHtml(head.canonical)}">`,
    `<meta property="og:locale" content="bs_BA">`,
    ...(head.image ? [`<meta property="og:image" content="${escapeHtml(head.image)}">`] : []),
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}">`,
    ...(head.jsonLd
      ? [`<script type="application/ld+json">${JSON.stringify(head.jsonLd).replace(/</g, '\\u003c')}</script>`]
      : []),
  ].join('\n    ')
  const withoutOld = indexHtml.replace(/<title>[\s\S]*?<\/title>/, '').replace(/<meta\s+name="description"[^>]*>/, '')
  return withoutOld.replace('</head>', `    ${tags}\n  </head>`)
}
