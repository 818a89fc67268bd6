import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { actorOf } from './actor.ts'
import type { Database } from './db.ts'
import { BODY_ERRORS, routeErrors } from './error-handler.ts'
import { readImagePart, saveUploadedImage, type ImageUpload } from './image-upload.ts'
import type { Storage } from './storage.ts'

/** What an image upload answers: the stored image's address and its size. */
export const uploadedImage = z.object({ url: z.string(), width: z.number(), height: z.number() })

/**
 * The schema of a multipart image upload route (products, slides, menu; image-upload.ts reads and
 * stores the image): 201 with the stored image; 400 IMAGE_REQUIRED or MALFORMED_UPLOAD,
 * 413 IMAGE_TOO_LARGE, 415 INVALID_IMAGE_TYPE.
 */
export function imageUploadSchema(tags: string[], description: string) {
  return {
    tags,
    consumes: ['multipart/form-data'],
    description,
    response: { 201: uploadedImage, ...routeErrors(...BODY_ERRORS) },
  }
}

/** The handler of an upload route that stores one kind of image and answers it with 201. */
export function uploadImageHandler(db: Database, storage: Storage, upload: ImageUpload) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { buffer } = await readImagePart(request, upload)
    return reply.status(201).send(await saveUploadedImage(db, storage, actorOf(request), upload, buffer))
  }
}
