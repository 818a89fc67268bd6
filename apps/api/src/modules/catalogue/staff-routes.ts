import { waitingStockAlerts } from '@shop/shared/schemas/stock-alerts.ts'
import { actorOf } from '../../platform/actor.ts'
import { messages } from '@shop/shared/messages/bs.ts'
import { STAFF_ROLES } from '@shop/shared/rules/roles.ts'
import { catalogueProduct, brand, category } from '@shop/shared/schemas/catalogue.ts'
import { productForm, productPatch } from '@shop/shared/schemas/product-form.ts'
import { recordVersion, withVersion } from '@shop/shared/schemas/record-version.ts'
import { hasNoNul, brandInput, brandPatch, categoryInput, categoryPatch } from '@shop/shared/schemas/taxonomy.ts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BODY_ERRORS } from '../../platform/error-handler.ts'
import { sendAttachment, staffRecordRoutes, staffRoute } from '../../platform/staff-route.ts'
import type { ImageUpload } from '../../platform/image-upload.ts'
import { createStorage } from '../../platform/storage.ts'
import {
  createProduct,
  deleteProduct,
  findAdminProducts,
  findStaffProduct,
  findProductsWithoutWeight,
  updateProduct,
  createBrand,
  createCategory,
  deleteBrand,
  deleteCategory,
  updateBrand,
  updateCategory,
  correctStock,
  getStockLedger,
  stockLedgerCsv,
  changeCataloguePrices,
  exportCatalogue,
  importCatalogue,
} from './service.ts'
import { stockCorrectionInput, stockLedgerPage, stockLedgerQuery } from '@shop/shared/schemas/stock-ledger.ts'
import { imageUploadSchema, uploadImageHandler } from '../../platform/image-upload-route.ts'
import {
  catalogueExportQuery,
  catalogueImportQuery,
  importReport,
  priceChangeInput,
  priceChangeResult,
} from '@shop/shared/schemas/catalogue-io.ts'
import type { FastifyRequest } from 'fastify'
import { AppError, badRequest } from '../../platform/errors.ts'
import { idParams } from '../../platform/route-schemas.ts'

// ---- Products (staff) ----
const tags = ['admin: products']
const params = idParams('Product id (UUID)')
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
// The same shape as the public GET /api/products/{id}, with the staff's wholesale price, the price floor
// and the daily cap per buyer (docs/decisions.md, 'Money rules' and 'Order limits and suspicious orders').
const staffProduct = catalogueProduct.extend({
  wholesale_price: z.number().nullable(),
  price_floor: z.number().nullable(),
  max_per_buyer_per_day: z.number().nullable(),
  // docs/decisions.md, 'Sale price in the product form': set while discount_price is the applied sale's
  // (lower than the product's own); own_discount_price is the product's own, shown again at the sale's end.
  sale_discount: z.object({ own_discount_price: z.number().nullable() }).nullable(),
  version: recordVersion,
})
const adminProductPage = z.object({
  products: z.array(
    // docs/decisions.md ('Back-in-stock alerts'): confirmed back-in-stock alerts still waiting, in all and per option label.
    staffProduct.extend({ isOutOfStock: z.boolean(), waitingAlerts: waitingStockAlerts }),
  ),
  total: z.number(),
  page: z.number(),
  pages: z.number(),
  limit: z.number(),
})
// docs/decisions.md, 'Product weights and shipping by weight': the products a parcel cannot be weighed with.
const productsWithoutWeight = z.object({
  count: z.number(),
  products: z.array(z.object({ id: z.string(), customId: z.string(), name: z.string() })),
})

const PRODUCT_IMAGE: ImageUpload = { folder: 'products', wording: 'product', noImage: messages.admin.product.noImage }

// The role check runs on onRequest, before the body is read or validated: a visitor learns
// nothing about the payload rules and uploads are never parsed for them.
/** Staff writes of the catalogue (staff-and-content.md §7 Products); the public reads are modules/catalogue. */
export async function productStaffRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const route = staffRoute({ roles: STAFF_ROLES, tags })
  const storage = createStorage(app.config)

  api.get('/admin/products', route({ querystring: listQuery, response: { 200: adminProductPage } }), async (request) =>
    findAdminProducts(app.db, request.query),
  )

  // docs/decisions.md ('Edits that never overwrite each other'): the product form's 'Učitaj najnovije' reads the product as saved now.
  api.get('/admin/products/:id', route({ params, response: { 200: staffProduct } }, 404), async (request) =>
    findStaffProduct(app.db, request.params.id),
  )

  api.get('/admin/products/without-weight', route({ response: { 200: productsWithoutWeight } }), async () =>
    findProductsWithoutWeight(app.db),
  )

  staffRecordRoutes(app, route, '/products', {
    params,
    answer: staffProduct,
    // 409 DUPLICATE_ERROR (custom id taken) or REFERENCE_ERROR (no such category), from the database.
    create: { body: productForm, service: createProduct },
    change: {
      method: 'patch',
      body: withVersion(productPatch),
      description: 'Only the fields the editor changed, with the version the form was opened with.',
      service: updateProduct,
    },
    remove: { service: deleteProduct },
  })

  // docs/decisions.md, 'Stock ledger': every change of the product's stock, and staff corrections.
  api.get(
    '/products/:id/stock-ledger',
    route(
      {
        params,
        querystring: stockLedgerQuery,
        description:
          "The product's stock history, newest first, paged; with format=csv the whole filtered history as " +
          'CSV (UTF-8 with BOM, ";" between cells, CRLF).',
        response: { 200: z.union([stockLedgerPage, z.string().describe('text/csv')]) },
      },
      404,
    ),
    async (request, reply) => {
      if (request.query.format !== 'csv') return getStockLedger(app.db, request.params.id, request.query)
      const { fileName, body } = await stockLedgerCsv(app.db, request.params.id, request.query)
      return sendAttachment(reply, { contentType: 'text/csv; charset=utf-8', fileName }, body)
    },
  )

  api.post(
    '/products/:id/stock-corrections',
    route(
      {
        params,
        body: stockCorrectionInput,
        response: {
          200: z.object({ message: z.string(), optionCode: z.string().nullable(), resultingStock: z.number() }),
        },
      },
      404,
      409,
      ...BODY_ERRORS,
    ),
    async (request) => correctStock(app.db, actorOf(request), request.params.id, request.body),
  )

  api.post(
    '/products/images',
    {
      onRequest: route.guard,
      schema: imageUploadSchema(tags, "Multipart field 'image': JPEG, PNG or WebP (judged by content), at most 10 MB"),
    },
    uploadImageHandler(app.db, storage, PRODUCT_IMAGE),
  )
}

