import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { imageVariantUrl } from '@shop/shared/rules/image-variants.ts'
import { AppError } from './errors.ts'
import { deleteStoredImage, MAX_IMAGE_BYTES, storeImage } from './images.ts'
import { createDiskStorage, storageKeyOfUrl } from './storage.ts'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-images-'))
const storage = createDiskStorage(root)
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

async function read(url: string): Promise<Buffer> {
  const file = await storage.get(storageKeyOfUrl(url) ?? '')
  if (!file) throw new Error(`missing ${url}`)
  const chunks: Buffer[] = []
  for await (const chunk of file.body) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (failure: unknown) => failure,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

/** A photograph-like picture: a gradient with grain, the hard case for the card budget. */
async function photo(width: number, height: number): Promise<Buffer> {
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .blur(0.8)
    .png()
    .toBuffer()
  return sharp({ create: { width, height, channels: 3, background: '#7a9c55' } })
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .toBuffer()
}

describe('storeImage', () => {
  it('refuses a text file renamed .png with 400 INVALID_IMAGE_TYPE', async () => {
    const text = Buffer.from('Ovo nije slika, samo tekst u datoteci slika.png\n')
    const error = await rejection(storeImage(storage, text, 'products'))
    expect([error.status, error.code, error.message]).toEqual([
      400,
      'INVALID_IMAGE_TYPE',
      'Only JPEG, PNG, and WebP images are allowed',
    ])
  })

  it('words the refusal in Bosnian for slides and the menu', async () => {
    const error = await rejection(
      storeImage(storage, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'slides', { wording: 'content' }),
    )
    expect([error.status, error.code, error.message]).toEqual([
      400,
      'INVALID_IMAGE_TYPE',
      'Dozvoljene su samo JPEG, PNG i WebP slike',
    ])
  })

  it('refuses a GIF and a truncated PNG', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer()
    expect((await rejection(storeImage(storage, gif, 'products'))).code).toBe('INVALID_IMAGE_TYPE')
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    expect((await rejection(storeImage(storage, png.subarray(0, 60), 'products'))).code).toBe('INVALID_IMAGE_TYPE')
  })

  it('refuses more than 10 MB with 413 IMAGE_TOO_LARGE', async () => {
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer()
    const large = Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES)])
    const product = await rejection(storeImage(storage, large, 'products'))
    expect([product.status, product.code, product.message]).toEqual([
      413,
      'IMAGE_TOO_LARGE',
      'Images must be smaller than 10MB',
    ])
    const content = await rejection(storeImage(storage, large, 'restaurant', { wording: 'content' }))
    expect(content.message).toBe('Slike moraju biti manje od 10MB')
  })

  it('writes a main WebP of at most 1600 px and narrower variants', async () => {
    const stored = await storeImage(storage, await photo(2400, 1600), 'products')
    expect(stored).toMatchObject({ width: 1600, height: 1067 })
    expect(stored.url).toMatch(/^\/api\/images\/products\/[0-9a-f-]{36}\.webp$/)
    expect((await sharp(await read(stored.url)).metadata()).format).toBe('webp')
    for (const width of [320, 640, 1024] as const) {
      const variant = await read(imageVariantUrl(stored.url, width))
      expect((await sharp(variant).metadata()).width).toBe(width)
      if (width <= 640) expect(variant.length).toBeLessThanOrEqual(60 * 1024)
    }
  })

  it('never upscales: a small picture keeps its size in every variant', async () => {
    const small = await sharp({
      create: { width: 500, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer()
    const stored = await storeImage(storage, small, 'products')
    expect(stored).toMatchObject({ width: 500, height: 300 })
    expect((await sharp(await read(imageVariantUrl(stored.url, 320))).metadata()).width).toBe(320)
    for (const width of [640, 1024] as const) {
      const variant = await sharp(await read(imageVariantUrl(stored.url, width))).metadata()
      expect([variant.width, variant.hasAlpha]).toEqual([500, true])
    }
  })

  it('turns a picture upright by its EXIF orientation and strips the metadata', async () => {
    const sideways = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#f00' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Kamera' } } })
      .toBuffer()
    const stored = await storeImage(storage, sideways, 'products')
    expect(stored).toMatchObject({ width: 200, height: 400 })
    const metadata = await sharp(await read(stored.url)).metadata()
    expect(metadata.exif).toBeUndefined()
    expect(metadata.orientation).toBeUndefined()
  })

  it('deletes an image with its variants', async () => {
    const stored = await storeImage(storage, await photo(800, 600), 'products')
    await deleteStoredImage(storage, stored.url)
    for (const url of [
      stored.url,
      imageVariantUrl(stored.url, 320),
      imageVariantUrl(stored.url, 640),
      imageVariantUrl(stored.url, 1024),
    ]) {
      expect(await storage.get(storageKeyOfUrl(url) ?? '')).toBeNull()
    }
  })
})
