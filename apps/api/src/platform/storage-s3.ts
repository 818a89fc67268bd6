import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { IMAGE_URL_PREFIX } from '@shop/shared/rules/image-variants.ts'
import type { Config } from './config.ts'
import {
  StorageUnavailableError,
  UnsafeStorageKeyError,
  contentTypeOf,
  isSafeStorageKey,
  storageKeyOfUrl,
  type Storage,
} from './storage.ts'

export type S3Settings = NonNullable<Config['s3']>

// Stored files never change under their key (new content gets a new key): a bucket or CDN that
// serves them directly (S3_PUBLIC_URL) may let browsers keep them for a year.
const IMMUTABLE = 'public, max-age=31536000, immutable'
// An unreachable endpoint fails a request within seconds instead of holding it open.
const CONNECTION_TIMEOUT_MS = 3_000
const REQUEST_TIMEOUT_MS = 20_000

/**
 * Objects in one bucket of an S3-compatible service (AWS S3, MinIO, Cloudflare R2, ...), keyed as
 * on disk. url() answers S3_PUBLIC_URL/<key> when set (the bucket's or CDN's address), else the
 * API's own /api/images/<key>, which streams the object through the API. A failure to reach the
 * service is a StorageUnavailableError; a missing object is null, as on disk.
 */
export function createS3Storage(settings: S3Settings): Storage {
  const { bucket, publicUrl } = settings
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Without both keys the SDK's own chain applies (environment, instance role, ...).
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where the protocol requires them: not every S3-compatible service (older
    // MinIO, R2, s3rver) accepts the SDK's newer default checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  })
  const where = `bucket '${bucket}'${settings.endpoint ? ` at ${settings.endpoint}` : ''}`

  function checked(key: string): string {
    if (!isSafeStorageKey(key)) throw new UnsafeStorageKeyError(key)
    return key
  }

  async function send<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      throw new StorageUnavailableError(`S3 ${operation} failed on ${where}: ${describe(error)}`, { cause: error })
    }
  }

  return {
    async put(key, body, contentType) {
      const Key = checked(key)
      await send(`PUT ${key}`, () =>
        client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key,
            Body: body,
            ContentType: contentType || contentTypeOf(key),
            ContentLength: body.length,
            CacheControl: IMMUTABLE,
          }),
        ),
      )
    },

    async get(key) {
      if (!isSafeStorageKey(key)) return null
      let answer
      try {
        answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
      } catch (error) {
        if (isMissingObject(error)) return null
        throw new StorageUnavailableError(`S3 GET ${key} failed on ${where}: ${describe(error)}`, { cause: error })
      }
      return {
        // In Node the SDK answers an http.IncomingMessage, a Readable.
        body: answer.Body as Readable,
        contentType: answer.ContentType || contentTypeOf(key),
        size: answer.ContentLength ?? 0,
        etag: answer.ETag ?? `"${key}"`,
      }
    },

    async delete(key) {
      const Key = checked(key)
      // Deleting a missing object succeeds in S3, as rm --force does on disk.
      await send(`DELETE ${key}`, () => client.send(new DeleteObjectCommand({ Bucket: bucket, Key })))
    },

    async *list(prefix = '') {
      let token: string | undefined
      do {
        const page = await send(`LIST ${prefix}`, () =>
          client.send(
            new ListObjectsV2Command({
              Bucket: bucket,
              ...(prefix ? { Prefix: prefix } : {}),
              ...(token ? { ContinuationToken: token } : {}),
            }),
          ),
        )
        for (const object of page.Contents ?? []) {
          // Objects put there by others (or the start-up probe) are not stored keys.
          if (object.Key && isSafeStorageKey(object.Key)) yield object.Key
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
    },

    url(key) {
      checked(key)
      return publicUrl ? `${publicUrl}/${key}` : `${IMAGE_URL_PREFIX}${key}`
    },

    keyOfUrl(url) {
      if (publicUrl && url.startsWith(`${publicUrl}/`)) {
        const key = url.slice(publicUrl.length + 1)
        return isSafeStorageKey(key) ? key : null
      }
      return storageKeyOfUrl(url)
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }))
      } catch (error) {
        throw new Error(explainStartupFailure(error, settings), { cause: error })
      }
      // HeadBucket needs read rights only: a probe object proves that uploads will work. Its key
      // starts with a dot, which no stored key does, so list() never shows it.
      const probe = `.startup-check-${randomUUID()}`
      try {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: probe, Body: 'ok', ContentType: 'text/plain' }))
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: probe }))
      } catch (error) {
        throw new Error(
          `S3 storage: the credentials (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) may read S3_BUCKET '${bucket}' but ` +
            `not write to it (${describe(error)}). The API needs PutObject, GetObject, DeleteObject and ListBucket.`,
          { cause: error },
        )
      }
    },
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode
}

function isMissingObject(error: unknown): boolean {
  if (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound')) return true
  return statusOf(error) === 404 && (error as { name?: string }).name !== 'NoSuchBucket'
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const code = (error as { code?: string }).code
  const status = statusOf(error)
  // An answer without a body (HEAD) has no error code: the SDK calls it 'Unknown'.
  const name = error.name === 'Unknown' ? undefined : error.name
  const message = error.message === 'UnknownError' ? undefined : error.message
  return [name, code, status ? `HTTP ${status}` : undefined, message]
    .filter((part, index, parts) => part && parts.indexOf(part) === index)
    .join(', ')
}

/** The start-up message: which variable to look at, and why. */
export function explainStartupFailure(error: unknown, settings: S3Settings): string {
  const status = statusOf(error)
  const name = (error as { name?: string } | null)?.name ?? ''
  const endpoint = settings.endpoint ?? `the AWS S3 endpoint of region ${settings.region}`
  const detail = describe(error)
  if (status === 404 || name === 'NotFound' || name === 'NoSuchBucket') {
    return `S3 storage: S3_BUCKET '${settings.bucket}' does not exist at ${endpoint} (${detail}). Create the bucket or correct S3_BUCKET.`
  }
  if (
    status === 401 ||
    status === 403 ||
    /AccessDenied|InvalidAccessKeyId|SignatureDoesNotMatch|Forbidden|CredentialsProviderError/.test(name)
  ) {
    return (
      `S3 storage: ${endpoint} refused the credentials for S3_BUCKET '${settings.bucket}' (${detail}). ` +
      'Check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_REGION).'
    )
  }
  if (status === 301 || status === 400) {
    return (
      `S3 storage: ${endpoint} answered HTTP ${status} for S3_BUCKET '${settings.bucket}' (${detail}). ` +
      'Check S3_REGION, S3_ENDPOINT and S3_FORCE_PATH_STYLE.'
    )
  }
  if (status === undefined) {
    return (
      `S3 storage: S3_ENDPOINT ${endpoint} cannot be reached (${detail}). ` +
      'Check S3_ENDPOINT and that the service is running.'
    )
  }
  return `S3 storage: S3_BUCKET '${settings.bucket}' at ${endpoint} cannot be used (${detail}). Check the S3_* variables.`
}
