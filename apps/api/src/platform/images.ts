import { randomUUID } from 'node:crypto'
import { fileTypeFromBuffer } from 'file-type'
import sharp, { type OutputInfo, type Sharp } from 'sharp'
import { messages } from '@shop/shared/messages/bs.ts'
import {
  IMAGE_MAIN_MAX_WIDTH,
  IMAGE_VARIANT_WIDTHS,
  IMAGE_URL_PREFIX,
  hasImageVariants,
  type ImageVariantWidth,
} from '@shop/shared/rules/image-variants.ts'
import { AppError } from './errors.ts'
import type { Storage } from './storage.ts'

/** staff-and-content.md §9: image maximum 10 MB; types jpeg, png, webp. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export type AllowedImageType = (typeof ALLOWED_IMAGE_TYPES)[number]

// ARCHITECTURE budget: card images (the 320 and 640 variants) at most 60 KB. Quality 78 keeps
// photographs there; a busier picture is encoded again at a lower quality until it fits.
const WEBP_QUALITY = 78
const CARD_IMAGE_MAX_BYTES = 60 * 1024
const CARD_FALLBACK_QUALITIES = [68, 58, 48]
const CARD_MAX_WIDTH = 640
// A 10 MB file can still unpack into gigabytes of pixels; 60 MP covers every phone camera.
const MAX_INPUT_PIXELS = 60_000_000
const FOLDER = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/

// docs/decisions.md, 'Memory': libvips keeps the results of recent operations (up to 50 MB by default) for a
// caller that repeats them; every image here is encoded once (an upload, a seed picture), so that cache only
// held the last pictures' pixels in memory.
sharp.cache(false)

export type StoredImage = { url: string; key: string; width: number; height: number }

export type EncodedImage = {
  width: number
  height: number
  main: Buffer
  variants: { width: ImageVariantWidth; body: Buffer }[]
}

/** Which form's wording an upload error uses (the product form's is English). */
export type ImageWording = 'product' | 'content'

/** The type the content really has, from its magic bytes; the file name is never trusted. */
export async function detectImageType(buffer: Buffer): Promise<AllowedImageType | null> {
  const detected = await fileTypeFromBuffer(buffer)
  const mime = detected?.mime
  return ALLOWED_IMAGE_TYPES.find((allowed) => allowed === mime) ?? null
}

/**
 * Validates an uploaded image and stores it as WebP: auto-oriented, without metadata, a main file
 * at most 1600 px wide and the variants of IMAGE_VARIANT_WIDTHS beside it.
 */
export async function storeImage(
  storage: Storage,
  buffer: Buffer,
  folder: string,
  { wording = 'product' }: { wording?: ImageWording } = {},
): Promise<StoredImage> {
  const texts = messages.images[wording]
  if (buffer.length > MAX_IMAGE_BYTES) throw new AppError(413, 'IMAGE_TOO_LARGE', texts.tooLarge)
  if (!(await detectImageType(buffer))) throw new AppError(400, 'INVALID_IMAGE_TYPE', texts.unsupportedType)
  let encoded: EncodedImage
  try {
    encoded = await encodeImage(buffer)
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError(413, 'IMAGE_TOO_LARGE', texts.tooLarge)
    }
    // The magic bytes matched but the picture does not decode: truncated or forged.
    throw new AppError(400, 'INVALID_IMAGE_TYPE', texts.unsupportedType)
  }
  return saveEncodedImage(storage, encoded, folder)
}

/**
 * Encodes any input sharp can read into the stored WebP set. It trusts its input: uploads go
 * through storeImage; the demo seed calls this directly for the SVGs it draws, with a lower
 * encoder effort (libwebp's 0-6), which halves the time for a few per cent more bytes.
 */
