import type { FastifyRequest } from 'fastify'
import { messages } from '@shop/shared/messages/bs.ts'
import type { BrandPatch, BrandValues, CategoryPatch, CategoryValues } from '@shop/shared/schemas/taxonomy.ts'
import { recordAudit } from '../../platform/audit.ts'
import { bumpCatalogueVersion } from '../../platform/cache.ts'
import type { Database } from '../../platform/db.ts'
import { normaliseDatabaseError, notFound } from '../../platform/errors.ts'
import {
  deleteBrand as deleteBrandRow,
  deleteCategory as deleteCategoryRow,
  insertBrand,
  insertCategory,
  lockBrand,
  lockCategory,
  lockSlidesOfCategory,
  unlinkSlide,
  updateBrand as updateBrandRow,
  updateCategory as updateCategoryRow,
  type Brand,
  type Category,
} from './repo.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const categoryText = messages.admin.category
const brandText = messages.admin.brand

function withoutUndefined<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>
}

export async function createCategory(db: Database, request: FastifyRequest, input: CategoryValues): Promise<Category> {
  return db.transaction(async (client) => {
    const after = await insertCategory(client, input)
    await recordAudit(client, request, {
      action: 'create',
      entity: 'category',
      entityId: after.id,
      before: null,
      after,
    })
    await bumpCatalogueVersion(client)
    return after
  })
}

export async function updateCategory(
  db: Database,
  request: FastifyRequest,
  id: string,
  patch: CategoryPatch,
): Promise<Category> {
  return db.transaction(async (client) => {
    const before = UUID.test(id) ? await lockCategory(client, id) : null
    if (!before) throw notFound(categoryText.notFound, 'CATEGORY_NOT_FOUND')
    const merged = { name: before.name, description: before.description, ...withoutUndefined(patch) }
    const after = await updateCategoryRow(client, id, merged)
    await recordAudit(client, request, { action: 'update', entity: 'category', entityId: id, before, after })
    await bumpCatalogueVersion(client)
    return after
  })
}

/**
 * DELETE /api/categories/{id}. Products keep their category (products.category_id restricts the
 * delete), so a category in use answers 409 REFERENCE_ERROR and no product is orphaned. Slides
 * that linked to it lose the link, since the store page would no longer know the category.
 */
export async function deleteCategory(
  db: Database,
  request: FastifyRequest,
  id: string,
): Promise<{ id: string; message: string }> {
  try {
    return await db.transaction(async (client) => {
      const before = UUID.test(id) ? await lockCategory(client, id) : null
      if (!before) throw notFound(categoryText.notFound, 'CATEGORY_NOT_FOUND')
      for (const slide of await lockSlidesOfCategory(client, id)) {
        await unlinkSlide(client, slide.id)
        await recordAudit(client, request, {
          action: 'update',
          entity: 'slide',
          entityId: slide.id,
          before: { link: slide.link, categoryId: slide.category_id },
          after: { link: null, categoryId: null },
        })
      }
      await deleteCategoryRow(client, id)
      await recordAudit(client, request, { action: 'delete', entity: 'category', entityId: id, before, after: null })
      await bumpCatalogueVersion(client)
      return { id, message: categoryText.deleted }
    })
  } catch (error) {
    // PostgreSQL names the referencing table (products) in this error, which the normaliser
    // would read as 'the selected category does not exist'; only its code applies to a delete.
    if ((error as { code?: unknown }).code === '23503') throw normaliseDatabaseError({ code: '23503' }) ?? error
    throw error
  }
}

export async function createBrand(db: Database, request: FastifyRequest, input: BrandValues): Promise<Brand> {
  return db.transaction(async (client) => {
    const after = await insertBrand(client, input)
    await recordAudit(client, request, { action: 'create', entity: 'brand', entityId: after.id, before: null, after })
    await bumpCatalogueVersion(client)
    return after
  })
}

export async function updateBrand(
  db: Database,
  request: FastifyRequest,
  id: string,
  patch: BrandPatch,
): Promise<Brand> {
  return db.transaction(async (client) => {
    const before = UUID.test(id) ? await lockBrand(client, id) : null
    if (!before) throw notFound(brandText.notFound, 'BRAND_NOT_FOUND')
    const merged = {
      name: before.name,
      description: before.description,
      image_url: before.image_url,
      ...withoutUndefined(patch),
    }
    const after = await updateBrandRow(client, id, merged)
    await recordAudit(client, request, { action: 'update', entity: 'brand', entityId: id, before, after })
    await bumpCatalogueVersion(client)
    return after
  })
}

/** DELETE /api/brands/{id}: its products stay and lose the brand; the audit keeps which ones. */
export async function deleteBrand(
  db: Database,
  request: FastifyRequest,
  id: string,
): Promise<{ id: string; message: string }> {
  return db.transaction(async (client) => {
    const before = UUID.test(id) ? await lockBrand(client, id) : null
    if (!before) throw notFound(brandText.notFound, 'BRAND_NOT_FOUND')
    const productIds = await deleteBrandRow(client, id)
    await recordAudit(client, request, {
      action: 'delete',
      entity: 'brand',
      entityId: id,
      before: { ...before, productIds },
      after: null,
    })
    await bumpCatalogueVersion(client)
    return { id, message: brandText.deleted }
  })
}
