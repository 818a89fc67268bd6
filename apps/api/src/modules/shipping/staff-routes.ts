import { actorOf } from '../../platform/actor.ts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { shippingSettingsResponse } from '@shop/shared/schemas/catalogue.ts'
import { shippingSettingsInput } from '@shop/shared/schemas/shipping-settings.ts'
import { versionOnly } from '@shop/shared/schemas/record-version.ts'
import { z } from 'zod'
import { BODY_ERRORS } from '../../platform/error-handler.ts'
import { STAFF_ROLES } from '@shop/shared/rules/roles.ts'
import { staffRoute } from '../../platform/staff-route.ts'
import { updateShippingSettings } from './service.ts'

/**
 * Shipping settings admin (staff-and-content.md §7 Shipping): PATCH with the whole object,
 * answered with the saved object as GET /api/settings/shipping (modules/content) then reads it.
 */
export async function shippingStaffRoutes(app: FastifyInstance) {
  const route = staffRoute({ roles: STAFF_ROLES, tags: ['admin: shipping'] })
  app
    .withTypeProvider<ZodTypeProvider>()
    .patch(
      '/settings/shipping',
      route(
        { body: z.intersection(shippingSettingsInput, versionOnly), response: { 200: shippingSettingsResponse } },
        409,
        ...BODY_ERRORS,
      ),
      async (request) => updateShippingSettings(app.db, actorOf(request), request.body, app.now()),
    )
}
