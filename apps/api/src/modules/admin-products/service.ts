import type { FastifyRequest } from 'fastify'
import { messages } from '@shop/shared/messages/bs.ts'
import { productForm, type ProductPatch, type ProductValues } from '@shop/shared/schemas/product-form.ts'
import { recordAudit } from '../../platform/audit.ts'
import { bumpCatalogueVersion } from '../../platform/cache.ts'
import type { Database, Queryable } from '../../platform/db.ts'
import { badRequest, notFound } from '../../platform/errors.ts'
import {
  deleteProduct as deleteProductRow,
  findProductById,
  insertProduct,
  listAdminProducts,
  lockProduct,
  replaceImages,
  replaceOptions,
  updateProduct as updateProductRow,
  type AdminProduct,
  type StaffProduct,
} from './repo.ts'

const text = messages.admin.product
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** staff-and-content.md §9: 12 products per page in the admin catalogue. */
export const ADMIN_PAGE_SIZE = 12
const MAX_PAGE_SIZE = 100
const MAX_SEARCH_WORDS = 10

async function lockExisting(client: Queryable, id: string): Promise<StaffProduct> {
  if (!UUID.test(id) || !(await lockProduct(client, id))) throw notFound(text.notFound, 'PRODUCT_NOT_FOUND')
  const product = await findProductById(client, id)
  if (!product) throw notFound(text.notFound, 'PRODUCT_NOT_FOUND')
  return product
}

async function saveProductParts(client: Queryable, id: string, product: ProductValues): Promise<StaffProduct> {
  await replaceImages(client, id, product.images)
  await replaceOptions(client, id, product.size_stock)
  const saved = await findProductById(client, id)
  if (!saved) throw notFound(text.notFound, 'PRODUCT_NOT_FOUND')
  return saved
}

/** POST /api/products. A taken customId fails on the unique index: 409 DUPLICATE_ERROR (normaliser). */
export async function createProduct(
  db: Database,
  request: FastifyRequest,
  product: ProductValues,
): Promise<StaffProduct> {
  return db.transaction(async (client) => {
    const id = await insertProduct(client, product)
    const after = await saveProductParts(client, id, product)
    await recordAudit(client, request, { action: 'create', entity: 'product', entityId: id, before: null, after })
    await bumpCatalogueVersion(client)
    return after
  })
}

/**
 * The saved product merged with a PATCH body. Options follow what was sent: size_stock alone
 * is the whole list of options; sizes alone keeps the saved entries of the labels it names.
 */
export function mergeProductPatch(saved: StaffProduct, patch: ProductPatch): Record<string, unknown> {
  const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined))
  const merged: Record<string, unknown> = {
    customId: saved.customId,
    name: saved.name,
    description: saved.description,
    short_description: saved.short_description,
    price: saved.price,
    discount_price: saved.discount_price,
    wholesale_price: saved.wholesale_price,
    categoryId: saved.categoryId,
    brandId: saved.brandId,
    images: saved.images,
    stock: saved.stock,
    infinite_stock: saved.infinite_stock,
    has_sizes: saved.has_sizes,
    sizes: saved.sizes,
    size_stock: saved.size_stock,
    featured: saved.featured,
    recommended: saved.recommended,
    specifications: saved.specifications,
    ...changes,
  }
  if (patch.size_stock !== undefined && patch.sizes === undefined) merged.sizes = []
  if (patch.sizes !== undefined && patch.size_stock === undefined) {
    const kept = new Set(patch.sizes.map((size) => size.toLowerCase()))
    merged.size_stock = saved.size_stock.filter((option) => kept.has(option.size.toLowerCase()))
  }
  return merged
}

/**
 * PATCH /api/products/{id}: the changed fields over the saved product, checked as a whole by the
 * form's schema; options and images are replaced in the same transaction as the product.
 */
export async function updateProduct(
  db: Database,
  request: FastifyRequest,
  id: string,
  patch: ProductPatch,
): Promise<StaffProduct> {
  return db.transaction(async (client) => {
    const before = await lockExisting(client, id)
    const checked = productForm.safeParse(mergeProductPatch(before, patch))
    if (!checked.success) throw badRequest(checked.error.issues[0]?.message ?? messages.common.validationFailed)
    await updateProductRow(client, id, checked.data)
    const after = await saveProductParts(client, id, checked.data)
    await recordAudit(client, request, { action: 'update', entity: 'product', entityId: id, before, after })
    await bumpCatalogueVersion(client)
    return after
  })
}

/** DELETE /api/products/{id}. Orders keep their lines: order_items.product_id becomes null. */
export async function deleteProduct(
  db: Database,
  request: FastifyRequest,
  id: string,
): Promise<{ id: string; message: string }> {
  return db.transaction(async (client) => {
    const before = await lockExisting(client, id)
    await deleteProductRow(client, id)
    await recordAudit(client, request, { action: 'delete', entity: 'product', entityId: id, before, after: null })
    await bumpCatalogueVersion(client)
    return { id, message: text.deleted }
  })
}

export type AdminProductPage = { products: AdminProduct[]; total: number; page: number; pages: number; limit: number }

/** GET /api/admin/products: the staff list, searched and paged on the server. */
export async function findAdminProducts(
  db: Database,
  query: { search?: string | undefined; page?: number | undefined; limit?: number | undefined },
): Promise<AdminProductPage> {
  const limit = Math.min(Math.max(query.limit ?? ADMIN_PAGE_SIZE, 1), MAX_PAGE_SIZE)
  const page = Math.max(query.page ?? 1, 1)
  const words = (query.search ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS)
  const { products, total } = await listAdminProducts(db, { words, limit, offset: (page - 1) * limit })
  return { products, total, page, pages: Math.max(1, Math.ceil(total / limit)), limit }
}
