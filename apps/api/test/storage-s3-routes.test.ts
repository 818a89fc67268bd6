import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DeleteBucketCommand, DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOGS } from '@shop/shared/messages/bs/wholesale.ts'
import { IMAGE_VARIANT_WIDTHS, imageVariantUrl } from '@shop/shared/rules/image-variants.ts'
import { auditRows, insertCategory, multipart, storedFiles } from '../src/modules/catalogue/test-fixtures.ts'
import { loadConfig } from '../src/platform/config.ts'
import { createStorage, type Storage } from '../src/platform/storage.ts'
import { buildWebApp } from './built-web.ts'
import { buildTestApp, json, signInAs, type TestApp } from './helpers.ts'
import { startApiProcess } from './support/api-process.ts'
import { startS3Server, type S3TestServer } from './support/s3-server.ts'
import { SERVICE_UNAVAILABLE_ANSWER } from './support/error-answers.ts'

// docs/decisions.md, Storage on S3: the API with S3_* pointing at a real S3-protocol server
// (s3rver, support/s3-server.ts) started here.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const IMMUTABLE = 'public, max-age=31536000, immutable'

let png: Buffer
beforeAll(async () => {
  png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 120, b: 60 } } })
    .png()
    .toBuffer()
})

async function keysIn(storage: Storage): Promise<string[]> {
  const keys: string[] = []
  for await (const key of storage.list()) keys.push(key)
  return keys.sort()
}

function upload(test: TestApp, headers: Record<string, string>, url: string, fields: Record<string, string> = {}) {
  const body = multipart([{ filename: 'slika.png', contentType: 'image/png', content: png }], fields)
  return test.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...headers, ...body.headers } })
}

/** The stored keys of an image: the main file and its variants. */
function imageKeys(key: string): string[] {
  return [key, ...IMAGE_VARIANT_WIDTHS.map((width) => key.replace(/\.webp$/, `-w${width}.webp`))].sort()
}

