import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { imageVariantUrl } from '@shop/shared/rules/image-variants.ts'
import { json } from '../../../test/helpers.ts'
import { storeImage } from '../../platform/images.ts'
import { createStorage } from '../../platform/storage.ts'
import { useTestApp } from '../../../test/support/use-test-app.ts'
import { expectErrorAnswer } from '../../../test/support/expect-answer.ts'

const test = useTestApp()
let url: string
beforeAll(async () => {
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2563eb' } })
    .png()
    .toBuffer()
  url = (await storeImage(createStorage(test.config), png, 'products')).url
})

describe('GET /api/images/*', () => {
  it('serves a stored image as WebP with an immutable cache header and an ETag', async () => {
    const response = await test.app.inject({ url })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/webp')
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.headers.etag).toMatch(/^".+"$/)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length)
    expect((await sharp(response.rawPayload).metadata()).format).toBe('webp')
  })

  it('answers 304 when the ETag matches', async () => {
    const first = await test.app.inject({ url })
    const second = await test.app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } })
    expect(second.statusCode).toBe(304)
    expect(second.rawPayload.length).toBe(0)
  })

  it('serves the variants beside the main file', async () => {
    for (const width of [320, 640] as const) {
      const response = await test.app.inject({ url: imageVariantUrl(url, width) })
      expect(response.statusCode).toBe(200)
      expect((await sharp(response.rawPayload).metadata()).width).toBe(width)
    }
    const widest = await test.app.inject({ url: imageVariantUrl(url, 1024) })
    expect((await sharp(widest.rawPayload).metadata()).width).toBe(900)
  })

  it('answers a missing image with 404 IMAGE_NOT_FOUND', async () => {
    const response = await test.app.inject({ url: '/api/images/products/missing.webp' })
    expect(response.statusCode).toBe(404)
    expect(json(response)).toEqual({ message: 'Slika nije pronađena.', error: 'Not Found', code: 'IMAGE_NOT_FOUND' })
  })

  it.each([
    '/api/images/..%2F..%2Fauth-secret',
    '/api/images/products/..%2F..%2F..%2Fauth-secret',
    '/api/images/%2Fetc%2Fpasswd',
    '/api/images/products%5C..%5Cx.webp',
    '/api/images/products//a.webp',
  ])('refuses the path %s with 400 INVALID_IMAGE_PATH', async (path) => {
    const response = await test.app.inject({ url: path })
    expectErrorAnswer(response, 400, {
      message: 'Neispravna putanja slike.',
      error: 'Bad Request',
      code: 'INVALID_IMAGE_PATH',
    })
  })

  it('never serves a file outside the uploads folder', async () => {
    const response = await test.app.inject({ url: '/api/images/../auth-secret' })
    expect(response.statusCode).not.toBe(200)
    expect(response.body).not.toContain(test.config.authSecret)
  })
})
