import os from 'node:os'
import { deleteStoredImage, encodeImage, saveEncodedImage, type EncodedImage } from '../platform/images.ts'
import type { Storage } from '../platform/storage.ts'
import type { Catalogue } from './catalogue.ts'
import { BRANDS } from './demo-data/brands.ts'
import type { SlideSeed } from './demo-data/marketing.ts'
import {
  brandLogoSvg,
  dishSvg,
  productCardSvg,
  productDetailSvg,
  productStudioSvg,
  slideDesktopSvg,
  slideMobileSvg,
} from './pictures.ts'

// Draws and stores every picture of the demo shop. About 300 pictures: each product's first
// picture is its own (it shows the name); the second and third are shared by products of the
// same kind and colour, so they are encoded once and written under each product's own key
// (a product's pictures can then be deleted without touching another's).

/** libwebp's fast setting: half the encoding time for a few per cent more bytes. */
const SEED_WEBP_EFFORT = 2

export type DemoImages = {
  /** Product id -> its picture URLs, the primary first. */
  products: Map<string, string[]>
  /** Brand key -> logo URL. */
  brands: Map<string, string>
  /** In the order of the slides. */
  slides: { desktop: string; mobile: string }[]
  /** Menu item id -> picture URL. */
  menuItems: Map<string, string>
  /** Removes every picture written, when the seed does not complete. */
  remove(): Promise<void>
}

export async function generateDemoImages(
  storage: Storage,
  catalogue: Catalogue,
  slides: SlideSeed[],
): Promise<DemoImages> {
  const written: string[] = []
  const shared = new Map<string, Promise<EncodedImage>>()
  const encode = (svg: string) => encodeImage(Buffer.from(svg), { effort: SEED_WEBP_EFFORT })
  const encodeShared = (key: string, draw: () => string) => {
    let encoded = shared.get(key)
    if (!encoded) {
      encoded = encode(draw())
      shared.set(key, encoded)
    }
    return encoded
  }
  const store = async (encoded: Promise<EncodedImage>, folder: string) => {
    const { url } = await saveEncodedImage(storage, await encoded, folder)
    written.push(url)
    return url
  }

  const products = new Map<string, string[]>()
  const brands = new Map<string, string>()
  const menuItems = new Map<string, string>()
  const slideUrls = slides.map(() => ({ desktop: '', mobile: '' }))
  const tasks: (() => Promise<void>)[] = []

  for (const product of catalogue.products) {
    const { kind, colour, categoryColour, brandName, imageCount } = product.picture
    const urls: string[] = []
    products.set(product.id, urls)
    tasks.push(async () => {
      urls[0] = await store(
        encode(productCardSvg({ kind, colour, categoryColour, name: product.name, brandName })),
        'products',
      )
    })
    if (imageCount >= 2) {
      tasks.push(async () => {
        urls[1] = await store(
          encodeShared(`studio:${kind}:${colour}`, () => productStudioSvg(kind, colour)),
          'products',
        )
      })
    }
    if (imageCount >= 3) {
      tasks.push(async () => {
        urls[2] = await store(
          encodeShared(`detail:${kind}:${colour}`, () => productDetailSvg(kind, colour)),
          'products',
        )
      })
    }
  }
  BRANDS.forEach((brand, index) => {
    tasks.push(async () => {
      brands.set(brand.key, await store(encode(brandLogoSvg(brand.name, brand.colour, index)), 'brands'))
    })
  })
  slides.forEach((slide, index) => {
    const urls = slideUrls[index]
    if (!urls) return
    tasks.push(async () => {
      urls.desktop = await store(encode(slideDesktopSvg(slide)), 'slides')
    })
    tasks.push(async () => {
      urls.mobile = await store(encode(slideMobileSvg(slide)), 'slides')
    })
  })
  for (const item of catalogue.menuItems) {
    const picture = item.picture
    if (!picture) continue
    tasks.push(async () => {
      menuItems.set(
        item.id,
        await store(
          encodeShared(`dish:${picture}`, () => dishSvg(picture)),
          'restaurant',
        ),
      )
    })
  }

  const remove = async () => {
    await Promise.all(written.map((url) => deleteStoredImage(storage, url)))
  }
  try {
    // sharp works on libuv's thread pool; one task more than the cores keeps them busy.
    await runWithConcurrency(tasks, os.availableParallelism() + 1)
  } catch (error) {
    await remove()
    throw error
  }
  return { products, brands, slides: slideUrls, menuItems, remove }
}

async function runWithConcurrency(tasks: (() => Promise<void>)[], concurrency: number): Promise<void> {
  let next = 0
  let failure: unknown = null
  const worker = async () => {
    while (next < tasks.length && failure === null) {
      const task = tasks[next]
      next += 1
      try {
        await task?.()
      } catch (error) {
        failure ??= error
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker))
  if (failure !== null) throw failure
}
