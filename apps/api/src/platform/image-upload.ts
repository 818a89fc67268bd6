import type { FastifyRequest } from 'fastify'
import type { Actor } from './actor.ts'
import { messages } from '@shop/shared/messages/bs.ts'
import { staffWrite } from './staff-write.ts'
import type { Database } from './db.ts'
import { AppError, badRequest } from './errors.ts'
import { MAX_IMAGE_BYTES, deleteStoredImage, detectImageType, storeImage, type ImageWording } from './images.ts'
import type { Storage } from './storage.ts'

// The slide upload (modules/content) uses this too: one place reads a multipart image, so
// both forms refuse the same files in the same way, each in its own wording.

export type ImageUpload = {
  /** Storage folder, e.g. 'products'. */
  folder: string
  /** 'product' answers in the product form's English, 'content' in the slide form's Bosnian. */
  wording: ImageWording
  noImage: string
}

export type ReceivedImage = { buffer: Buffer; fields: Record<string, string> }

function isFileTooLarge(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'FST_REQ_FILE_TOO_LARGE'
}

/**
 * Reads the multipart body: the file of field 'image' (the only file allowed) and the text fields.
 * A file over 10 MB is cut off by @fastify/multipart; that answers 413 in the form's wording.
 */
export async function readImagePart(request: FastifyRequest, upload: ImageUpload): Promise<ReceivedImage> {
  const texts = messages.images[upload.wording]
  const tooLarge = () => new AppError(413, 'IMAGE_TOO_LARGE', texts.tooLarge)
  const fields: Record<string, string> = {}
  let buffer: Buffer | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value)
      } else if (part.fieldname === 'image' && buffer === undefined) {
        buffer = await part.toBuffer()
        if (part.file.truncated) throw tooLarge()
      } else {
        part.file.resume()
      }
    }
  } catch (error) {
    if (isFileTooLarge(error)) throw tooLarge()
    if (error instanceof AppError) throw error
    // Broken framing (no or a wrong boundary, a body cut short): busboy throws a plain Error; the
    // form received no image, which is what the sender is told (found by the multipart fuzzer).
    throw badRequest(upload.noImage, 'MALFORMED_UPLOAD')
  }
  if (!buffer || buffer.length === 0) throw badRequest(upload.noImage, 'IMAGE_REQUIRED')
  if (buffer.length > MAX_IMAGE_BYTES) throw tooLarge()
  return { buffer, fields }
}

/**
 * Checks the content (JPEG, PNG or WebP by its bytes, never by name or declared type), stores it
 * with its WebP variants and records the upload in the audit log. A refused file stores nothing.
 */
export async function saveUploadedImage(
  db: Database,
  storage: Storage,
  actor: Actor,
  upload: ImageUpload,
  buffer: Buffer,
  details: Record<string, unknown> = {},
): Promise<{ url: string; width: number; height: number }> {
  const texts = messages.images[upload.wording]
  const unsupported = () => new AppError(415, 'INVALID_IMAGE_TYPE', texts.unsupportedType)
  if (!(await detectImageType(buffer))) throw unsupported()
  let stored
  try {
    stored = await storeImage(storage, buffer, upload.folder, { wording: upload.wording })
  } catch (error) {
    // Magic bytes that matched a picture that does not decode: as unsupported as any other file.
    if (error instanceof AppError && error.code === 'INVALID_IMAGE_TYPE') throw unsupported()
    throw error
  }
  const image = { url: stored.url, width: stored.width, height: stored.height }
  try {
    await staffWrite(db, actor, 'staff-only', ({ audit }) =>
      audit({
        action: 'create',
        entity: 'image',
        entityId: stored.key,
        before: null,
        after: { ...image, ...details },
      }),
    )
  } catch (error) {
    await deleteStoredImage(storage, stored.url).catch(() => undefined)
    throw error
  }
  return image
}
