import {
  buyerIdentifiersOf,
  dailyCapMessage,
  dailyCapOf,
  findDailyCapViolation,
} from '@shop/shared/rules/buyer-daily-cap.ts'
import type { OrderLimitSettings } from '@shop/shared/rules/order-limits.ts'
import type { Queryable } from '../../platform/db.ts'
import { AppError } from '../../platform/errors.ts'
import { countBuyerPiecesToday, findProductDailyCaps, lockBuyerIdentifiers } from './repo.ts'

// docs/decisions.md, 'Order limits and suspicious orders': the daily cap of one product per buyer, across
// orders. Called inside the order's transaction, after its rows are locked and before it is stored.

export type BuyerCapCheck = {
  /** Each product of the order (its options together) and the pieces of it. */
  lines: readonly { productId: string; name: string; quantity: number }[]
  settings: OrderLimitSettings
  clientAddress: string | null
  email: string
  phone: string | null | undefined
}

/** Refuses the order (422 ORDER_LIMIT_EXCEEDED) when it would take a product past its daily cap for this buyer. */
export async function assertBuyerDailyCaps(client: Queryable, check: BuyerCapCheck): Promise<void> {
  const pieces = new Map<string, { name: string; quantity: number }>()
  for (const line of check.lines) {
    const seen = pieces.get(line.productId)
    pieces.set(line.productId, { name: line.name, quantity: (seen?.quantity ?? 0) + line.quantity })
  }
  const productIds = [...pieces.keys()]
  const ownCaps = await findProductDailyCaps(client, productIds)
  const capped = productIds.filter(
    (id) => dailyCapOf(ownCaps.get(id), check.settings.maxPerProductPerBuyerPerDay) !== null,
  )
  if (capped.length === 0) return

  const buyer = buyerIdentifiersOf({ address: check.clientAddress, email: check.email, phone: check.phone })
  const keys = [
    buyer.address && `address:${buyer.address}`,
    buyer.email && `email:${buyer.email}`,
    buyer.phone && `phone:${buyer.phone}`,
  ].filter((key): key is string => Boolean(key))
  await lockBuyerIdentifiers(client, keys)
  const orderedToday = await countBuyerPiecesToday(client, capped, buyer)
  const violation = findDailyCapViolation(
    capped.map((id) => ({
      name: pieces.get(id)!.name,
      quantity: pieces.get(id)!.quantity,
      orderedToday: orderedToday.get(id) ?? 0,
      cap: dailyCapOf(ownCaps.get(id), check.settings.maxPerProductPerBuyerPerDay),
    })),
  )
  if (violation) throw new AppError(422, 'ORDER_LIMIT_EXCEEDED', dailyCapMessage(violation))
}
