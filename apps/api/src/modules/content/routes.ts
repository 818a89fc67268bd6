import { messages } from '@shop/shared/messages/bs.ts'
import { companySettingsResponse, slide, workHoursList } from '@shop/shared/schemas/catalogue.ts'
import { contactInput } from '@shop/shared/schemas/contact.ts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BODY_ERRORS, routeErrors } from '../../platform/error-handler.ts'
import { tooManyRequests } from '../../platform/errors.ts'
import { cachedPublicReads } from '../catalogue/public-reads.ts'
import { getCompanySettings, listActiveSlides, listWorkHours, receiveContactMessage } from './service.ts'

// ---- Slides, work hours and company facts ----
const tags = ['content']

/** Public content reads (customer-side.md §7): slides, work hours and company settings. */
export async function siteContentRoutes(app: FastifyInstance) {
  // Every content answer varies by Authorization, like the catalogue's (cachedPublicReads).
  const reads = cachedPublicReads(app, tags)
  reads.get('/slides', z.array(slide), () => listActiveSlides(app.db))
  reads.get('/work-hours', workHoursList, () => listWorkHours(app.db))
  reads.get('/settings/company', companySettingsResponse, () => getCompanySettings(app.db))
}

// ---- Contact form ----
export async function contactRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/contact',
    {
      schema: {
        tags: ['contact'],
        body: contactInput,
        response: { 201: z.object({ id: z.string(), message: z.string() }), ...routeErrors(429, ...BODY_ERRORS) },
      },
      // Against spam: a few messages per visitor per window.
      config: {
        rateLimit: {
          max: 5,
          timeWindow: '10 minutes',
          errorResponseBuilder: () => tooManyRequests(messages.contact.tooMany, 'TOO_MANY_REQUESTS'),
        },
      },
    },
    async (request, reply) => {
      const id = await receiveContactMessage(app.db, app.config.shopEmail, { ...request.body, ip: request.ip })
      return reply.status(201).send({ id, message: messages.contact.sent })
    },
  )
}

/** Every public route of the site content: slides, work hours, company facts and the contact form. */
export async function contentRoutes(app: FastifyInstance) {
  await app.register(siteContentRoutes)
  await app.register(contactRoutes)
}
