import { actorOf } from '../../platform/actor.ts'
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
import { BODY_ERRORS, routeErrors } from '../../platform/error-handler.ts'
import { STAFF_ROLES } from '@shop/shared/rules/roles.ts'
import { staffRoute } from '../../platform/staff-route.ts'
import { deletedAnswer, idParams } from '../../platform/route-schemas.ts'
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
  api.post(
    '/restaurant/menu',
    // 409 REFERENCE_ERROR for a category that does not exist.
    route({ body: menuItemInput, response: { 201: menuItem } }, 409, ...BODY_ERRORS),
    async (request, reply) => reply.status(201).send(await createItem(app.db, actorOf(request), request.body)),
  )
  api.patch(
    '/restaurant/menu/:id',
    route({ params, body: withVersion(menuItemPatch), response: { 200: menuItem } }, 404, 409, ...BODY_ERRORS),
    async (request) => patchItem(app.db, actorOf(request), request.params.id, request.body),
  )
  api.delete('/restaurant/menu/:id', route({ params, response: { 200: deletedAnswer } }, 404), async (request) =>
    removeItem(app.db, actorOf(request), request.params.id),
  )
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
  api.post(
    '/restaurant/categories',
    // 400 INVALID_PARENT, 409 REFERENCE_ERROR for a parent that does not exist.
    route({ body: menuCategoryInput, response: { 201: menuCategory } }, 409, ...BODY_ERRORS),
    async (request, reply) => reply.status(201).send(await createCategory(app.db, actorOf(request), request.body)),
  )
  api.put(
    '/restaurant/categories/:id',
    route({ params, body: menuCategoryInput, response: { 200: menuCategory } }, 404, 409, ...BODY_ERRORS),
    async (request) => replaceCategory(app.db, actorOf(request), request.params.id, request.body),
  )
  api.delete('/restaurant/categories/:id', route({ params, response: { 200: deletedAnswer } }, 404), async (request) =>
    removeCategory(app.db, actorOf(request), request.params.id),
  )
}