describe('S3 storage through the API', () => {
  let s3: S3TestServer
  let test: TestApp
  let staff: Record<string, string>
  let storage: Storage
  let directory: string
  beforeAll(async () => {
    // A directory of our own: the outage tests stop the server and start it again on the same data.
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-routes-'))
    s3 = await startS3Server({ directory })
    test = await buildTestApp(s3.env)
    staff = await signInAs(test, 'store_manager')
    storage = createStorage(test.config)
  })
  afterAll(async () => {
    await test?.close()
    await s3?.stop()
    fs.rmSync(directory, { recursive: true, force: true })
  })

  it('stores a product image with its variants in the bucket, nothing on disk, and serves them through the API', async () => {
    const response = await upload(test, staff, '/api/products/images')
    expect(response.statusCode).toBe(201)
    const { url, width, height } = json<{ url: string; width: number; height: number }>(response)
    expect(url).toMatch(new RegExp(`^/api/images/products/${UUID}\\.webp$`))
    expect({ width, height }).toEqual({ width: 1200, height: 800 })
    const key = url.slice('/api/images/'.length)
    expect(await keysIn(storage)).toEqual(imageKeys(key))
    expect(storedFiles(test.config.dataDir)).toEqual([])
    expect(await auditRows(test.db, 'image', key)).toHaveLength(1)

    const served = await test.app.inject({ url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.headers['cache-control']).toBe(IMMUTABLE)
    expect(served.headers.etag).toMatch(/^".+"$/)
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length)
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1200)

    const again = await test.app.inject({ url, headers: { 'if-none-match': String(served.headers.etag) } })
    expect(again.statusCode).toBe(304)

    for (const variantWidth of [320, 640, 1024] as const) {
      const variant = await test.app.inject({ url: imageVariantUrl(url, variantWidth) })
      expect(variant.statusCode).toBe(200)
      expect((await sharp(variant.rawPayload).metadata()).width).toBe(variantWidth)
    }
  })

  it('stores slide (desktop and mobile) and menu images in the bucket', async () => {
    const admin = await signInAs(test, 'admin')
    const desktop = json<{ url: string }>(await upload(test, staff, '/api/slides/images')).url
    const mobile = json<{ url: string }>(await upload(test, staff, '/api/slides/images', { isMobile: 'true' })).url
    const menu = json<{ url: string }>(await upload(test, admin, '/api/restaurant/menu/images')).url
    expect(desktop).toMatch(new RegExp(`^/api/images/slides/${UUID}\\.webp$`))
    expect(mobile).toMatch(new RegExp(`^/api/images/slides/mobile/${UUID}\\.webp$`))
    expect(menu).toMatch(new RegExp(`^/api/images/restaurant/${UUID}\\.webp$`))
    const keys = await keysIn(storage)
    for (const url of [desktop, mobile, menu]) {
      for (const key of imageKeys(url.slice('/api/images/'.length))) expect(keys).toContain(key)
      expect((await test.app.inject({ url })).statusCode).toBe(200)
    }
    expect(storedFiles(test.config.dataDir)).toEqual([])
  })

  it('answers a missing object with 404 IMAGE_NOT_FOUND and an unsafe path with 400', async () => {
    const missing = await test.app.inject({ url: '/api/images/products/missing.webp' })
    expect(missing.statusCode).toBe(404)
    expect(json(missing)).toEqual({ message: 'Slika nije pronađena.', error: 'Not Found', code: 'IMAGE_NOT_FOUND' })
    const unsafe = await test.app.inject({ url: '/api/images/products/..%2F..%2Fsecret' })
    expect(unsafe.statusCode).toBe(400)
    expect(json(unsafe).code).toBe('INVALID_IMAGE_PATH')
  })

  it('serves the catalogue PDFs (made from the database, never stored) without touching disk or bucket', async () => {
    const before = await keysIn(storage)
    const response = await test.app.inject({ url: `/api/catalogs/${CATALOGS[0].file}` })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect(await keysIn(storage)).toEqual(before)
    expect(storedFiles(test.config.dataDir)).toEqual([])
  })

  it('answers 503 SERVICE_UNAVAILABLE while the S3 server is down, keeping no row and no object', async () => {
    const stored = json<{ url: string }>(await upload(test, staff, '/api/products/images')).url
    const before = await auditRows(test.db, 'image')
    const objects = await keysIn(storage)
    await s3.stop()

    // The same answer as a disk that refuses writes (docs/decisions.md, Faults): 503 in the error shape, retry later.
    const product = await upload(test, staff, '/api/products/images')
    expect(product.statusCode).toBe(503)
    expect(json(product)).toEqual(SERVICE_UNAVAILABLE_ANSWER)
    expect(product.headers['retry-after']).toBe('5')
    const slide = await upload(test, staff, '/api/slides/images')
    expect(slide.statusCode).toBe(503)
    expect(json(slide)).toEqual(SERVICE_UNAVAILABLE_ANSWER)
    const image = await test.app.inject({ url: stored })
    expect(image.statusCode).toBe(503)
    expect(json(image)).toEqual(SERVICE_UNAVAILABLE_ANSWER)
    expect(await auditRows(test.db, 'image')).toEqual(before)

    // Back on the same address and data: no object was added while it was down.
    s3 = await startS3Server({ directory, port: s3.port, bucket: s3.bucket })
    expect(await keysIn(storage)).toEqual(objects)
    expect((await test.app.inject({ url: stored })).statusCode).toBe(200)
    expect(storedFiles(test.config.dataDir)).toEqual([])
  })

  it('answers 503 when the bucket has been removed, keeping no row and no object', async () => {
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    })
    try {
      for (const key of await keysIn(storage)) {
        await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }))
      }
      await client.send(new DeleteBucketCommand({ Bucket: s3.bucket }))
    } finally {
      client.destroy()
    }
    const before = await auditRows(test.db, 'image')
    const response = await upload(test, staff, '/api/restaurant/menu/images')
    expect(response.statusCode).toBe(503)
    expect(json(response)).toEqual(SERVICE_UNAVAILABLE_ANSWER)
    expect(await auditRows(test.db, 'image')).toEqual(before)
    expect(storedFiles(test.config.dataDir)).toEqual([])
  })
})

