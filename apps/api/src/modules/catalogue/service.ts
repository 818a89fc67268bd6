import { staffWrite } from '../../platform/staff-write.ts'
import type { Actor } from '../../platform/actor.ts'
import { isUuid } from '@shop/shared/rules/uuid.ts'
import { messages } from '@shop/shared/messages/bs.ts'
import { pageCount, STORE_PAGE_SIZE } from '@shop/shared/rules/pagination.ts'
import { normaliseSearchQuery } from '@shop/shared/rules/search.ts'
import { DEFAULT_PRODUCT_SORT } from '@shop/shared/rules/sort.ts'
import type { CatalogueProduct, ProductListQuery, ProductListResponse } from '@shop/shared/schemas/catalogue.ts'
import { productForm, type ProductPatch, type ProductValues } from '@shop/shared/schemas/product-form.ts'
import type { BrandPatch, BrandValues, CategoryPatch, CategoryValues } from '@shop/shared/schemas/taxonomy.ts'
import { SerializedJson } from '../../platform/response-cache.ts'
import type { Database, Queryable } from '../../platform/db.ts'
import { notFound, badRequest, normaliseDatabaseError } from '../../platform/errors.ts'
import {
  findAllProducts,
  findBrands,
  findCategories,
  findProductByReference,
  findProductIdByReference,
  findProductPage,
  findRecommendations,
  deleteProduct as deleteProductRow,
  findProductById,
  insertProduct,
  listAdminProducts,
  lockProduct,
  replaceImages,
  replaceOptions,
  updateProduct as updateProductRow,
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
  type BrandRow,
  type CategoryRow,
  type AdminProduct,
  type StaffProduct,
  type Brand,
  type Category,
  findSaleProducts,
  type SaleProductRow,
} from './repo.ts'

// ---- Catalogue reads ----
/**
 * Who is reading: only wholesale, store_manager and admin users see wholesale prices
 * (customer-side.md §6). The repo turns this into product_catalogue_json(p, with_wholesale),
 * the one place where wholesale prices enter or stay out of a catalogue answer.
 */
export type Viewer = { canSeeWholesalePrices: boolean }

const productNotFound = () => notFound(messages.catalogue.productNotFound, 'PRODUCT_NOT_FOUND')

/**
 * One page of the store. Products and counts come from SQL as JSON text and are joined here
 * without being parsed: the list is the hottest uncached call of the shop.
 */
export async function listProducts(
  db: Database,
  query: ProductListQuery,
  viewer: Viewer,
): Promise<SerializedJson<ProductListResponse>> {
  const limit = query.limit ?? STORE_PAGE_SIZE
  const page = query.page ?? 1
  const result = await findProductPage(db, {
    search: query.search ? normaliseSearchQuery(query.search) : undefined,
    categoryId: query.category,
    brandId: query.brand,
    isFeaturedOnly: query.featured === 'true',
    sort: query.sort ?? DEFAULT_PRODUCT_SORT,
    limit,
    offset: (page - 1) * limit,
    withWholesale: viewer.canSeeWholesalePrices,
  })
  const pages = pageCount(result.total, limit)
  return new SerializedJson(
    `{"products":${result.productsJson},"total":${result.total},"page":${page},"pages":${pages},` +
      `"counts":{"categories":${result.categoriesJson},"brands":${result.brandsJson}}}`,
  )
}

/** GET /api/products without parameters: the plain array of every product (§7 clients accept it). */
export async function listAllProducts(db: Database, viewer: Viewer): Promise<SerializedJson<CatalogueProduct[]>> {
  return new SerializedJson(await findAllProducts(db, viewer.canSeeWholesalePrices))
}

async function resolveProduct(db: Database, reference: string): Promise<string> {
  const id = await findProductIdByReference(db, reference)
  if (!id) throw productNotFound()
  return id
}

/** One product by id or customId (the cart addresses products by customId). */
export async function getProduct(
  db: Database,
  reference: string,
  viewer: Viewer,
): Promise<SerializedJson<CatalogueProduct>> {
  const product = await findProductByReference(db, reference, viewer.canSeeWholesalePrices)
  if (!product) throw productNotFound()
  return new SerializedJson(product)
}

export async function getRecommendations(
  db: Database,
  reference: string,
  viewer: Viewer,
): Promise<SerializedJson<CatalogueProduct[]>> {
  return new SerializedJson(
    await findRecommendations(db, await resolveProduct(db, reference), viewer.canSeeWholesalePrices),
  )
}

/** Products on sale with the catalogue's product JSON and wholesale rule (the sales domain shapes them). */
export async function listSaleProductRows(db: Database, withWholesale: boolean): Promise<SaleProductRow[]> {
  return findSaleProducts(db, withWholesale)
}

export async function listCategories(db: Database): Promise<CategoryRow[]> {
  return findCategories(db)
}

export async function listBrands(db: Database): Promise<BrandRow[]> {
  return findBrands(db)
}

// ---- Products (staff) ----
const text = messages.admin.product
/** staff-and-content.md §9: 12 products per page in the admin catalogue. */
export const ADMIN_PAGE_SIZE = 12
const MAX_PAGE_SIZE = 100
const MAX_SEARCH_WORDS = 10

