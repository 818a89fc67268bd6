import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { IMAGE_URL_PREFIX } from '@shop/shared/rules/image-variants.ts'
import type { Config } from './config.ts'

/** A stored file, opened for reading. */
export type StoredFile = {
  body: Readable
  contentType: string
  size: number
  /** A strong validator: stored files never change under their key (new content gets a new key). */
  etag: string
}

/**
 * Where images and catalogues live. Keys are relative paths such as 'products/<uuid>.webp'.
 * The disk driver is the default; S3-compatible storage (the S3_* variables of ARCHITECTURE)
 * is a second implementation of this same type, chosen in createStorage, whose url() answers the
 * bucket's or CDN's address. Callers never touch the file system themselves.
 */
export type Storage = {
  put(key: string, body: Buffer, contentType: string): Promise<void>
  get(key: string): Promise<StoredFile | null>
  delete(key: string): Promise<void>
  url(key: string): string
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.pdf': 'application/pdf',
}

// Plain relative paths only: no '..', no absolute paths, no backslashes or control characters.
const SAFE_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/

export function isSafeStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > 300) return false
  return key.split('/').every((segment) => SAFE_SEGMENT.test(segment) && !segment.includes('..'))
}

export class UnsafeStorageKeyError extends Error {
  constructor(key: string) {
    super(`Unsafe storage key: ${JSON.stringify(key)}`)
    this.name = 'UnsafeStorageKeyError'
  }
}

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream'
}

export function createStorage(config: Pick<Config, 'dataDir'>): Storage {
  // S3_* is not implemented yet: when it is, pick the S3 driver here from the configuration.
  return createDiskStorage(path.join(config.dataDir, 'uploads'))
}

/** Files under one directory; the content type follows from the key's extension. */
export function createDiskStorage(root: string): Storage {
  const resolvedRoot = path.resolve(root)

  function fileOf(key: string): string {
    if (!isSafeStorageKey(key)) throw new UnsafeStorageKeyError(key)
    const file = path.resolve(resolvedRoot, key)
    // The key check already excludes this; the second check costs nothing and guards the disk.
    if (!file.startsWith(resolvedRoot + path.sep)) throw new UnsafeStorageKeyError(key)
    return file
  }

  return {
    async put(key, body) {
      const file = fileOf(key)
      await fs.promises.mkdir(path.dirname(file), { recursive: true })
      // Written aside and renamed, so that a reader never sees half a file.
      const temporary = `${file}.${randomUUID()}.part`
      await fs.promises.writeFile(temporary, body)
      await fs.promises.rename(temporary, file)
    },

    async get(key) {
      if (!isSafeStorageKey(key)) return null
      const file = fileOf(key)
      let stat: fs.Stats
      try {
        stat = await fs.promises.stat(file)
      } catch {
        return null
      }
      if (!stat.isFile()) return null
      return {
        body: fs.createReadStream(file),
        contentType: contentTypeOf(key),
        size: stat.size,
        etag: `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`,
      }
    },

    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true })
    },

    url(key) {
      if (!isSafeStorageKey(key)) throw new UnsafeStorageKeyError(key)
      return `${IMAGE_URL_PREFIX}${key}`
    },
  }
}

/** The storage key of a URL that url() produced, or null for any other URL. */
export function storageKeyOfUrl(url: string): string | null {
  if (!url.startsWith(IMAGE_URL_PREFIX)) return null
  const key = url.slice(IMAGE_URL_PREFIX.length)
  return isSafeStorageKey(key) ? key : null
}