export async function encodeImage(input: Buffer, { effort = 4 }: { effort?: number } = {}): Promise<EncodedImage> {
  // Decoded once into raw pixels; every output is cut from them.
  const decoded = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: IMAGE_MAIN_MAX_WIDTH, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
  // An alpha plane that is opaque everywhere only adds bytes and time (SVG renders always carry one).
  const { data, info } = hasOpaqueAlpha(decoded)
    ? await sharp(decoded.data, { raw: rawOf(decoded.info) })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true })
    : decoded
  const raw = rawOf(info)
  const pixels = () => sharp(data, { raw })
  const [main, ...variants] = await Promise.all([
    pixels().webp({ quality: WEBP_QUALITY, effort }).toBuffer(),
    ...IMAGE_VARIANT_WIDTHS.map((width) => (width < info.width ? encodeVariant(pixels, width, effort) : null)),
  ])
  if (!main) throw new Error('The image encoder returned nothing')
  return {
    width: info.width,
    height: info.height,
    main,
    // Never upscaled: a variant at least as wide as the main file is the main file's bytes.
    variants: IMAGE_VARIANT_WIDTHS.map((width, index) => ({ width, body: variants[index] ?? main })),
  }
}

async function encodeVariant(pixels: () => Sharp, width: number, effort: number): Promise<Buffer> {
  let body = await pixels().resize({ width }).webp({ quality: WEBP_QUALITY, effort }).toBuffer()
  if (width > CARD_MAX_WIDTH) return body
  for (const quality of CARD_FALLBACK_QUALITIES) {
    if (body.length <= CARD_IMAGE_MAX_BYTES) break
    body = await pixels().resize({ width }).webp({ quality, effort }).toBuffer()
  }
  return body
}

function rawOf(info: OutputInfo): { width: number; height: number; channels: 1 | 2 | 3 | 4 } {
  return { width: info.width, height: info.height, channels: info.channels }
}

/** Whether the pixels carry an alpha channel that is 255 everywhere (alpha is each pixel's last channel). */
function hasOpaqueAlpha({ data, info }: { data: Buffer; info: OutputInfo }): boolean {
  if (info.channels !== 2 && info.channels !== 4) return false
  for (let index = info.channels - 1; index < data.length; index += info.channels) {
    if (data[index] !== 255) return false
  }
  return true
}

/**
 * Writes an encoded image under a new key in the folder, variants first. When any write fails,
 * the files already written are removed again (best effort) and the failure is thrown: no caller
 * ever sees half an image set.
 */
export async function saveEncodedImage(storage: Storage, encoded: EncodedImage, folder: string): Promise<StoredImage> {
  if (!FOLDER.test(folder)) throw new Error(`Invalid image folder: ${folder}`)
  const key = `${folder}/${randomUUID()}.webp`
  const url = storage.url(key)
  const variantKeys = encoded.variants.map((variant) => variantKey(key, variant.width))
  // The main file goes last: a URL that a caller can see always has its variants.
  const variants = await Promise.allSettled(
    encoded.variants.map((variant, index) => storage.put(variantKeys[index] ?? '', variant.body, 'image/webp')),
  )
  const failed = variants.find((result) => result.status === 'rejected')
  try {
    if (failed) throw failed.reason
    await storage.put(key, encoded.main, 'image/webp')
  } catch (error) {
    await Promise.allSettled([key, ...variantKeys].map((each) => storage.delete(each)))
    throw error
  }
  return { url, key, width: encoded.width, height: encoded.height }
}

/** Removes a stored image and its variants; URLs that storage did not produce are ignored. */
export async function deleteStoredImage(storage: Storage, url: string): Promise<void> {
  const key = storage.keyOfUrl(url)
  if (!key || !hasImageVariants(`${IMAGE_URL_PREFIX}${key}`)) return
  await Promise.all(
    [key, ...IMAGE_VARIANT_WIDTHS.map((width) => variantKey(key, width))].map((each) => storage.delete(each)),
  )
}

/** The key of a variant, named as imageVariantUrl names its URL. */
function variantKey(key: string, width: ImageVariantWidth): string {
  return `${key.slice(0, -'.webp'.length)}-w${width}.webp`
}
