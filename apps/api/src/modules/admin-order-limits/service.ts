import type { FastifyRequest } from 'fastify'
import type { OrderLimitSettings } from '@shop/shared/rules/order-limits.ts'
import type { OrderLimitSettingsView } from '@shop/shared/schemas/order-limits.ts'
import { recordAudit } from '../../platform/audit.ts'
import type { Config } from '../../platform/config.ts'
import type { Database } from '../../platform/db.ts'
import { findOrderLimitSettings } from '../orders/repo.ts'
import { lockOrderLimitSettings, saveOrderLimitSettings } from './repo.ts'

function toView(settings: OrderLimitSettings, config: Config): OrderLimitSettingsView {
  return { ...settings, addressLimitFromEnvironment: config.ordersPerAddressPerHour ?? null }
}

/** GET /api/settings/order-limits (staff): the limits as POST /api/orders applies them. */
export async function getOrderLimitSettings(db: Database, config: Config): Promise<OrderLimitSettingsView> {
  return toView(await findOrderLimitSettings(db), config)
}

/**
 * PUT /api/settings/order-limits (staff): the whole object replaces the stored one and applies to
 * the next order in every API process (each order reads it). One audit line with before and after.
 */
export async function updateOrderLimitSettings(
  db: Database,
  config: Config,
  request: FastifyRequest,
  input: OrderLimitSettings,
): Promise<OrderLimitSettingsView> {
  await db.transaction(async (client) => {
    const before = await lockOrderLimitSettings(client)
    await saveOrderLimitSettings(client, input)
    await recordAudit(client, request, {
      action: before === undefined ? 'create' : 'update',
      entity: 'settings',
      entityId: 'order_limits',
      before: before ?? null,
      after: input,
    })
  })
  return getOrderLimitSettings(db, config)
}
