import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { IMAGE_URL_PREFIX } from '@shop/shared/rules/image-variants.ts'
import type { Config } from './config.ts'
import { createS3Storage } from './storage-s3.ts'

/** A stored file, opened for reading. */
export type StoredFile = {
  body: Readable
  contentType: string
  size: number
  /** A strong validator: stored files never change under their key (new content gets a new key). */
  etag: string
}

/**
 * Where uploaded files live. Keys are relative paths such as 'products/<uuid>.webp'. The disk
 * driver (DATA_DIR/uploads) is the default; with S3_BUCKET the S3-compatible driver (storage-s3.ts)
 * is chosen in createStorage, whose url() answers S3_PUBLIC_URL/<key> when that is set. Callers
 * never touch the file system themselves. A storage that cannot be reached throws
 * StorageUnavailableError (routes answer 503).
 */
export type Storage = {
  put(key: string, body: Buffer, contentType: string): Promise<void>
  get(key: string): Promise<StoredFile | null>
  delete(key: string): Promise<void>
  /** Every stored key (optionally only those starting with prefix), in no particular order. */
  list(prefix?: string): AsyncIterable<string>
  url(key: string): string
  /** The key of a URL that url() produced (or an /api/images/ URL), or null for any other URL. */
  keyOfUrl(url: string): string | null
  /** Start-up check: throws an Error whose message names the variable to correct. */
  check(): Promise<void>
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

/** The storage service could not be reached or refused the operation (not: a missing key). */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'StorageUnavailableError'
  }
}

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream'
}

// One S3 client (and its connection pool) per configuration, however many modules ask.
const s3Storages = new WeakMap<object, Storage>()

/** The storage of the configuration: S3 when S3_BUCKET is set, else DATA_DIR/uploads. */
export function createStorage(config: Pick<Config, 'dataDir'> & Partial<Pick<Config, 's3'>>): Storage {
  const { s3 } = config
  if (!s3) return createDiskStorage(path.join(config.dataDir, 'uploads'))
  let storage = s3Storages.get(s3)
  if (!storage) {
    storage = createS3Storage(s3)
    s3Storages.set(s3, storage)
  }
  return storage
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
      try {
        await fs.promises.writeFile(temporary, body)
        await fs.promises.rename(temporary, file)
      } catch (error) {
        // A full or read-only disk (docs/decisions.md, 'Faults'): no half-written file stays behind.
        await fs.promises.rm(temporary, { force: true }).catch(() => undefined)
        throw error
      }
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

    async *list(prefix = '') {
      async function* walk(directory: string, relative: string): AsyncGenerator<string> {
        let entries: fs.Dirent[]
        try {
          entries = await fs.promises.readdir(directory, { withFileTypes: true })
        } catch {
          return // no uploads yet
        }
        for (const entry of entries) {
          const key = relative === '' ? entry.name : `${relative}/${entry.name}`
          if (entry.isDirectory()) yield* walk(path.join(directory, entry.name), key)
          // Files being written ('.part') are not stored keys yet.
          else if (entry.isFile() && isSafeStorageKey(key) && !key.endsWith('.part')) yield key
        }
      }
      for await (const key of walk(resolvedRoot, '')) if (key.startsWith(prefix)) yield key
    },

    url(key) {
      if (!isSafeStorageKey(key)) throw new UnsafeStorageKeyError(key)
      return `${IMAGE_URL_PREFIX}${key}`
    },

    keyOfUrl: storageKeyOfUrl,

    async check() {
      try {
        await fs.promises.mkdir(resolvedRoot, { recursive: true })
        await fs.promises.access(resolvedRoot, fs.constants.W_OK)
      } catch (error) {
        throw new Error(`Storage: the uploads folder ${resolvedRoot} is not writable (check DATA_DIR).`, {
          cause: error,
        })
      }
    },
  }
}

/** The storage key of a URL that url() produced, or null for any other URL. */
export function storageKeyOfUrl(url: string): string | null {
  if (!url.startsWith(IMAGE_URL_PREFIX)) return null
  const key = url.slice(IMAGE_URL_PREFIX.length)
  return isSafeStorageKey(key) ? key : null
}