async function lockExisting(client: Queryable, id: string): Promise<StaffProduct> {
  if (!isUuid(id) || !(await lockProduct(client, id))) throw notFound(text.notFound, 'PRODUCT_NOT_FOUND')
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
export async function createProduct(db: Database, actor: Actor, product: ProductValues): Promise<StaffProduct> {
  return staffWrite(db, actor, 'public-reads', async ({ client, audit }) => {
    const id = await insertProduct(client, product)
    const after = await saveProductParts(client, id, product)
    await audit({ action: 'create', entity: 'product', entityId: id, before: null, after })
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
  actor: Actor,
  id: string,
  patch: ProductPatch,
): Promise<StaffProduct> {
  return staffWrite(db, actor, 'public-reads', async ({ client, audit }) => {
    const before = await lockExisting(client, id)
    const checked = productForm.safeParse(mergeProductPatch(before, patch))
    if (!checked.success) throw badRequest(checked.error.issues[0]?.message ?? messages.common.validationFailed)
    await updateProductRow(client, id, checked.data)
    const after = await saveProductParts(client, id, checked.data)
    await audit({ action: 'update', entity: 'product', entityId: id, before, after })
    return after
  })
}

/** DELETE /api/products/{id}. Orders keep their lines: order_items.product_id becomes null. */
export async function deleteProduct(db: Database, actor: Actor, id: string): Promise<{ id: string; message: string }> {
  return staffWrite(db, actor, 'public-reads', async ({ client, audit }) => {
    const before = await lockExisting(client, id)
    await deleteProductRow(client, id)
    await audit({ action: 'delete', entity: 'product', entityId: id, before, after: null })
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

// ---- Categories and brands (staff) ----
const categoryText = messages.admin.category
const brandText = messages.admin.brand

function withoutUndefined<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>
}

export async function createCategory(db: Database, actor: Actor, input: CategoryValues): Promise<Category> {
  return staffWrite(db, actor, 'public-reads', async ({ client, audit }) => {
    const after = await insertCategory(client, input)
    await audit({
      action: 'create',
      entity: 'category',
      entityId: after.id,
      before: null,
      after,
    })
    return after
  })
}

export async function updateCategory(db: Database, actor: Actor, id: string, patch: CategoryPatch): Promise<Category> {
  return staffWrite(db, actor, 'public-reads', async ({ client, audit }) => {
    const before = isUuid(id) ? await lockCategory(client, id) : null
    if (!before) throw notFound(categoryText.notFound, 'CATEGORY_NOT_FOUND')
    const merged = { name: before.name, description: before.description, ...withoutUndefined(patch) }
    const after = await updateCategoryRow(client, id, merged)
    await audit({ action: 'update', entity: 'category', entityId: id, before, after })
    return after
  })
}

/**
 * DELETE /api/categories/{id}. Products keep their category (products.category_id restricts the
 * delete), so a category in use answers 409 REFERENCE_ERROR and no product is orphaned. Slides
 * that linked to it lose the link, since the store page would no longer know the category.
 */
export async function deleteCategory(db: Database, actor: Actor, id: string): Promise<{ id: string; message: string }> {
  try {
    return await staffWrite(db, actor, 'public-reads', async ({ client, audit }) => {
      const before = isUuid(id) ? await lockCategory(client, id) : null
      if (!before) throw notFound(categoryText.notFound, 'CATEGORY_NOT_FOUND')
      for (const slide of await lockSlidesOfCategory(client, id)) {
        await unlinkSlide(client, slide.id)
        await audit({
          action: 'update',
          entity: 'slide',
          entityId: slide.id,
          before: { link: slide.link, categoryId: slide.category_id },
          after: { link: null, categoryId: null },
        })
      }
      await deleteCategoryRow(client, id)
      await audit({ action: 'delete', entity: 'category', entityId: id, before, after: null })
      return { id, message: categoryText.deleted }
    })
  } catch (error) {
    // PostgreSQL names the referencing table (products) in this error, which the normaliser
    // would read as 'the selected category does not exist'; only its code applies to a delete.
    if ((error as { code?: unknown }).code === '23503') throw normaliseDatabaseError({ code: '23503' }) ?? error
    throw error
  }
}

export async function createBrand(db: Database, actor: Actor, input: BrandValues): Promise<Brand> {
  return staffWrite(db, actor, 'public-reads', async ({ client, audit }) => {
    const after = await insertBrand(client, input)
    await audit({ action: 'create', entity: 'brand', entityId: after.id, before: null, after })
    return after
  })
}

export async function updateBrand(db: Database, actor: Actor, id: string, patch: BrandPatch): Promise<Brand> {
  return staffWrite(db, actor, 'public-reads', async ({ client, audit }) => {
    const before = isUuid(id) ? await lockBrand(client, id) : null
    if (!before) throw notFound(brandText.notFound, 'BRAND_NOT_FOUND')
    const merged = {
      name: before.name,
      description: before.description,
      image_url: before.image_url,
      ...withoutUndefined(patch),
    }
    const after = await updateBrandRow(client, id, merged)
    await audit({ action: 'update', entity: 'brand', entityId: id, before, after })
    return after
  })
}

/** DELETE /api/brands/{id}: its products stay and lose the brand; the audit keeps which ones. */
export async function deleteBrand(db: Database, actor: Actor, id: string): Promise<{ id: string; message: string }> {
  return staffWrite(db, actor, 'public-reads', async ({ client, audit }) => {
    const before = isUuid(id) ? await lockBrand(client, id) : null
    if (!before) throw notFound(brandText.notFound, 'BRAND_NOT_FOUND')
    const productIds = await deleteBrandRow(client, id)
    await audit({
      action: 'delete',
      entity: 'brand',
      entityId: id,
      before: { ...before, productIds },
      after: null,
    })
    return { id, message: brandText.deleted }
  })
}
