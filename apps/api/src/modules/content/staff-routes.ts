import { actorOf } from '../../platform/actor.ts'
import { messages } from '@shop/shared/messages/bs.ts'
import { slideForm } from '@shop/shared/schemas/slide-form.ts'
import { recordVersion, versionOnly, withVersion } from '@shop/shared/schemas/record-version.ts'
import { WORK_HOURS_SECTIONS, workHoursEdit } from '@shop/shared/schemas/work-hours.ts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireRole } from '../../platform/auth.ts'
import { BODY_ERRORS, routeErrors } from '../../platform/error-handler.ts'
import { readImagePart, saveUploadedImage, type ImageUpload } from '../../platform/image-upload.ts'
import { createStorage } from '../../platform/storage.ts'
import {
  createSlide,
  deleteSlide,
  findAllSlides,
  findTaxFactsForStaff,
  replaceSlide,
  updateTaxFacts,
  updateWorkHours,
} from './service.ts'
import { taxFactsInput, taxFactsView } from '@shop/shared/schemas/tax-facts.ts'
import { privateAnswer } from '../../platform/cache-control.ts'
import { imageUploadSchema } from '../../platform/image-upload-route.ts'

// ---- Home slides (staff) ----
const tags = ['admin: slides']
const params = z.object({ id: z.string().describe('Slide id (UUID)') })
const slide = z.object({
  id: z.string(),
  _id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  image_url: z.string(),
  mobile_image_url: z.string().nullable(),
  order: z.number(),
  is_active: z.boolean(),
  link: z.string().nullable(),
  categoryId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: recordVersion,
})
const deleted = z.object({ id: z.string(), message: z.string() })

const SLIDE_IMAGE: ImageUpload = { folder: 'slides', wording: 'content', noImage: messages.admin.slide.noImage }
const MOBILE_SLIDE_IMAGE: ImageUpload = { ...SLIDE_IMAGE, folder: 'slides/mobile' }

function isTrue(value: string | undefined): boolean {
  return value !== undefined && ['true', '1', 'on', 'yes'].includes(value.trim().toLowerCase())
}

/**
 * Slideshow admin (staff-and-content.md §7 Slides): the staff list with inactive slides and the
 * writes. The public GET /api/slides is modules/catalogue. The role check runs on onRequest.
 */
export async function slideStaffRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const staff = requireRole('store_manager', 'admin')
  const storage = createStorage(app.config)

  api.get(
    '/slides/all',
    { onRequest: staff, schema: { tags, response: { 200: z.array(slide), ...routeErrors() } } },
    async () => findAllSlides(app.db),
  )
  api.post(
    '/slides',
    // 409 REFERENCE_ERROR for a category that does not exist, from the database.
    {
      onRequest: staff,
      schema: { tags, body: slideForm, response: { 201: slide, ...routeErrors(409, ...BODY_ERRORS) } },
    },
    async (request, reply) => reply.status(201).send(await createSlide(app.db, actorOf(request), request.body)),
  )
  api.put(
    '/slides/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        params,
        body: z.intersection(slideForm, versionOnly),
        response: { 200: slide, ...routeErrors(404, 409, ...BODY_ERRORS) },
      },
    },
    async (request) => replaceSlide(app.db, actorOf(request), request.params.id, request.body),
  )
  api.delete(
    '/slides/:id',
    { onRequest: staff, schema: { tags, params, response: { 200: deleted, ...routeErrors(404) } } },
    async (request) => deleteSlide(app.db, actorOf(request), request.params.id),
  )

  api.post(
    '/slides/images',
    {
      onRequest: staff,
      schema: imageUploadSchema(
        tags,
        "Multipart field 'image' (JPEG, PNG or WebP by content, at most 10 MB) and optional 'isMobile'",
      ),
    },
    async (request, reply) => {
      const { buffer, fields } = await readImagePart(request, SLIDE_IMAGE)
      const isMobile = isTrue(fields.isMobile)
      const upload = isMobile ? MOBILE_SLIDE_IMAGE : SLIDE_IMAGE
      return reply
        .status(201)
        .send(await saveUploadedImage(app.db, storage, actorOf(request), upload, buffer, { isMobile }))
    },
  )
}

// ---- Work hours (staff) ----
const saved = z.object({
  message: z.string(),
  hours: z.array(z.object({ section: z.enum(WORK_HOURS_SECTIONS), hours: z.string(), version: z.number() })),
})

/**
 * Work hours admin (staff-and-content.md §7 Work hours); the public GET /api/work-hours is
 * modules/catalogue. The route table (§2) gives /admin/work-hours to store_manager and admin,
 * while the dashboard shows its tile to admins only: the server allows both roles and leaves
 * the stricter choice to the page.
 */
export async function workHoursStaffRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/work-hours',
    {
      onRequest: requireRole('store_manager', 'admin'),
      schema: {
        tags: ['admin: work hours'],
        body: workHoursEdit,
        response: { 200: saved, ...routeErrors(409, ...BODY_ERRORS) },
      },
    },
    async (request) => updateWorkHours(app.db, actorOf(request), request.body),
  )
}

// ---- Company tax facts (staff) ----
/**
 * The company's tax facts, the seller on every invoice (docs/decisions.md, 'Invoices and packing
 * slips'), for the roles that print invoices: store managers and admins.
 */
export async function taxFactsStaffRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const staff = requireRole('store_manager', 'admin')
  const tags = ['admin: tax facts']
  const versionedTaxFacts = withVersion(taxFactsView)
  api.get(
    '/settings/tax-facts',
    {
      onRequest: staff,
      onSend: privateAnswer,
      schema: { tags, response: { 200: versionedTaxFacts, ...routeErrors() } },
    },
    async () => findTaxFactsForStaff(app.db),
  )
  api.put(
    '/settings/tax-facts',
    {
      onRequest: staff,
      onSend: privateAnswer,
      schema: {
        tags,
        body: withVersion(taxFactsInput),
        response: { 200: versionedTaxFacts, ...routeErrors(409, ...BODY_ERRORS) },
      },
    },
    async (request) => updateTaxFacts(app.db, actorOf(request), request.body),
  )
}

/** Every staff route of the site content: slides, work hours and the company's tax facts. */
export async function contentStaffRoutes(app: FastifyInstance) {
  await app.register(slideStaffRoutes)
  await app.register(workHoursStaffRoutes)
  await app.register(taxFactsStaffRoutes)
}
