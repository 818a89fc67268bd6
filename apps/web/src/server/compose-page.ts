import { seo } from '@shop/shared/messages/bs/seo.ts'
import type { BuildManifest, PageHead } from './contract.ts'

// The HTML document of a page: index.html with the page's head, and for a server-rendered page its
// HTML, its styles, the preload of its largest image and the data it was rendered from.

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** Replaces the <title> and description of index.html and adds the page's canonical URL, Open Graph and JSON-LD. */
export function withHead(indexHtml: string, head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    `<meta property="og:type" content="${head.type}">`,
    `<meta property="og:site_name" content="${escapeHtml(seo.siteName)}">`,
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
  return withoutOld.replace('</head>', () => `    ${tags}\n  </head>`)
}

/**
 * A rendered page paints before the app's scripts load (boot.ts starts the app after the first
 * paint): index.html's module preloads, which a page rendered in the browser needs at once, are left
 * out, so that on a slow link the styles and the LCP image have it to themselves (docs/decisions.md,
 * first paint before the app).
 */
export function withoutAppPreloads(html: string): string {
  return html.replace(/\n?\s*<link rel="modulepreload"[^>]*>/g, '')
}

/** The files index.html links as stylesheets ('assets/…', as the manifest names them). */
export function stylesheetsOf(indexHtml: string): Set<string> {
  return new Set([...indexHtml.matchAll(/<link rel="stylesheet"[^>]*\shref="\/([^"]+)"/g)].map((match) => match[1]!))
}

/**
 * The page's own styles, those index.html does not link already (it links the entry's and the app
 * shell's), so that the rendered HTML paints styled. Its scripts are not preloaded (withoutAppPreloads).
 */
export function pageStyleLinks(
  inIndex: ReadonlySet<string>,
  manifest: BuildManifest | undefined,
  source: string | undefined,
): string[] {
  if (!manifest || !source || !manifest[source]) return []
  const styles: string[] = []
  const seen = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return
    seen.add(key)
    for (const style of chunk.css ?? []) if (!inIndex.has(style) && !styles.includes(style)) styles.push(style)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(source)
  return styles.map((file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}">`)
}

const ATTRIBUTE = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i')

/**
 * The largest image of the first screen (the one the page marks fetchpriority="high") as a preload in
 * the head, with its srcset and sizes, so the browser asks for it at the width it will draw before
 * it has parsed the body; a <picture>'s phone source gets its own preload for its media query.
 */
export function lcpImagePreloads(appHtml: string): string[] {
  const image = /<img\b[^>]*\sfetchpriority="high"[^>]*>/i.exec(appHtml)
  if (!image) return []
  const before = appHtml.slice(0, image.index)
  const pictureStart = before.lastIndexOf('<picture')
  const isInPicture = pictureStart !== -1 && before.lastIndexOf('</picture>') < pictureStart
  const sources = isInPicture ? (before.slice(pictureStart).match(/<source\b[^>]*>/g) ?? []) : []
  const link = (tag: string, media: string | undefined) => {
    const srcset = ATTRIBUTE('srcset').exec(tag)?.[1]
    const sizes = ATTRIBUTE('sizes').exec(tag)?.[1]
    const src = ATTRIBUTE('src').exec(tag)?.[1]
    if (!srcset && !src) return undefined
    return [
      '<link rel="preload" as="image" fetchpriority="high"',
      src ? ` href="${src}"` : '',
      srcset ? ` imagesrcset="${srcset}"` : '',
      sizes ? ` imagesizes="${sizes}"` : '',
      media ? ` media="${media}"` : '',
      '>',
    ].join('')
  }
  const medias = sources.map((tag) => ATTRIBUTE('media').exec(tag)?.[1]).filter((media) => media !== undefined)
  const imageMedia = medias.length > 0 ? medias.map((media) => `not all and ${media}`).join(', ') : undefined
  return [...sources.map((tag) => link(tag, ATTRIBUTE('media').exec(tag)?.[1])), link(image[0], imageMedia)].filter(
    (tag): tag is string => tag !== undefined,
  )
}

/**
 * JSON inside `<script type="application/json">`: '<' is escaped, so that no stored text can close
 * the element ('</script>') or open a comment, and U+2028/U+2029 for older JavaScript parsers.
 */
export function jsonForScript(value: unknown): string {
  // One pass over the text (a store page embeds tens of kilobytes).
  return JSON.stringify(value).replace(SCRIPT_UNSAFE, (character) => SCRIPT_ESCAPES[character]!)
}

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g
const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}

export function composePage(
  shell: string,
  head: PageHead,
  page: { html: string; dataJson: string; dataId: string; styles: readonly string[] },
): string {
  const links = [...lcpImagePreloads(page.html), ...page.styles]
  const headed = withHead(shell, head).replace('</head>', () => `    ${links.join('\n    ')}\n  </head>`)
  const data = `<script type="application/json" id="${page.dataId}">${page.dataJson}</script>`
  return headed.replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>\n    ${data}`)
}
