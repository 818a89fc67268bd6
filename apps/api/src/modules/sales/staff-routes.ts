import { actorOf } from '../../platform/actor.ts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { versionOnly } from '@shop/shared/schemas/record-version.ts'
import { saleConfig, saleProduct } from '@shop/shared/schemas/catalogue.ts'
import { saleConfigInput, saleProductInput } from '@shop/shared/schemas/admin-sales.ts'
import { STAFF_ROLES } from '@shop/shared/rules/roles.ts'
import { BODY_ERRORS } from '../../platform/error-handler.ts'
import { staffRoute } from '../../platform/staff-route.ts'
import { idParams } from '../../platform/route-schemas.ts'
import { wakeScheduler } from '../../platform/scheduler.ts'
import {
  addSaleProduct,
  applyDiscounts,
  checkSaleStatus,
  removeSaleProduct,
  restorePrices,
  saveSaleConfig,
} from './service.ts'

const params = idParams('Sale entry id or product id (UUID)')
const saleState = z.object({
  status: z.enum(['inactive', 'scheduled', 'active', 'ended']),
  isApplied: z.boolean(),
  changed: z.enum(['applied', 'restored']).nullable(),
  nextTransitionAt: z.string().nullable(),
})
const priceAction = z.object({
  message: z.string(),
  products: z.number(),
  isApplied: z.boolean(),
  /** Products whose sale price applying held at their floor (docs/decisions.md, 'Money rules'). */
  heldAtFloor: z.array(z.string()).optional(),
})

/**
 * Sales admin (staff-and-content.md §2 Sales admin, §7 Sales) for store managers and admins. The
 * public reads (GET /api/sales/config, /api/sales/products) are modules/content. Each change that
 * can move the sale's next start or end wakes this process's timed job (platform/scheduler.ts).
 */
export async function saleStaffRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const route = staffRoute({ roles: STAFF_ROLES, tags: ['admin: sales'] })
  const wake = () => wakeScheduler(app.db)

  api.put(
    '/sales/config',
    route(
      {
        body: z.intersection(saleConfigInput, versionOnly),
        response: { 200: saleConfig.extend({ message: z.string() }) },
      },
      409,
      ...BODY_ERRORS,
    ),
    async (request) => {
      const saved = await saveSaleConfig(app.db, actorOf(request), request.body)
      wake()
      return saved
    },
  )
  api.post('/sales/check-status', route({ response: { 200: saleConfig.extend(saleState.shape) } }), async (request) => {
    const state = await checkSaleStatus(app.db, actorOf(request), app.now())
    wake()
    return state
  })
  api.post(
    '/sales/products',
    route(
      {
        body: saleProductInput,
        // 400 DISCOUNT_OUT_OF_RANGE or PRICE_NOT_BELOW_ORIGINAL, 404 PRODUCT_NOT_FOUND, 409 ALREADY_ON_SALE.
        response: { 201: z.object({ message: z.string(), product: saleProduct.optional() }) },
      },
      404,
      409,
      ...BODY_ERRORS,
    ),
    async (request, reply) => reply.status(201).send(await addSaleProduct(app.db, actorOf(request), request.body)),
  )
  api.delete(
    '/sales/products/:id',
    route({ params, response: { 200: z.object({ message: z.string(), id: z.string(), productId: z.string() }) } }, 404),
    async (request) => removeSaleProduct(app.db, actorOf(request), request.params.id),
  )
  api.post(
    '/sales/apply-discounts',
    // 409 SALE_NOT_ACTIVE outside the sale's window.
    route({ response: { 200: priceAction } }, 409),
    async (request) => applyDiscounts(app.db, actorOf(request), app.now()),
  )
  api.post('/sales/restore-prices', route({ response: { 200: priceAction } }), async (request) =>
    restorePrices(app.db, actorOf(request)),
  )
}
