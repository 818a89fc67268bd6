import { classNames } from '../../../ui/class-names.ts'
import { ImageIcon } from '../../../ui/icons.tsx'
import { imageSources } from '../images.ts'

type ProductImageProps = {
  url: string | undefined
  alt: string
  /** The rendered width per layout, e.g. '(max-width: 640px) 50vw, 280px'. */
  sizes: string
  /** Intrinsic size, so that the page does not shift while the image loads (product images are square). */
  width?: number
  height?: number
  /** The first image a shopper sees: loaded at once and first; every other one when scrolled near. */
  isPriority?: boolean
  className?: string
}

export function ProductImage({
  url,
  alt,
  sizes,
  width = 1024,
  height = 1024,
  isPriority = false,
  className,
}: ProductImageProps) {
  if (!url) {
    return (
      <span className={classNames('product-image product-image--empty', className)}>
        <ImageIcon size={36} />
      </span>
    )
  }
  const { src, srcSet } = imageSources(url)
  return (
    <img
      className={classNames('product-image', className)}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={width}
      height={height}
      alt={alt}
      loading={isPriority ? 'eager' : 'lazy'}
      fetchPriority={isPriority ? 'high' : undefined}
      decoding="async"
    />
  )
}
