import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { restaurant } from '@shop/shared/messages/bs/restaurant.ts'
import {
  menuCategoryInput,
  menuCategoryView as menuCategory,
  menuItemInput,
  menuItemPatch,
  menuItemView as menuItem,
} from '@shop/shared/schemas/restaurant.ts'
import { withVersion } from '@shop/shared/schemas/record-version.ts'
import { responseCacheFor } from '../../platform/response-cache.ts'
import { routeErrors } from '../../platform/error-handler.ts'
import { STAFF_ROLES } from '@shop/shared/rules/roles.ts'
import { staffRecordRoutes, staffRoute } from '../../platform/staff-route.ts'
import { idParams } from '../../platform/route-schemas.ts'
import { createStorage } from '../../platform/storage.ts'
import type { ImageUpload } from '../../platform/image-upload.ts'
import { cacheKeyOf } from '../catalogue/public-reads.ts'
import {
  createCategory,
  createItem,
  findCategories,
  findMenu,
  patchItem,
  removeCategory,
  removeItem,
  replaceCategory,
} from './service.ts'
import { imageUploadSchema, uploadImageHandler } from '../../platform/image-upload-route.ts'

const tags = ['restaurant']
const params = idParams('Id (UUID)')
const menuQuery = z.object({
  category: z
    .string()
    .optional()
    .describe("A category id: its items, and for a main category its subcategories' items too"),
})
// §5 Images: the menu form words its image rules in Bosnian, like the slides.
const MENU_IMAGE: ImageUpload = { folder: 'restaurant', wording: 'content', noImage: restaurant.api.noImage }

/**
 * The restaurant (staff-and-content.md §7 Restaurant): public reads of the menu and its
 * categories (cached with the catalogue, so every write bumps its version), and the staff writes,
 * whose role check runs on onRequest, before the body is read.
 */
export async function restaurantRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const route = staffRoute({ roles: STAFF_ROLES, tags })
  const cache = responseCacheFor(app)
  const storage = createStorage(app.config)

  api.get(
    '/restaurant/menu',
    { schema: { tags, querystring: menuQuery, response: { 200: z.array(menuItem), ...routeErrors() } } },
    async (request, reply) => cache.send(reply, cacheKeyOf(request), () => findMenu(app.db, request.query.category)),
  )
  staffRecordRoutes(app, route, '/restaurant/menu', {
    params,
    answer: menuItem,
    // 409 REFERENCE_ERROR for a category that does not exist.
    create: { body: menuItemInput, service: createItem },
    change: { method: 'patch', body: withVersion(menuItemPatch), service: patchItem },
    remove: { service: removeItem },
  })
  api.post(
    '/restaurant/menu/images',
    {
      onRequest: route.guard,
      schema: imageUploadSchema(tags, "Multipart field 'image' (JPEG, PNG or WebP by content, at most 10 MB)"),
    },
    uploadImageHandler(app.db, storage, MENU_IMAGE),
  )

  api.get(
    '/restaurant/categories',
    { schema: { tags, response: { 200: z.array(menuCategory), ...routeErrors() } } },
    async (request, reply) => cache.send(reply, cacheKeyOf(request), () => findCategories(app.db)),
  )
  staffRecordRoutes(app, route, '/restaurant/categories', {
    params,
    answer: menuCategory,
    // 400 INVALID_PARENT, 409 REFERENCE_ERROR for a parent that does not exist.
    create: { body: menuCategoryInput, service: createCategory },
    change: { method: 'put', body: menuCategoryInput, service: replaceCategory },
    remove: { service: removeCategory },
  })
}
