import type { ProductImage } from '@shop/shared/schemas/catalogue.ts'
import {
  IMAGE_URL_PREFIX,
  imageSrcSet,
  imageVariantUrl,
  type ImageVariantWidth,
} from '@shop/shared/rules/image-variants.ts'

type ImageHolder = { images: readonly ProductImage[] }

/** customer-side.md §7: relative image urls are served by the images route. */
export function absoluteImageUrl(url: string): string {
  if (url === '' || url.startsWith('/') || /^https?:\/\//i.test(url) || url.startsWith('data:')) return url
  return `${IMAGE_URL_PREFIX}${url}`
}

export function primaryImageUrl(product: ImageHolder): string | undefined {
  const image = product.images.find((candidate) => candidate.is_primary) ?? product.images[0]
  return image ? absoluteImageUrl(image.url) : undefined
}

/** The product's images with the primary one first. */
export function orderedImageUrls(product: ImageHolder): string[] {
  return [...product.images]
    .sort((left, right) => Number(right.is_primary) - Number(left.is_primary))
    .map((image) => absoluteImageUrl(image.url))
}

export type ImageSources = { src: string; srcSet: string | undefined }

/** A stored image's WebP variants as srcset; `fallbackWidth` picks the src for browsers without srcset. */
export function imageSources(url: string, fallbackWidth: ImageVariantWidth = 640): ImageSources {
  const absolute = absoluteImageUrl(url)
  return { src: imageVariantUrl(absolute, fallbackWidth), srcSet: imageSrcSet(absolute) || undefined }
}
