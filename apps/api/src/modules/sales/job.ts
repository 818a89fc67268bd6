import type { Database } from '../../platform/db.ts'
import { SYSTEM_ACTOR } from '../../platform/actor.ts'
import type { TimedJob } from '../../platform/scheduler.ts'
import { syncSale } from './service.ts'

// Sales start and end on their own at the saved dates, once across all API processes (docs/decisions.md).
/** The sale's timed job: runs syncSale and is next due at the sale's next start or end. */
export function saleTimedJob(db: Database, now: () => number): TimedJob {
  return {
    name: 'sale',
    async run() {
      const state = await syncSale(db, now(), SYSTEM_ACTOR)
      return state.nextTransitionAt === null ? null : Date.parse(state.nextTransitionAt)
    },
  }
}
