import { describe, expect, it } from 'vitest'
import { absoluteImageUrl, imageSources, orderedImageUrls, primaryImageUrl } from './images.ts'

describe('images', () => {
  it('serves relative urls from the images route and keeps others', () => {
    expect(absoluteImageUrl('products/a.webp')).toBe('/api/images/products/a.webp')
    expect(absoluteImageUrl('/api/images/products/a.webp')).toBe('/api/images/products/a.webp')
    expect(absoluteImageUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png')
  })

  it('builds srcset from the WebP variants of a stored image', () => {
    expect(imageSources('/api/images/products/a.webp')).toEqual({
      src: '/api/images/products/a-w640.webp',
      srcSet:
        '/api/images/products/a-w320.webp 320w, /api/images/products/a-w640.webp 640w, /api/images/products/a-w1024.webp 1024w, /api/images/products/a.webp 1600w',
    })
    expect(imageSources('https://cdn.example/a.png')).toEqual({ src: 'https://cdn.example/a.png', srcSet: undefined })
  })

  it('puts the primary image first', () => {
    const product = {
      images: [
        { url: 'a.webp', is_primary: false },
        { url: 'b.webp', is_primary: true },
      ],
    }
    expect(primaryImageUrl(product)).toBe('/api/images/b.webp')
    expect(orderedImageUrls(product)).toEqual(['/api/images/b.webp', '/api/images/a.webp'])
    expect(primaryImageUrl({ images: [] })).toBeUndefined()
  })
})
