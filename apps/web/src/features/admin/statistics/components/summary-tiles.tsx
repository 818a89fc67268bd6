import { adminStatistics } from '@shop/shared/messages/bs/admin-statistics.ts'
import type { StatisticsView } from '@shop/shared/schemas/admin-statistics.ts'
import { formatPrice } from '../../../../ui/format-price.ts'
import { formatCount } from './format-count.ts'

const text = adminStatistics

/** staff-and-content.md §2 and §9: total orders, total items (sum of quantities), revenue. */
export function SummaryTiles({ totals }: { totals: StatisticsView['totals'] }) {
  const tiles = [
    { label: text.totalOrders, value: formatCount(totals.totalOrders), note: undefined },
    { label: text.totalItems, value: formatCount(totals.totalItems), note: undefined },
    { label: text.revenue, value: formatPrice(totals.revenue), note: text.revenueNote },
  ]
  return (
    <dl className="statistics-tiles">
      {tiles.map((tile) => (
        <div key={tile.label} className="ui-card statistics-tile">
          <dt className="statistics-tile__label">{tile.label}</dt>
          <dd className="statistics-tile__value">{tile.value}</dd>
          {tile.note && <dd className="statistics-tile__note">{tile.note}</dd>}
        </div>
      ))}
    </dl>
  )
}
