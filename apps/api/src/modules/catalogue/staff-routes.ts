import { actorOf } from '../../platform/actor.ts'
import { messages } from '@shop/shared/messages/bs.ts'
import { catalogueProduct, brand, category } from '@shop/shared/schemas/catalogue.ts'
import { productForm, productPatch } from '@shop/shared/schemas/product-form.ts'
import { hasNoNul, brandInput, brandPatch, categoryInput, categoryPatch } from '@shop/shared/schemas/taxonomy.ts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireRole } from '../../platform/auth.ts'
import { BODY_ERRORS, routeErrors } from '../../platform/error-handler.ts'
import type { ImageUpload } from '../../platform/image-upload.ts'
import { createStorage } from '../../platform/storage.ts'
import {
  createProduct,
  deleteProduct,
  findAdminProducts,
  updateProduct,
  createBrand,
  createCategory,
  deleteBrand,
  deleteCategory,
  updateBrand,
  updateCategory,
} from './service.ts'
import { imageUploadSchema, uploadImageHandler } from '../../platform/image-upload-route.ts'

// ---- Products (staff) ----
const tags = ['admin: products']
const params = z.object({ id: z.string().describe('Product id (UUID)') })
// Paging is forgiving: a missing or malformed number falls back to the first page of 12.
const listQuery = z.object({
  search: z
    .string()
    .max(200, messages.common.validationFailed)
    .refine(hasNoNul, messages.admin.invalidCharacters)
    .optional()
    .describe('Words matched against name, description, code, option codes and labels, ignoring accents'),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  limit: z.coerce.number().int().min(1).max(100).optional().catch(undefined),
})
// The same shape as the public GET /api/products/{id}, with the staff's wholesale price.
const staffProduct = catalogueProduct.extend({ wholesale_price: z.number().nullable() })
const adminProductPage = z.object({
  products: z.array(staffProduct.extend({ isOutOfStock: z.boolean() })),
  total: z.number(),
  page: z.number(),
  pages: z.number(),
  limit: z.number(),
})
const deleted = z.object({ id: z.string(), message: z.string() })

const PRODUCT_IMAGE: ImageUpload = { folder: 'products', wording: 'product', noImage: messages.admin.product.noImage }

// The role check runs on onRequest, before the body is read or validated: a visitor learns
// nothing about the payload rules and uploads are never parsed for them.
/** Staff writes of the catalogue (staff-and-content.md §7 Products); the public reads are modules/catalogue. */
export async function productStaffRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const staff = requireRole('store_manager', 'admin')
  const storage = createStorage(app.config)

  api.get(
    '/admin/products',
    {
      onRequest: staff,
      schema: { tags, querystring: listQuery, response: { 200: adminProductPage, ...routeErrors() } },
    },
    async (request) => findAdminProducts(app.db, request.query),
  )

  api.post(
    '/products',
    // 409 DUPLICATE_ERROR (custom id taken) or REFERENCE_ERROR (no such category), from the database.
    {
      onRequest: staff,
      schema: { tags, body: productForm, response: { 201: staffProduct, ...routeErrors(409, ...BODY_ERRORS) } },
    },
    async (request, reply) => reply.status(201).send(await createProduct(app.db, actorOf(request), request.body)),
  )

  api.patch(
    '/products/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        params,
        body: productPatch,
        response: { 200: staffProduct, ...routeErrors(404, 409, ...BODY_ERRORS) },
      },
    },
    async (request) => updateProduct(app.db, actorOf(request), request.params.id, request.body),
  )

  api.delete(
    '/products/:id',
    { onRequest: staff, schema: { tags, params, response: { 200: deleted, ...routeErrors(404) } } },
    async (request) => deleteProduct(app.db, actorOf(request), request.params.id),
  )

  api.post(
    '/products/images',
    {
      onRequest: staff,
      schema: imageUploadSchema(tags, "Multipart field 'image': JPEG, PNG or WebP (judged by content), at most 10 MB"),
    },
    uploadImageHandler(app.db, storage, PRODUCT_IMAGE),
  )
}

// ---- Categories and brands (staff) ----
const idParams = z.object({ id: z.string().describe('Id (UUID)') })

/**
 * Staff writes of categories and brands (staff-and-content.md §7); the public lists are
 * modules/catalogue. The role check runs on onRequest, before the body is read.
 */
export async function categoryAndBrandStaffRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const staff = requireRole('store_manager', 'admin')
  const categoryTags = ['admin: categories']
  const brandTags = ['admin: brands']

  api.post(
    '/categories',
    {
      onRequest: staff,
      schema: {
        tags: categoryTags,
        body: categoryInput,
        response: { 201: category, ...routeErrors(409, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => reply.status(201).send(await createCategory(app.db, actorOf(request), request.body)),
  )
  api.patch(
    '/categories/:id',
    {
      onRequest: staff,
      schema: {
        tags: categoryTags,
        params: idParams,
        body: categoryPatch,
        response: { 200: category, ...routeErrors(404, 409, ...BODY_ERRORS) },
      },
    },
    async (request) => updateCategory(app.db, actorOf(request), request.params.id, request.body),
  )
  api.delete(
    '/categories/:id',
    // 409 REFERENCE_ERROR while products still belong to the category.
    {
      onRequest: staff,
      schema: { tags: categoryTags, params: idParams, response: { 200: deleted, ...routeErrors(404, 409) } },
    },
    async (request) => deleteCategory(app.db, actorOf(request), request.params.id),
  )

  api.post(
    '/brands',
    {
      onRequest: staff,
      schema: { tags: brandTags, body: brandInput, response: { 201: brand, ...routeErrors(409, ...BODY_ERRORS) } },
    },
    async (request, reply) => reply.status(201).send(await createBrand(app.db, actorOf(request), request.body)),
  )
  api.patch(
    '/brands/:id',
    {
      onRequest: staff,
      schema: {
        tags: brandTags,
        params: idParams,
        body: brandPatch,
        response: { 200: brand, ...routeErrors(404, 409, ...BODY_ERRORS) },
      },
    },
    async (request) => updateBrand(app.db, actorOf(request), request.params.id, request.body),
  )
  api.delete(
    '/brands/:id',
    {
      onRequest: staff,
      schema: { tags: brandTags, params: idParams, response: { 200: deleted, ...routeErrors(404) } },
    },
    async (request) => deleteBrand(app.db, actorOf(request), request.params.id),
  )
}

/** Every staff route of the catalogue: products, categories and brands. */
export async function catalogueStaffRoutes(app: FastifyInstance) {
  await app.register(productStaffRoutes)
  await app.register(categoryAndBrandStaffRoutes)
}
