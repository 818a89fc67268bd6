import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { brand, category } from '@shop/shared/schemas/catalogue.ts'
import { brandInput, brandPatch, categoryInput, categoryPatch } from '@shop/shared/schemas/taxonomy.ts'
import { requireRole } from '../../platform/auth.ts'
import { createBrand, createCategory, deleteBrand, deleteCategory, updateBrand, updateCategory } from './service.ts'

const params = z.object({ id: z.string().describe('Id (UUID)') })
const deleted = z.object({ id: z.string(), message: z.string() })

/**
 * Staff writes of categories and brands (staff-and-content.md §7); the public lists are
 * modules/catalogue. The role check runs on onRequest, before the body is read.
 */
export async function adminTaxonomyRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const staff = requireRole('store_manager', 'admin')
  const categoryTags = ['admin: categories']
  const brandTags = ['admin: brands']

  api.post(
    '/categories',
    { onRequest: staff, schema: { tags: categoryTags, body: categoryInput, response: { 201: category } } },
    async (request, reply) => reply.status(201).send(await createCategory(app.db, request, request.body)),
  )
  api.patch(
    '/categories/:id',
    { onRequest: staff, schema: { tags: categoryTags, params, body: categoryPatch, response: { 200: category } } },
    async (request) => updateCategory(app.db, request, request.params.id, request.body),
  )
  api.delete(
    '/categories/:id',
    { onRequest: staff, schema: { tags: categoryTags, params, response: { 200: deleted } } },
    async (request) => deleteCategory(app.db, request, request.params.id),
  )

  api.post(
    '/brands',
    { onRequest: staff, schema: { tags: brandTags, body: brandInput, response: { 201: brand } } },
    async (request, reply) => reply.status(201).send(await createBrand(app.db, request, request.body)),
  )
  api.patch(
    '/brands/:id',
    { onRequest: staff, schema: { tags: brandTags, params, body: brandPatch, response: { 200: brand } } },
    async (request) => updateBrand(app.db, request, request.params.id, request.body),
  )
  api.delete(
    '/brands/:id',
    { onRequest: staff, schema: { tags: brandTags, params, response: { 200: deleted } } },
    async (request) => deleteBrand(app.db, request, request.params.id),
  )
}
