import { describe, expect, it } from 'vitest'
import { hasImageVariants, IMAGE_VARIANT_WIDTHS, imageSrcSet, imageVariantUrl } from './image-variants.ts'
import { itReturns } from './test-support.ts'

describe('image variants', () => {
  it('writes the variants at 320, 640 and 1024 px', () => {
    expect(IMAGE_VARIANT_WIDTHS).toEqual([320, 640, 1024])
  })

  itReturns(imageVariantUrl, 'imageVariantUrl(%s, %i) is %s', [
    ['/api/images/products/5b1c.webp', 320, '/api/images/products/5b1c-w320.webp'],
    ['/api/images/products/5b1c.webp', 640, '/api/images/products/5b1c-w640.webp'],
    ['/api/images/slides/mobile/9f.webp', 1024, '/api/images/slides/mobile/9f-w1024.webp'],
    ['https://cdn.example.com/logo.png', 320, 'https://cdn.example.com/logo.png'],
    ['/api/images/products/old.jpg', 640, '/api/images/products/old.jpg'],
    ['/api/images/products/5b1c-w320.webp', 640, '/api/images/products/5b1c-w320.webp'],
    ['', 320, ''],
    [
      'https://cdn.example.com/products/0f8fad5b-d9cb-469f-a165-70867728950e.webp',
      640,
      'https://cdn.example.com/products/0f8fad5b-d9cb-469f-a165-70867728950e-w640.webp',
    ],
  ] as const)

  itReturns(hasImageVariants, 'hasImageVariants(%s) is %s', [
    ['/api/images/products/a.webp', true],
    ['/api/images/products/a-w640.webp', false],
    ['/images/products/a.webp', false],
    ['https://example.com/api/images/a.webp', false],
    ['/api/images/brands/a.png', false],
    // S3_PUBLIC_URL: absolute URLs of stored images end in <uuid>.webp.
    ['https://cdn.example.com/products/0f8fad5b-d9cb-469f-a165-70867728950e.webp', true],
    ['https://cdn.example.com/products/0f8fad5b-d9cb-469f-a165-70867728950e-w320.webp', false],
    ['https://cdn.example.com/products/0f8fad5b-d9cb-469f-a165-70867728950e.webp?v=1', false],
    ['https://cdn.example.com/products/photo.webp', false],
  ] as const)

  it('lists every variant and the main file in srcset', () => {
    expect(imageSrcSet('/api/images/products/a.webp')).toBe(
      '/api/images/products/a-w320.webp 320w, /api/images/products/a-w640.webp 640w, ' +
        '/api/images/products/a-w1024.webp 1024w, /api/images/products/a.webp 1600w',
    )
  })

  it('gives no srcset for an image without variants', () => {
    expect(imageSrcSet('https://example.com/a.jpg')).toBe('')
  })
})