describe('S3_PUBLIC_URL', () => {
  let s3: S3TestServer
  let test: TestApp
  let webDist: string
  beforeAll(async () => {
    s3 = await startS3Server()
    // The product page's head comes from the web's route table, in its server bundle.
    webDist = buildWebApp('shop-s3-web-')
    // s3rver serves a bucket's objects at <endpoint>/<bucket>/<key>, as a public bucket would.
    test = await buildTestApp({ ...s3.env, S3_PUBLIC_URL: `${s3.endpoint}/${s3.bucket}`, WEB_DIST: webDist })
  })
  afterAll(async () => {
    await test?.close()
    await s3?.stop()
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true })
  })

  it('puts the public URL in the JSON, the product page and the CSP, and the URL serves the image', async () => {
    const staff = await signInAs(test, 'store_manager')
    const uploaded = await upload(test, staff, '/api/products/images')
    expect(uploaded.statusCode).toBe(201)
    const { url } = json<{ url: string }>(uploaded)
    expect(url).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/products/${UUID}\\.webp$`))

    const direct = await fetch(url)
    expect(direct.status).toBe(200)
    expect(direct.headers.get('content-type')).toBe('image/webp')
    expect(direct.headers.get('cache-control')).toBe(IMMUTABLE)
    expect((await sharp(Buffer.from(await direct.arrayBuffer())).metadata()).width).toBe(1200)
    expect((await fetch(imageVariantUrl(url, 320))).status).toBe(200)
    // The API still streams the same object under its own address.
    const key = url.slice(`${s3.endpoint}/${s3.bucket}/`.length)
    expect((await test.app.inject({ url: `/api/images/${key}` })).statusCode).toBe(200)

    const categoryId = await insertCategory(test.db, 'Alati')
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: staff,
      payload: { customId: 'S3-1', name: 'Čekić 500 g', price: 20, categoryId, stock: 5, images: [{ url }] },
    })
    expect(created.statusCode).toBe(201)
    const { id } = json<{ id: string }>(created)
    const product = json<{ images: { url: string }[] }>(await test.app.inject({ url: `/api/products/${id}` }))
    expect(product.images.map((image) => image.url)).toEqual([url])

    const page = await test.app.inject({ url: `/product/${id}` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain(`<meta property="og:image" content="${url}">`)
    expect(page.headers['content-security-policy']).toContain(`img-src 'self' data: ${s3.endpoint}`)
  })
})

describe('start-up', () => {
  let s3: S3TestServer
  let dataDir: string
  beforeAll(async () => {
    s3 = await startS3Server()
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-start-'))
  })
  afterAll(async () => {
    await s3?.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  /** Starts the real API entry point (src/main.ts) and waits for it to give up. */
  async function start(env: Record<string, string>): Promise<{ code: number | string; output: string }> {
    const api = await startApiProcess({
      dataDir,
      readyPath: null,
      env: { LOG_LEVEL: 'error', AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789', ...env },
    })
    let isTimedOut = false
    const timer = setTimeout(() => {
      isTimedOut = true
      void api.kill()
    }, 25_000)
    const code = await api.exited
    clearTimeout(timer)
    if (isTimedOut) throw new Error(`the API did not stop: ${api.log()}`)
    return { code, output: api.log() }
  }

  it('stops with a message naming S3_BUCKET when the bucket does not exist', async () => {
    const { code, output } = await start({ ...s3.env, S3_BUCKET: 'no-such-bucket' })
    expect(code).not.toBe(0)
    expect(output).toContain(`S3 storage: S3_BUCKET 'no-such-bucket' does not exist at ${s3.endpoint}`)
  })

  // The same check (createStorage(config).check(), which main.ts awaits first) in this process,
  // for the other causes; s3rver checks the access key id but not the v4 signature, so the
  // refused credentials are a key id it does not know.
  const check = (env: Record<string, string>) =>
    createStorage(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: 'x'.repeat(40), ...env })).check()

  it('names S3_ENDPOINT when nothing answers there', async () => {
    const gone = await startS3Server()
    await gone.stop()
    await expect(check(gone.env)).rejects.toThrow(`S3 storage: S3_ENDPOINT ${gone.endpoint} cannot be reached`)
  })

  it('names the credentials when they are refused', async () => {
    await expect(check({ ...s3.env, S3_ACCESS_KEY_ID: 'UNKNOWN' })).rejects.toThrow(
      /refused the credentials for S3_BUCKET '.+' \(HTTP 403\)\. Check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    )
  })

  it('passes for the configured bucket', async () => {
    await expect(check(s3.env)).resolves.toBeUndefined()
  })
})