// ---- Categories and brands (staff) ----
const recordParams = idParams('Id (UUID)')

/**
 * Staff writes of categories and brands (staff-and-content.md §7); the public lists are
 * modules/catalogue. The role check runs on onRequest, before the body is read.
 */
export async function categoryAndBrandStaffRoutes(app: FastifyInstance) {
  const categoryRoute = staffRoute({ roles: STAFF_ROLES, tags: ['admin: categories'] })
  const brandRoute = staffRoute({ roles: STAFF_ROLES, tags: ['admin: brands'] })

  staffRecordRoutes(app, categoryRoute, '/categories', {
    params: recordParams,
    answer: category,
    create: { body: categoryInput, service: createCategory },
    change: { method: 'patch', body: withVersion(categoryPatch), service: updateCategory },
    // 409 REFERENCE_ERROR while products still belong to the category.
    remove: { service: deleteCategory, errors: [409] },
  })
  staffRecordRoutes(app, brandRoute, '/brands', {
    params: recordParams,
    answer: brand,
    create: { body: brandInput, service: createBrand },
    change: { method: 'patch', body: withVersion(brandPatch), service: updateBrand },
    remove: { service: deleteBrand },
  })
}

// ---- Catalogue in a spreadsheet (staff) ----
const ioText = messages.catalogueIo

/** The one file of the import form (any field name); 413 past the upload limit (10 MB). */
async function readSpreadsheetPart(request: FastifyRequest): Promise<{ content: Buffer; fileName: string }> {
  let received: { content: Buffer; fileName: string } | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') continue
      if (received) {
        part.file.resume()
        continue
      }
      const content = await part.toBuffer()
      if (part.file.truncated) throw new AppError(413, 'SPREADSHEET_TOO_LARGE', ioText.fileUnreadable)
      received = { content, fileName: part.filename.replace(/[^\p{L}\p{N}._ -]/gu, '').slice(0, 100) || 'datoteka' }
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'SPREADSHEET_TOO_LARGE', ioText.fileUnreadable)
    }
    throw badRequest(ioText.fileRequired, 'MALFORMED_UPLOAD')
  }
  if (!received || received.content.length === 0) throw badRequest(ioText.fileRequired, 'SPREADSHEET_REQUIRED')
  return received
}

/** docs/decisions.md, 'Catalogue in a spreadsheet': export, import and the bulk price change. */
export async function catalogueSpreadsheetRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const route = staffRoute({ roles: STAFF_ROLES, tags })

  api.get(
    '/products/export',
    route({
      querystring: catalogueExportQuery,
      description:
        'Every product, one row per option. CSV: UTF-8 with BOM, ";" between cells, decimal comma, CRLF; or XLSX.',
      response: { 200: z.any().describe('The table (text/csv or XLSX)') },
    }),
    async (request, reply) => {
      const file = exportCatalogue(app.db, request.query.format, new Date(app.now()))
      return sendAttachment(reply, file, file.stream)
    },
  )

  api.post(
    '/products/import',
    route(
      {
        consumes: ['multipart/form-data'],
        querystring: catalogueImportQuery,
        description:
          "A CSV or XLSX file with the export's columns. dryRun=true (default) reports every error by row and column " +
          'and the counts, writing nothing; dryRun=false writes all rows in one transaction, or none when a row is bad ' +
          '(onlyValid=true writes the valid rows). mode=update changes only prices and stock of existing codes.',
        response: { 200: importReport },
      },
      ...BODY_ERRORS,
    ),
    async (request) => {
      const file = await readSpreadsheetPart(request)
      return importCatalogue(app.db, actorOf(request), file.content, {
        mode: request.query.mode,
        dryRun: request.query.dryRun === 'true',
        onlyValid: request.query.onlyValid === 'true',
        fileName: file.fileName,
      })
    },
  )

  api.post(
    '/products/price-change',
    route({ body: priceChangeInput, response: { 200: priceChangeResult } }, ...BODY_ERRORS),
    async (request) => changeCataloguePrices(app.db, actorOf(request), request.body),
  )
}

/** Every staff route of the catalogue: products, categories and brands. */
export async function catalogueStaffRoutes(app: FastifyInstance) {
  await app.register(productStaffRoutes)
  await app.register(catalogueSpreadsheetRoutes)
  await app.register(categoryAndBrandStaffRoutes)
}
