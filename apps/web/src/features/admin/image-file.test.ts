import { describe, expect, it } from 'vitest'
import { images } from '@shop/shared/messages/bs/images.ts'
import { MAX_IMAGE_BYTES, checkImageFile } from './image-file.ts'

describe('checkImageFile', () => {
  it.each(['image/jpeg', 'image/png', 'image/webp', 'IMAGE/PNG'])('lets %s through', (type) => {
    expect(checkImageFile({ type, size: 1000 }, images.product)).toBeNull()
  })

  it('refuses other types in the wording of the form', () => {
    expect(checkImageFile({ type: 'image/gif', size: 10 }, images.product)).toBe(
      'Only JPEG, PNG, and WebP images are allowed',
    )
    expect(checkImageFile({ type: '', size: 10 }, images.content)).toBe('Dozvoljene su samo JPEG, PNG i WebP slike')
  })

  it('allows exactly 10 MB and refuses one byte more', () => {
    expect(checkImageFile({ type: 'image/png', size: MAX_IMAGE_BYTES }, images.product)).toBeNull()
    expect(checkImageFile({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 }, images.product)).toBe(
      'Images must be smaller than 10MB',
    )
    expect(checkImageFile({ type: 'image/webp', size: MAX_IMAGE_BYTES + 1 }, images.content)).toBe(
      'Slike moraju biti manje od 10MB',
    )
  })
})
