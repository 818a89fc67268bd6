import { beforeAll, describe, expect, it } from 'vitest'
import { json } from '../../../test/helpers.ts'
import { GIF_BYTES, auditRows, multipart, storedFiles, type FilePart, solidPng } from './test-fixtures.ts'
import { useTestApp, useSignInAs } from '../../../test/support/use-test-app.ts'
import { expectErrorAnswer } from '../../../test/support/expect-answer.ts'

const test = useTestApp()
const staff = useSignInAs(test, 'store_manager')
let png: Buffer
beforeAll(async () => {
  png = await solidPng(1200, 800, { r: 200, g: 40, b: 40 })
})

const upload = (url: string, files: FilePart[], fields: Record<string, string> = {}) => {
  const body = multipart(files, fields)
  return test.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...staff, ...body.headers } })
}

const ELEVEN_MB = 11 * 1024 * 1024
function oversized(): Buffer {
  const buffer = Buffer.alloc(ELEVEN_MB, 0x41)
  // Starts like a PNG, so only its size can refuse it.
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(buffer)
  return buffer
}

const cases = [
  {
    url: '/api/products/images',
    folder: 'products',
    unsupported: 'Only JPEG, PNG, and WebP images are allowed',
    tooLarge: 'Images must be smaller than 10MB',
    noImage: 'No image was uploaded',
  },
  {
    url: '/api/slides/images',
    folder: 'slides',
    unsupported: 'Dozvoljene su samo JPEG, PNG i WebP slike',
    tooLarge: 'Slike moraju biti manje od 10MB',
    noImage: 'Nije odabrana slika',
  },
]

describe.each(cases)('POST $url', ({ url, folder, unsupported, tooLarge, noImage }) => {
  it.each<[string, FilePart]>([
    [
      'a text file named .jpg',
      { filename: 'slika.jpg', contentType: 'image/jpeg', content: Buffer.from('Ovo nije slika.\n'.repeat(50)) },
    ],
    ['a GIF, even named .png,', { filename: 'animacija.png', contentType: 'image/png', content: GIF_BYTES }],
  ])('refuses %s with 415 and stores nothing', async (_what, file) => {
    const before = storedFiles(test.config.dataDir)
    const response = await upload(url, [file])
    expectErrorAnswer(response, 415, {
      message: unsupported,
      error: 'Unsupported Media Type',
      code: 'INVALID_IMAGE_TYPE',
    })
    expect(storedFiles(test.config.dataDir)).toEqual(before)
  })

  it('refuses a PNG header followed by garbage with 415', async () => {
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(2000, 7)])
    const response = await upload(url, [{ filename: 'pokvarena.png', contentType: 'image/png', content: broken }])
    expect(response.statusCode).toBe(415)
    expect(json(response)).toMatchObject({ message: unsupported, code: 'INVALID_IMAGE_TYPE' })
  })

  it('refuses an 11 MB file with 413 and stores nothing', async () => {
    const before = storedFiles(test.config.dataDir)
    const response = await upload(url, [{ filename: 'velika.png', contentType: 'image/png', content: oversized() }])
    expect(response.statusCode).toBe(413)
    expect(json(response)).toEqual({ message: tooLarge, error: 'Payload Too Large', code: 'IMAGE_TOO_LARGE' })
    expect(storedFiles(test.config.dataDir)).toEqual(before)
  })

  it('answers 400 IMAGE_REQUIRED without a file in field image', async () => {
    const response = await upload(url, [{ field: 'photo', filename: 'a.png', contentType: 'image/png', content: png }])
    expect(response.statusCode).toBe(400)
    expect(json(response)).toEqual({ message: noImage, error: 'Bad Request', code: 'IMAGE_REQUIRED' })
  })

  it('stores a valid PNG as WebP with its variants and answers url, width and height', async () => {
    const before = storedFiles(test.config.dataDir)
    const response = await upload(url, [
      { filename: 'dobra.bin', contentType: 'application/octet-stream', content: png },
    ])
    expect(response.statusCode).toBe(201)
    const body = json<{ url: string; width: number; height: number }>(response)
    expect(body).toEqual({
      url: expect.stringMatching(new RegExp(`^/api/images/${folder}/[0-9a-f-]{36}\\.webp$`)),
      width: 1200,
      height: 800,
    })
    const key = body.url.slice('/api/images/'.length, -'.webp'.length)
    const added = storedFiles(test.config.dataDir).filter((file) => !before.includes(file))
    expect(added.sort()).toEqual([`${key}-w1024.webp`, `${key}-w320.webp`, `${key}-w640.webp`, `${key}.webp`].sort())
    const served = await test.app.inject({ url: body.url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(await auditRows(test.db, 'image', `${key}.webp`)).toMatchObject([
      { action: 'create', before: null, after: { url: body.url, width: 1200, height: 800 } },
    ])
  })
})

describe('POST /api/slides/images with isMobile', () => {
  it('stores a mobile image apart', async () => {
    const response = await upload(
      '/api/slides/images',
      [{ filename: 'mobilna.png', contentType: 'image/png', content: png }],
      { isMobile: 'true' },
    )
    expect(response.statusCode).toBe(201)
    expect(json<{ url: string }>(response).url).toMatch(/^\/api\/images\/slides\/mobile\/[0-9a-f-]{36}\.webp$/)
  })
})
