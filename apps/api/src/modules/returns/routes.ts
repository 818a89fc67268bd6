import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { messages } from '@shop/shared/messages/bs.ts'
import { MAX_RETURN_PHOTOS } from '@shop/shared/rules/returns.ts'
import { orderPageTokenParams } from '@shop/shared/schemas/orders.ts'
import {
  filedReturnView,
  orderReturnsView,
  type BuyerReturnView,
  type OrderReturnsView,
} from '@shop/shared/schemas/returns.ts'
import { actorOf } from '../../platform/actor.ts'
import { currentUser, requireRole } from '../../platform/auth.ts'
import { privateAnswer } from '../../platform/cache-control.ts'
import { BODY_ERRORS, routeErrors } from '../../platform/error-handler.ts'
import { AppError, badRequest, tooManyRequests } from '../../platform/errors.ts'
import { MAX_IMAGE_BYTES } from '../../platform/images.ts'
import { createStorage } from '../../platform/storage.ts'
import { RETURN_PHOTO_FILE, RETURN_PHOTO_FOLDER, RETURN_PHOTO_PATH, returnPhotoLinks } from './photo-links.ts'
import {
  fileOwnReturn,
  fileReturnByToken,
  getOrderReturnsByToken,
  getOwnOrderReturns,
  type FileReturnCommand,
  type ReturnForm,
} from './service.ts'

// docs/decisions.md ('Complaints and returns'), 'Complaints and returns': the buyer's side, from the order page by its link
// (guests too) and by id for the signed-in owner.
const text = messages.returns
const tags = ['returns']
const orderIdParams = z.object({ id: z.string() })

// Filings per order and client address an hour (refused ones count too: each may carry 30 MB of photos),
// shared by every API process through REDIS_URL.
export const FILINGS_PER_ORDER_PER_HOUR = 30

const FILE_DESCRIPTION =
  "Multipart: fields 'lines' (JSON [{itemId, quantity}]), 'reason' (damaged, wrong_product, does_not_fit, other), " +
  "'description'; up to three files 'photos' (JPEG, PNG or WebP by content, at most 10 MB each)."

/**
 * Reads the complaint's multipart body: its text fields and up to three photos. A fourth photo answers
 * 400 RETURN_TOO_MANY_PHOTOS, a photo over 10 MB 413 IMAGE_TOO_LARGE, broken framing 400 RETURN_MALFORMED.
 */
async function readReturnForm(request: FastifyRequest): Promise<ReturnForm> {
  if (!request.isMultipart()) throw badRequest(text.malformed, 'RETURN_MALFORMED')
  const tooLarge = () => new AppError(413, 'IMAGE_TOO_LARGE', messages.images.content.tooLarge)
  const fields: Record<string, string> = {}
  const photos: Buffer[] = []
  try {
    const parts = request.parts({ limits: { files: MAX_RETURN_PHOTOS + 1, fileSize: MAX_IMAGE_BYTES, fields: 20 } })
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value)
      } else if (part.fieldname === 'photos') {
        if (photos.length === MAX_RETURN_PHOTOS) throw badRequest(text.tooManyPhotos, 'RETURN_TOO_MANY_PHOTOS')
        const buffer = await part.toBuffer()
        if (part.file.truncated) throw tooLarge()
        if (buffer.length > 0) photos.push(buffer)
      } else {
        part.file.resume()
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    const code = (error as { code?: unknown } | null)?.code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge()
    if (code === 'FST_FILES_LIMIT') throw badRequest(text.tooManyPhotos, 'RETURN_TOO_MANY_PHOTOS')
    throw badRequest(text.malformed, 'RETURN_MALFORMED')
  }
  return { fields, photos }
}

