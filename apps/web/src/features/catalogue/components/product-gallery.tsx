import { useState, type KeyboardEvent } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { catalogue } from '@shop/shared/messages/bs/catalogue.ts'
import { classNames } from '../../../ui/class-names.ts'
import { imageSources } from '../images.ts'
import { StepButton } from '../../../ui/button.tsx'
import { ProductImage } from './product-image.tsx'

const text = catalogue.product

/** customer-side.md §2 Product page: the images with previous and next buttons and thumbnails. */
export function ProductGallery({ urls, name }: { urls: readonly string[]; name: string }) {
  const [index, setIndex] = useState(0)
  const count = urls.length
  const current = Math.min(index, Math.max(0, count - 1))
  const show = (next: number) => setIndex((next + count) % count)

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (count < 2) return
    if (event.key === 'ArrowLeft') show(current - 1)
    else if (event.key === 'ArrowRight') show(current + 1)
    else return
    event.preventDefault()
  }

  return (
    <section className="product-gallery" aria-label={text.galleryLabel}>
      {/* Arrow keys page through the images while focus is inside the gallery. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div className="product-gallery__stage" onKeyDown={handleKeyDown}>
        <ProductImage
          key={urls[current]}
          url={urls[current]}
          alt={count > 1 ? `${name} (${format(text.imageCounter, { index: current + 1, count })})` : name}
          sizes="(max-width: 899px) 100vw, 620px"
          isPriority={current === 0}
          className="product-gallery__image"
        />
        {count > 1 && (
          <>
            <StepButton
              direction="previous"
              className="gallery-arrow gallery-arrow--previous"
              label={text.previousImage}
              iconSize={24}
              onClick={() => show(current - 1)}
            />
            <StepButton
              direction="next"
              className="gallery-arrow gallery-arrow--next"
              label={text.nextImage}
              iconSize={24}
              onClick={() => show(current + 1)}
            />
            <span className="product-gallery__counter" aria-live="polite">
              {format(text.imageCounter, { index: current + 1, count })}
            </span>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="ui-list product-gallery__thumbs">
          {urls.map((url, thumbIndex) => (
            <li key={url}>
              <button
                type="button"
                className={classNames('product-gallery__thumb', thumbIndex === current && 'is-current')}
                aria-label={format(text.showImage, { index: thumbIndex + 1, count })}
                aria-current={thumbIndex === current ? 'true' : undefined}
                onClick={() => setIndex(thumbIndex)}
              >
                <img src={imageSources(url, 320).src} alt="" width={72} height={72} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
