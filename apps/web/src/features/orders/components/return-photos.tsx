import type { BuyerReturnView } from '@shop/shared/schemas/returns.ts'
import './return-photos.css'

type ReturnPhotosProps = {
  photos: BuyerReturnView['photos']
  /** The photo's text alternative from its place in the list (1-based). */
  altOf: (index: number) => string
  /** The list's accessible name, where the page has several lists. */
  label?: string
}

/** A complaint's photos as thumbnails, each opening the full photo (the buyer's card and the staff page). */
export function ReturnPhotos({ photos, altOf, label }: ReturnPhotosProps) {
  if (photos.length === 0) return null
  return (
    <ul className="return-photos" aria-label={label}>
      {photos.map((photo, index) => (
        <li key={photo.url}>
          <a href={photo.url} target="_blank" rel="noreferrer">
            <img
              className="return-photos__image"
              src={photo.url}
              width={photo.width}
              height={photo.height}
              alt={altOf(index + 1)}
              loading="lazy"
            />
          </a>
        </li>
      ))}
    </ul>
  )
}