export async function returnRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const storage = createStorage(app.config)
  const links = { publicUrl: app.config.publicUrl, shopEmail: app.config.shopEmail }
  const rateLimit = {
    max: FILINGS_PER_ORDER_PER_HOUR,
    timeWindow: '1 hour',
    keyGenerator: (request: FastifyRequest) => {
      const params = request.params as { token?: string; id?: string }
      return `returns:${request.ip}:${params.token ?? params.id ?? ''}`
    },
    errorResponseBuilder: () => tooManyRequests(text.tooManyRequests, 'TOO_MANY_REQUESTS'),
  }
  const filed = { 201: filedReturnView, ...routeErrors(404, 409, 422, 429, ...BODY_ERRORS) }
  /** The schema of a filing: the multipart form, with the order named by `params`. */
  const filingSchema = <Params extends z.ZodTypeAny>(params: Params) => ({
    tags,
    consumes: ['multipart/form-data'],
    description: FILE_DESCRIPTION,
    params,
    response: filed,
  })
  const photoLinks = returnPhotoLinks(app, storage)
  /** Reads the complaint's form, files it through `file` and answers 201 with the complaint, its photos linked. */
  const answerFiling = async (
    request: FastifyRequest,
    reply: FastifyReply,
    file: (command: FileReturnCommand) => Promise<BuyerReturnView>,
  ) => {
    const form = await readReturnForm(request)
    const filedReturn = await file({ db: app.db, storage, links, actor: actorOf(request), form, now: app.now() })
    return reply.status(201).send({ message: text.submitted, return: await photoLinks.signed(filedReturn) })
  }
  const signedOverview = async (overview: OrderReturnsView) => ({
    ...overview,
    returns: await Promise.all(overview.returns.map((each) => photoLinks.signed(each))),
  })

  // A photo by its signed link (photo-links.ts); a wrong, foreign or expired link is 404 as a missing file.
  routes.get(
    '/returns/photos/:file',
    {
      schema: {
        tags,
        params: z.object({ file: z.string() }),
        querystring: z.object({ expires: z.string().default(''), sig: z.string().default('') }),
        response: { 200: z.any().describe('The photo (WebP)'), ...routeErrors(404) },
      },
    },
    async (request, reply) => {
      const { file } = request.params
      const { expires, sig } = request.query
      const isSigned =
        RETURN_PHOTO_FILE.test(file) && (await photoLinks.signer.verify(`${RETURN_PHOTO_PATH}${file}`, expires, sig))
      const stored = isSigned ? await storage.get(`${RETURN_PHOTO_FOLDER}${file}`) : null
      if (!stored) throw new AppError(404, 'IMAGE_NOT_FOUND', messages.images.notFound)
      return reply
        .header('content-type', stored.contentType)
        .header('cache-control', `private, max-age=${photoLinks.signer.secondsLeft(expires)}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-length', stored.size)
        .send(stored.body)
    },
  )

  // 404 ORDER_NOT_FOUND for a wrong, foreign or expired token, as GET /api/order-status/{token}.
  routes.get(
    '/order-status/:token/returns',
    {
      schema: { tags, params: orderPageTokenParams, response: { 200: orderReturnsView, ...routeErrors(404) } },
      onSend: privateAnswer,
    },
    async (request) => signedOverview(await getOrderReturnsByToken(app.db, request.params.token, app.now())),
  )

  // 409 RETURN_NOT_DELIVERED; 422 RETURN_WINDOW_CLOSED, RETURN_QUANTITY_TOO_HIGH; 400 RETURN_LINES_INVALID,
  // RETURN_REASON_INVALID, RETURN_DESCRIPTION_INVALID, RETURN_TOO_MANY_PHOTOS; 415 INVALID_IMAGE_TYPE.
  routes.post(
    '/order-status/:token/returns',
    {
      config: { rateLimit },
      schema: filingSchema(orderPageTokenParams),
      onSend: privateAnswer,
    },
    async (request, reply) =>
      answerFiling(request, reply, (command) => fileReturnByToken(command, request.params.token)),
  )

  routes.get(
    '/orders/:id/returns',
    {
      onRequest: requireRole(),
      schema: { tags, params: orderIdParams, response: { 200: orderReturnsView, ...routeErrors(404) } },
      onSend: privateAnswer,
    },
    async (request) =>
      signedOverview(await getOwnOrderReturns(app.db, currentUser(request), request.params.id, app.now())),
  )

  routes.post(
    '/orders/:id/returns',
    {
      onRequest: requireRole(),
      config: { rateLimit },
      schema: filingSchema(orderIdParams),
      onSend: privateAnswer,
    },
    async (request, reply) =>
      answerFiling(request, reply, (command) => fileOwnReturn(command, currentUser(request), request.params.id)),
  )
}
