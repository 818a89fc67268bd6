import type { Queryable } from '../../platform/db.ts'
import { applySalePrices, findSaleAppliedProducts, lockSaleConfig, restoreSalePrices } from './repo.ts'

/** A staff price write beside a running sale: the sale's prices set aside before it, written again after it. */
export type SaleBesidePriceEdit = {
  /** Gives back these products' own prices where the running sale wrote its own (nothing when it runs on none). */
  setAside(productIds: readonly string[]): Promise<void>
  /** Writes the sale's prices again, on the new prices, into the products set aside. */
  writeAgain(): Promise<void>
}

/**
 * docs/decisions.md 'A staff price change beside a running sale': a bulk price change works on the products'
 * own prices, so the sale's discount stays the sale's (recomputed on the new price) and its end gives back
 * the new own price, never a sale price taken for a manual one. Takes the sale's lock first, in the order the
 * sale's timed job takes its locks (sale, then products), so the two never wait for each other in a circle.
 */
export async function lockSaleBesidePriceEdit(client: Queryable): Promise<SaleBesidePriceEdit> {
  await lockSaleConfig(client)
  let aside: string[] = []
  return {
    async setAside(productIds) {
      aside = productIds.length === 0 ? [] : await findSaleAppliedProducts(client, productIds)
      if (aside.length > 0) await restoreSalePrices(client, aside)
    },
    async writeAgain() {
      if (aside.length > 0) await applySalePrices(client, aside)
      aside = []
    },
  }
}
