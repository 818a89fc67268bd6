import { actorOf } from '../../platform/actor.ts'
import { messages } from '@shop/shared/messages/bs.ts'
import { STAFF_ROLES } from '@shop/shared/rules/roles.ts'
import { slide as publicSlide } from '@shop/shared/schemas/catalogue.ts'
import { timestampFields } from '@shop/shared/schemas/record-fields.ts'
import { slideForm } from '@shop/shared/schemas/slide-form.ts'
import { recordVersion, versionOnly, withVersion } from '@shop/shared/schemas/record-version.ts'
import { WORK_HOURS_SECTIONS, workHoursEdit } from '@shop/shared/schemas/work-hours.ts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BODY_ERRORS } from '../../platform/error-handler.ts'
import { staffRecordRoutes, staffRoute } from '../../platform/staff-route.ts'
import { idParams } from '../../platform/route-schemas.ts'
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
import { imageUploadSchema } from '../../platform/image-upload-route.ts'

// ---- Home slides (staff) ----
const tags = ['admin: slides']
const params = idParams('Slide id (UUID)')
const slide = publicSlide.extend({
  _id: z.string(),
  ...timestampFields,
  version: recordVersion,
})

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
  const route = staffRoute({ roles: STAFF_ROLES, tags })
  const storage = createStorage(app.config)

  api.get('/slides/all', route({ response: { 200: z.array(slide) } }), async () => findAllSlides(app.db))
  staffRecordRoutes(app, route, '/slides', {
    params,
    answer: slide,
    // 409 REFERENCE_ERROR for a category that does not exist, from the database.
    create: { body: slideForm, service: createSlide },
    change: { method: 'put', body: z.intersection(slideForm, versionOnly), service: replaceSlide },
    remove: { service: deleteSlide },
  })

  api.post(
    '/slides/images',
    {
      onRequest: route.guard,
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
  const route = staffRoute({ roles: STAFF_ROLES, tags: ['admin: work hours'] })
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/work-hours',
      route({ body: workHoursEdit, response: { 200: saved } }, 409, ...BODY_ERRORS),
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
  const route = staffRoute({ roles: STAFF_ROLES, tags: ['admin: tax facts'], isPrivate: true })
  const versionedTaxFacts = withVersion(taxFactsView)
  api.get('/settings/tax-facts', route({ response: { 200: versionedTaxFacts } }), async () =>
    findTaxFactsForStaff(app.db),
  )
  api.put(
    '/settings/tax-facts',
    route({ body: withVersion(taxFactsInput), response: { 200: versionedTaxFacts } }, 409, ...BODY_ERRORS),
    async (request) => updateTaxFacts(app.db, actorOf(request), request.body),
  )
}

/** Every staff route of the site content: slides, work hours and the company's tax facts. */
export async function contentStaffRoutes(app: FastifyInstance) {
  await app.register(slideStaffRoutes)
  await app.register(workHoursStaffRoutes)
  await app.register(taxFactsStaffRoutes)
}
