import { UUID_PATTERN } from './uuid.ts'

// Every stored image has a main WebP file and narrower WebP variants beside it; the API writes
// them and the web builds srcset from the same rule, so both sides agree on the file names.

/** Widths of the variants written beside every stored image (ARCHITECTURE: images in several widths). */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 1024] as const
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number]

/** The main file is never wider than this. */
export const IMAGE_MAIN_MAX_WIDTH = 1600

export const IMAGE_URL_PREFIX = '/api/images/'

const STORED_IMAGE = /^(\/api\/images\/.+)\.webp$/
const VARIANT_SUFFIX = /-w\d+$/
// With S3_PUBLIC_URL the API stores absolute URLs (the bucket's or CDN's address); its main files
// are always named <uuid>.webp, which is how they are told from other absolute URLs.
const PUBLIC_STORED_IMAGE = new RegExp(`^https?://[^?#]+/${UUID_PATTERN}\\.webp$`, 'i')

/** Whether the URL names a main image the API stored, the only kind that has variants. */
export function hasImageVariants(url: string): boolean {
  if (PUBLIC_STORED_IMAGE.test(url)) return true
  const match = STORED_IMAGE.exec(url)
  return match !== null && !VARIANT_SUFFIX.test(match[1] ?? '')
}

/**
 * '/api/images/products/a.webp', 320 -> '/api/images/products/a-w320.webp'. Any other URL (an
 * external brand logo, an old upload) has no variants and comes back unchanged.
 */
export function imageVariantUrl(url: string, width: ImageVariantWidth): string {
  if (!hasImageVariants(url)) return url
  return `${url.slice(0, -'.webp'.length)}-w${width}.webp`
}

/** The srcset of a stored image: its variants and the main file; '' when it has none. */
export function imageSrcSet(url: string): string {
  if (!hasImageVariants(url)) return ''
  const variants = IMAGE_VARIANT_WIDTHS.map((width) => `${imageVariantUrl(url, width)} ${width}w`)
  return [...variants, `${url} ${IMAGE_MAIN_MAX_WIDTH}w`].join(', ')
}
