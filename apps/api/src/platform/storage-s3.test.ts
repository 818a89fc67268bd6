import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DeleteBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startS3Server, type S3TestServer } from '../../test/support/s3-server.ts'
import { loadConfig, type Config } from './config.ts'
import { saveEncodedImage, encodeImage } from './images.ts'
import { createS3Storage, type S3Settings } from './storage-s3.ts'
import { StorageUnavailableError, UnsafeStorageKeyError, createStorage, type Storage } from './storage.ts'

// The S3 driver against a real S3-protocol server (s3rver) started here; no client is mocked.

let server: S3TestServer
let settings: S3Settings
let storage: Storage
let raw: S3Client

beforeAll(async () => {
  server = await startS3Server()
  settings = s3Of(server.env)
  storage = createS3Storage(settings)
  raw = new S3Client({
    endpoint: server.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
  })
})
afterAll(async () => {
  raw.destroy()
  await server.stop()
})

function s3Of(env: Record<string, string>): S3Settings {
  const config: Config = loadConfig({ DATA_DIR: '/tmp/shop-s3-driver-test', AUTH_SECRET: 'x'.repeat(40), ...env })
  if (!config.s3) throw new Error('S3_BUCKET did not configure S3')
  return config.s3
}

async function bytesOf(storage: Storage, key: string): Promise<Buffer | null> {
  const file = await storage.get(key)
  if (!file) return null
  const chunks: Buffer[] = []
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

async function keysOf(storage: Storage, prefix?: string): Promise<string[]> {
  const keys: string[] = []
  for await (const key of storage.list(prefix)) keys.push(key)
  return keys.sort()
}

describe('S3 storage', () => {
  it('is chosen by createStorage when S3_BUCKET is set, one client per configuration', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/shop-s3-driver-test', AUTH_SECRET: 'x'.repeat(40), ...server.env })
    expect(createStorage(config)).toBe(createStorage(config))
    expect(createStorage(config).url('products/a.webp')).toBe('/api/images/products/a.webp')
  })

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET: must be set when S3_ENDPOINT is set'],
    [{ S3_PUBLIC_URL: 'https://cdn.example.com' }, 'S3_BUCKET: must be set when S3_PUBLIC_URL is set'],
    [{ S3_BUCKET: 'shop', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY: must be set with S3_ACCESS_KEY_ID'],
    [{ S3_BUCKET: 'shop', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID: must be set with S3_SECRET_ACCESS_KEY'],
  ])('refuses the configuration %j, naming the variable', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/shop-s3-driver-test', AUTH_SECRET: 'x'.repeat(40), ...env })).toThrow(
      `Invalid configuration:\n  ${message}`,
    )
  })

  it('puts, gets and deletes objects with their content type, size and ETag', async () => {
    await storage.put('products/one.webp', Buffer.from('webp bytes'), 'image/webp')
    await storage.put('catalogs/two.pdf', Buffer.from('%PDF-1.4 x'), 'application/pdf')
    const file = await storage.get('products/one.webp')
    expect(file).toMatchObject({ contentType: 'image/webp', size: 10 })
    expect(file?.etag).toMatch(/^".+"$/)
    file?.body.destroy()
    expect((await bytesOf(storage, 'products/one.webp'))?.toString()).toBe('webp bytes')
    expect((await storage.get('catalogs/two.pdf'))?.contentType).toBe('application/pdf')
    // The object carries the long cache header, for a bucket or CDN that serves it directly.
    const object = await raw.send(new GetObjectCommand({ Bucket: server.bucket, Key: 'products/one.webp' }))
    expect(object.CacheControl).toBe('public, max-age=31536000, immutable')
    await object.Body?.transformToByteArray()

    await storage.delete('products/one.webp')
    await storage.delete('catalogs/two.pdf')
    expect(await storage.get('products/one.webp')).toBeNull()
    await storage.delete('products/one.webp') // deleting a missing key is not an error
  })

  it('answers null for a missing key', async () => {
    expect(await storage.get('products/missing.webp')).toBeNull()
  })

  it('lists every stored key, or those under a prefix, and nothing it did not store', async () => {
    await storage.put('list/a.webp', Buffer.from('a'), 'image/webp')
    await storage.put('list/b/c.webp', Buffer.from('c'), 'image/webp')
    await storage.put('other/d.pdf', Buffer.from('d'), 'application/pdf')
    // A foreign object whose key no stored file could have (the start-up probe's kind).
    await raw.send(new PutObjectCommand({ Bucket: server.bucket, Key: '.foreign', Body: 'x' }))
    expect(await keysOf(storage, 'list/')).toEqual(['list/a.webp', 'list/b/c.webp'])
    expect(await keysOf(storage)).toEqual(['list/a.webp', 'list/b/c.webp', 'other/d.pdf'])
    for (const key of ['list/a.webp', 'list/b/c.webp', 'other/d.pdf']) await storage.delete(key)
    expect(await keysOf(storage)).toEqual([])
  })

  it.each(['../secret', 'products/../../secret', '/etc/passwd', 'products\\a.webp', 'products//a.webp', '', '.hidden'])(
    'refuses the unsafe key %j',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toBeInstanceOf(UnsafeStorageKeyError)
      await expect(storage.delete(key)).rejects.toBeInstanceOf(UnsafeStorageKeyError)
      expect(await storage.get(key)).toBeNull()
      expect(() => storage.url(key)).toThrow(UnsafeStorageKeyError)
    },
  )

  it('answers the API URL without S3_PUBLIC_URL and the public URL with it, and maps both back', () => {
    expect(storage.url('slides/a.webp')).toBe('/api/images/slides/a.webp')
    expect(storage.keyOfUrl('/api/images/slides/a.webp')).toBe('slides/a.webp')
    const cdn = createS3Storage(s3Of({ ...server.env, S3_PUBLIC_URL: 'https://cdn.example.com/shop/' }))
    expect(cdn.url('slides/a.webp')).toBe('https://cdn.example.com/shop/slides/a.webp')
    expect(cdn.keyOfUrl('https://cdn.example.com/shop/slides/a.webp')).toBe('slides/a.webp')
    expect(cdn.keyOfUrl('/api/images/slides/a.webp')).toBe('slides/a.webp') // an upload from before
    expect(cdn.keyOfUrl('https://cdn.example.com/shop/../a.webp')).toBeNull()
    expect(cdn.keyOfUrl('https://elsewhere.example.com/slides/a.webp')).toBeNull()
  })

  it('removes the variants already written when a later write fails', async () => {
    const encoded = await encodeImage(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"/>'),
    )
    let puts = 0
    // The real bucket; the third write fails as a dropped connection would.
    const failing: Storage = {
      ...storage,
      async put(key, body, type) {
        puts += 1
        if (puts === 3) throw new StorageUnavailableError('connection reset')
        return storage.put(key, body, type)
      },
    }
    await expect(saveEncodedImage(failing, encoded, 'half')).rejects.toBeInstanceOf(StorageUnavailableError)
    expect(puts).toBe(3)
    expect(await keysOf(storage, 'half/')).toEqual([])
  })

  describe('start-up check', () => {
    it('passes for a reachable, writable bucket and leaves nothing behind', async () => {
      await storage.check()
      expect(await keysOf(storage)).toEqual([])
    })

    it('names S3_BUCKET when the bucket does not exist', async () => {
      const missing = createS3Storage(s3Of({ ...server.env, S3_BUCKET: 'no-such-bucket' }))
      await expect(missing.check()).rejects.toThrow(/S3_BUCKET 'no-such-bucket' does not exist/)
    })

    it('names the credentials when they are refused', async () => {
      const refused = createS3Storage(s3Of({ ...server.env, S3_ACCESS_KEY_ID: 'WRONG', S3_SECRET_ACCESS_KEY: 'WRONG' }))
      await expect(refused.check()).rejects.toThrow(
        /refused the credentials.*S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
      )
    })

    it('names S3_ENDPOINT when nothing answers there', async () => {
      const other = await startS3Server()
      await other.stop()
      const unreachable = createS3Storage(s3Of(other.env))
      await expect(unreachable.check()).rejects.toThrow(/S3_ENDPOINT http:\/\/127\.0\.0\.1:\d+ cannot be reached/)
    })
  })

  it('throws StorageUnavailableError when the service goes away, and works again when it is back', async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-restart-'))
    try {
      const first = await startS3Server({ directory })
      const flaky = createS3Storage(s3Of(first.env))
      await flaky.put('products/kept.webp', Buffer.from('kept'), 'image/webp')
      await first.stop()
      await expect(flaky.put('products/new.webp', Buffer.from('x'), 'image/webp')).rejects.toBeInstanceOf(
        StorageUnavailableError,
      )
      await expect(flaky.get('products/kept.webp')).rejects.toThrow(/S3 GET products\/kept\.webp failed on bucket/)
      await expect(keysOf(flaky)).rejects.toBeInstanceOf(StorageUnavailableError)
      const again = await startS3Server({ directory, port: first.port, bucket: first.bucket })
      try {
        expect((await bytesOf(flaky, 'products/kept.webp'))?.toString()).toBe('kept')
      } finally {
        await again.stop()
      }
    } finally {
      fs.rmSync(directory, { recursive: true, force: true })
    }
  })

  it('throws StorageUnavailableError when the bucket is removed while running', async () => {
    const other = await startS3Server()
    try {
      const orphaned = createS3Storage(s3Of(other.env))
      const client = new S3Client({
        endpoint: other.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: other.accessKeyId, secretAccessKey: other.secretAccessKey },
      })
      await client.send(new DeleteBucketCommand({ Bucket: other.bucket }))
      client.destroy()
      await expect(orphaned.put('products/a.webp', Buffer.from('x'), 'image/webp')).rejects.toBeInstanceOf(
        StorageUnavailableError,
      )
      await expect(orphaned.check()).rejects.toThrow(/S3_BUCKET '.+' does not exist/)
    } finally {
      await other.stop()
    }
  })
})
