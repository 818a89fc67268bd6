import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { messages } from '@shop/shared/messages/bs.ts'
import { routeErrors } from '../../platform/error-handler.ts'
import { AppError } from '../../platform/errors.ts'
import { createStorage } from '../../platform/storage.ts'
import { openStoredImage } from './service.ts'

// A stored file never changes under its key (a new upload gets a new key), so browsers and
// CDNs may keep it for a year without asking again.
const IMMUTABLE = 'public, max-age=31536000, immutable'

export async function imageRoutes(app: FastifyInstance) {
  const storage = createStorage(app.config)

  app.withTypeProvider<ZodTypeProvider>().get(
    '/images/*',
    {
      schema: {
        tags: ['images'],
        params: z.object({ '*': z.string() }),
        response: {
          200: z.any().describe('The stored image (JPEG, PNG or WebP)'),
          304: z.any().describe('Not modified: the If-None-Match ETag matches'),
          // 400 INVALID_IMAGE_PATH, 404 IMAGE_NOT_FOUND.
          ...routeErrors(404),
        },
      },
    },
    async (request, reply) => {
      // docs/decisions.md ('Complaints and returns'), 'Private photos': complaint photos only by their signed links.
      if (request.params['*'].startsWith('returns/'))
        throw new AppError(404, 'IMAGE_NOT_FOUND', messages.images.notFound)
      const file = await openStoredImage(storage, request.params['*'])
      reply
        .header('content-type', file.contentType)
        .header('cache-control', IMMUTABLE)
        .header('etag', file.etag)
        .header('x-content-type-options', 'nosniff')
      if (isFresh(request.headers['if-none-match'], file.etag)) {
        file.body.destroy()
        return reply.status(304).send()
      }
      return reply.header('content-length', file.size).send(file.body)
    },
  )
}

function isFresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag === etag || tag === `W/${etag}`
  })
}
